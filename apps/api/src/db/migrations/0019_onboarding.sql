-- Onboarding as schools' files are (DECISIONS "Onboarding").
-- NIS/NIPD: up to 20 characters of digits, dots and dashes ("2122.10.001").
ALTER TABLE "students" ALTER COLUMN "nis" TYPE varchar(20);
--> statement-breakpoint
-- NISN is unique per school. A school that already holds one NISN on several students keeps it on the
-- first account made (the lowest id); the later ones lose it (the admin fills it in again, and the
-- form then names the student who holds it) so the index can be built.
UPDATE "students" s SET "nisn" = NULL
WHERE s."nisn" IS NOT NULL
  AND EXISTS (SELECT 1 FROM "students" o WHERE o."nisn" = s."nisn" AND o."user_id" < s."user_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "students_nisn_unique" ON "students" USING btree ("nisn") WHERE "nisn" IS NOT NULL;
--> statement-breakpoint
-- Slips can be downloaded again until first sign-in or 7 days: no "taken" marks any more.
ALTER TABLE "user_imports" DROP COLUMN "pdf_taken_at";
--> statement-breakpoint
ALTER TABLE "user_imports" DROP COLUMN "xlsx_taken_at";
--> statement-breakpoint
-- The sweep of slips past their 7 days.
CREATE INDEX "user_imports_slips_idx" ON "user_imports" USING btree ("finished_at") WHERE "credentials" IS NOT NULL;
