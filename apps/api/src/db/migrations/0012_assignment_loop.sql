CREATE TABLE "assignment_extensions" (
	"assignment_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assignment_extensions_assignment_id_student_id_pk" PRIMARY KEY("assignment_id","student_id"),
	CONSTRAINT "assignment_extensions_closes_ck" CHECK ("assignment_extensions"."closes_at" is null or "assignment_extensions"."closes_at" >= "assignment_extensions"."deadline")
);
--> statement-breakpoint
CREATE TABLE "submission_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"assignment_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submission_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"submission_id" integer NOT NULL,
	"version" integer NOT NULL,
	"file_id" integer NOT NULL,
	"position" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submission_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"submission_id" integer NOT NULL,
	"version" integer NOT NULL,
	"text_answer" text,
	"submitted_at" timestamp with time zone,
	"score" smallint,
	"feedback" text,
	"graded_at" timestamp with time zone,
	"returned_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "submissions_file_idx";--> statement-breakpoint
ALTER TABLE "submissions" ALTER COLUMN "file_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "submissions" ALTER COLUMN "submitted_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "closes_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "text_answer" text;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "feedback" text;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "returned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "assignment_extensions" ADD CONSTRAINT "assignment_extensions_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_extensions" ADD CONSTRAINT "assignment_extensions_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_comments" ADD CONSTRAINT "submission_comments_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_comments" ADD CONSTRAINT "submission_comments_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_comments" ADD CONSTRAINT "submission_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_files" ADD CONSTRAINT "submission_files_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_files" ADD CONSTRAINT "submission_files_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_versions" ADD CONSTRAINT "submission_versions_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assignment_extensions_student_idx" ON "assignment_extensions" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "submission_comments_thread_idx" ON "submission_comments" USING btree ("assignment_id","student_id","id");--> statement-breakpoint
CREATE INDEX "submission_comments_student_idx" ON "submission_comments" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "submission_comments_author_idx" ON "submission_comments" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "submission_files_version_idx" ON "submission_files" USING btree ("submission_id","version","position");--> statement-breakpoint
CREATE INDEX "submission_files_file_idx" ON "submission_files" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "submission_versions_uq" ON "submission_versions" USING btree ("submission_id","version");--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_closes_ck" CHECK ("assignments"."closes_at" is null or "assignments"."closes_at" >= "assignments"."deadline");--> statement-breakpoint
-- Each existing submission keeps its one file as the first file of version 1.
INSERT INTO "submission_files" ("submission_id", "version", "file_id", "position") SELECT "id", 1, "file_id", 0 FROM "submissions" WHERE "file_id" IS NOT NULL;
