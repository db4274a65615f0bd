-- When a run of a user import was cut off (its instance restarted or crashed) and the import
-- started again; its progress page says so (features/imports/job.ts).
ALTER TABLE "user_imports" ADD COLUMN "resumed_at" timestamp with time zone;
