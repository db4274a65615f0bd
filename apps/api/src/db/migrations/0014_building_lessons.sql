CREATE TABLE "announcements" (
	"id" serial PRIMARY KEY NOT NULL,
	"online_class_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "assignments_content_idx";--> statement-breakpoint
DROP INDEX "contents_class_idx";--> statement-breakpoint
DROP INDEX "forums_content_idx";--> statement-breakpoint
DROP INDEX "materials_content_idx";--> statement-breakpoint
ALTER TABLE "materials" ALTER COLUMN "file_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "number" integer;--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "position" integer;--> statement-breakpoint
-- Existing contents keep the number their position gave them ("Pembelajaran N", oldest first).
UPDATE "contents" c SET "number" = n.rn, "position" = n.rn
  FROM (SELECT "id", row_number() OVER (PARTITION BY "online_class_id" ORDER BY "id") AS rn FROM "contents") n
  WHERE n."id" = c."id";--> statement-breakpoint
ALTER TABLE "contents" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "contents" ALTER COLUMN "position" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "forums" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "forums" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "forums" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "url" varchar(2000);--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Existing items keep the order they were shown in (oldest first, per list).
UPDATE "materials" t SET "position" = n.rn
  FROM (SELECT "id", row_number() OVER (PARTITION BY "content_id" ORDER BY "id") AS rn FROM "materials") n WHERE n."id" = t."id";--> statement-breakpoint
UPDATE "forums" t SET "position" = n.rn
  FROM (SELECT "id", row_number() OVER (PARTITION BY "content_id" ORDER BY "id") AS rn FROM "forums") n WHERE n."id" = t."id";--> statement-breakpoint
UPDATE "assignments" t SET "position" = n.rn
  FROM (SELECT "id", row_number() OVER (PARTITION BY "content_id" ORDER BY "id") AS rn FROM "assignments") n WHERE n."id" = t."id";--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_online_class_id_online_classes_id_fk" FOREIGN KEY ("online_class_id") REFERENCES "public"."online_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcements_class_idx" ON "announcements" USING btree ("online_class_id","created_at");--> statement-breakpoint
CREATE INDEX "announcements_author_idx" ON "announcements" USING btree ("author_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contents_class_number_uq" ON "contents" USING btree ("online_class_id","number");--> statement-breakpoint
CREATE INDEX "assignments_content_idx" ON "assignments" USING btree ("content_id","position");--> statement-breakpoint
CREATE INDEX "contents_class_idx" ON "contents" USING btree ("online_class_id","position","id");--> statement-breakpoint
CREATE INDEX "forums_content_idx" ON "forums" USING btree ("content_id","position");--> statement-breakpoint
CREATE INDEX "materials_content_idx" ON "materials" USING btree ("content_id","position");--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_file_or_url_ck" CHECK (("materials"."file_id" is null) <> ("materials"."url" is null));