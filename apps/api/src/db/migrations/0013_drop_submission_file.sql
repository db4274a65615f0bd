ALTER TABLE "submissions" DROP CONSTRAINT "submissions_file_id_stored_files_id_fk";
--> statement-breakpoint
ALTER TABLE "submissions" DROP COLUMN "file_id";