-- Issue 40, wali kelas and parents: the parent role (4), parents linked to their children
-- (at most three per child), pairing codes a student makes, the wali kelas's messages to a
-- child's parents, and the weekly summary sent once per parent per week.

ALTER TABLE "users" DROP CONSTRAINT "users_role_ck";
ALTER TABLE "users" ADD CONSTRAINT "users_role_ck" CHECK ("role_id" IN (1, 2, 3, 4));

-- A parent's own record: NIK from Dapodik (siblings' rows name the same parent), when they read
-- what the school keeps (UU PDP), whether they want the weekly summary by e-mail.
CREATE TABLE "parents" (
  "user_id" integer PRIMARY KEY REFERENCES "users" ("id") ON DELETE CASCADE,
  "nik" varchar(16),
  "privacy_accepted_at" timestamp with time zone,
  "weekly_summary_email" boolean NOT NULL DEFAULT true
);
CREATE UNIQUE INDEX "parents_nik_uq" ON "parents" ("nik") WHERE "nik" IS NOT NULL;

-- Parent ↔ child. Their history (linked, unlinked, by whom) is in the audit log.
CREATE TABLE "parent_links" (
  "id" serial PRIMARY KEY,
  "parent_id" integer NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
  "student_id" integer NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
  "relation" varchar(10) NOT NULL CHECK ("relation" IN ('ayah', 'ibu', 'wali')),
  "source" varchar(10) NOT NULL CHECK ("source" IN ('import', 'homeroom', 'pairing', 'admin')),
  "created_by" integer REFERENCES "users" ("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX "parent_links_pair_uq" ON "parent_links" ("parent_id", "student_id");
CREATE INDEX "parent_links_student_idx" ON "parent_links" ("student_id");

-- A code a student makes for a parent: 7 days, one use; only its SHA-256 is kept.
CREATE TABLE "pairing_codes" (
  "id" serial PRIMARY KEY,
  "student_id" integer NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
  "code_hash" varchar(64) NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "used_at" timestamp with time zone,
  "used_by" integer REFERENCES "users" ("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX "pairing_codes_hash_uq" ON "pairing_codes" ("code_hash");
CREATE INDEX "pairing_codes_student_idx" ON "pairing_codes" ("student_id");

-- The wali kelas's in-app message to a child's parents.
CREATE TABLE "parent_messages" (
  "id" serial PRIMARY KEY,
  "student_id" integer NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
  "sender_id" integer REFERENCES "users" ("id") ON DELETE SET NULL,
  "body" text NOT NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);
CREATE INDEX "parent_messages_student_idx" ON "parent_messages" ("student_id", "created_at" DESC);

-- The weekly summary: one row per parent per week (WIB Monday), written once whatever the number
-- of runs; the e-mail is claimed (email_claimed_at) before it is sent, so no parent gets two.
CREATE TABLE "parent_summaries" (
  "id" serial PRIMARY KEY,
  "parent_id" integer NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
  "week_start" date NOT NULL,
  "body" jsonb NOT NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "email_claimed_at" timestamp with time zone,
  "emailed_at" timestamp with time zone
);
CREATE UNIQUE INDEX "parent_summaries_week_uq" ON "parent_summaries" ("parent_id", "week_start");
