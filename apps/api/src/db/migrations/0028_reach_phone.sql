-- Issue 42, reach the phone: Web Push subscriptions and their deliveries, each user's
-- notification settings (per kind group and channel, quiet hours), the secret calendar feed,
-- and what the quieter bell needs (when an item was announced, a reminder's due time).

-- The server's VAPID key pair (RFC 8292), made on the first start and shared by every instance:
-- a subscription is bound to the public key it was made with.
CREATE TABLE "web_push_keys" (
  "id" smallint PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
  "public_key" varchar(100) NOT NULL,
  "private_key" varchar(100) NOT NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);

-- One subscription per device (its endpoint): subscribing again from the same browser moves it
-- to the user signed in there. Tied to the session that made it: logout ends it.
CREATE TABLE "push_subscriptions" (
  "id" serial PRIMARY KEY,
  "user_id" integer NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
  "token_id" integer REFERENCES "auth_tokens" ("id") ON DELETE CASCADE,
  "endpoint" varchar(1000) NOT NULL,
  "p256dh" varchar(200) NOT NULL,
  "auth" varchar(100) NOT NULL,
  "device" varchar(100),
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "last_sent_at" timestamp with time zone
);
CREATE UNIQUE INDEX "push_subscriptions_endpoint_uq" ON "push_subscriptions" ("endpoint");
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" ("user_id");
CREATE INDEX "push_subscriptions_token_idx" ON "push_subscriptions" ("token_id");

-- A notification to send to one device: claimed (claimed_at) before it is handed to the push
-- service, so a sender killed halfway sends nobody two; a refused one waits until send_after.
CREATE TABLE "push_deliveries" (
  "id" bigserial PRIMARY KEY,
  "subscription_id" integer NOT NULL REFERENCES "push_subscriptions" ("id") ON DELETE CASCADE,
  "notification_id" bigint NOT NULL REFERENCES "notifications" ("id") ON DELETE CASCADE,
  "send_after" timestamp with time zone NOT NULL DEFAULT now(),
  "attempts" smallint NOT NULL DEFAULT 0,
  "claimed_at" timestamp with time zone,
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX "push_deliveries_uq" ON "push_deliveries" ("subscription_id", "notification_id");
CREATE INDEX "push_deliveries_due_idx" ON "push_deliveries" ("send_after") WHERE "claimed_at" IS NULL;
CREATE INDEX "push_deliveries_notification_idx" ON "push_deliveries" ("notification_id");

-- Each user's choices; no row means the defaults (every group on every channel, quiet hours
-- 21.00–05.30 WIB). The groups turned off are listed per channel (contract NOTIFICATION_GROUPS).
CREATE TABLE "notification_settings" (
  "user_id" integer PRIMARY KEY REFERENCES "users" ("id") ON DELETE CASCADE,
  "push_off" varchar(32)[] NOT NULL DEFAULT '{}',
  "email_off" varchar(32)[] NOT NULL DEFAULT '{}',
  "quiet_enabled" boolean NOT NULL DEFAULT true,
  "quiet_start" time NOT NULL DEFAULT '21:00',
  "quiet_end" time NOT NULL DEFAULT '05:30',
  "updated_at" timestamp with time zone NOT NULL DEFAULT now()
);
-- The parents' summary e-mail switch (issue 40) is now one of these settings.
INSERT INTO "notification_settings" ("user_id", "email_off")
  SELECT "user_id", ARRAY['parent_summary']::varchar(32)[] FROM "parents" WHERE NOT "weekly_summary_email";
ALTER TABLE "parents" DROP COLUMN "weekly_summary_email";

-- The secret calendar feed (RFC 5545) of a user: one live address at a time; revoking deletes it.
CREATE TABLE "calendar_feeds" (
  "user_id" integer PRIMARY KEY REFERENCES "users" ("id") ON DELETE CASCADE,
  "token" varchar(64) NOT NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "last_read_at" timestamp with time zone
);
CREATE UNIQUE INDEX "calendar_feeds_token_uq" ON "calendar_feeds" ("token");

-- A reminder's due time: quiet hours hold pushes except reminders due within two hours.
ALTER TABLE "notifications" ADD COLUMN "due_at" timestamp with time zone;

-- The quieter bell: an item is announced once (when students may first see it), and one
-- publishing act is one notification per student. Items students already see were announced.
ALTER TABLE "materials" ADD COLUMN "announced_at" timestamp with time zone;
ALTER TABLE "assignments" ADD COLUMN "announced_at" timestamp with time zone;
ALTER TABLE "quizzes" ADD COLUMN "announced_at" timestamp with time zone;
UPDATE "materials" i SET "announced_at" = i."created_at" FROM "contents" c
  WHERE c."id" = i."content_id" AND NOT c."hidden" AND NOT i."hidden"
    AND (c."publish_at" IS NULL OR c."publish_at" <= now()) AND (i."publish_at" IS NULL OR i."publish_at" <= now());
UPDATE "assignments" i SET "announced_at" = i."created_at" FROM "contents" c
  WHERE c."id" = i."content_id" AND NOT c."hidden" AND NOT i."hidden"
    AND (c."publish_at" IS NULL OR c."publish_at" <= now()) AND (i."publish_at" IS NULL OR i."publish_at" <= now());
UPDATE "quizzes" i SET "announced_at" = i."created_at" FROM "contents" c
  WHERE c."id" = i."content_id" AND NOT c."hidden" AND NOT i."hidden"
    AND (c."publish_at" IS NULL OR c."publish_at" <= now()) AND (i."publish_at" IS NULL OR i."publish_at" <= now());
