CREATE TABLE "user_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_by" integer,
	"status" varchar(10) DEFAULT 'queued' NOT NULL,
	"total" integer NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"summary" jsonb NOT NULL,
	"plan" jsonb,
	"credentials" jsonb,
	"pdf_taken_at" timestamp with time zone,
	"xlsx_taken_at" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "user_imports" ADD CONSTRAINT "user_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;