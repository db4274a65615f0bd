-- Issue 43: the class of an assignment's content beside the assignment. A student's dashboard asks
-- for the work still to do in the classes of their rombel; through the contents that was one index
-- probe per content of every class (240 for a rombel of 12 classes, 995 buffers). By class and
-- deadline it reads the assignments whose deadline is ahead, a handful per class (333 buffers).
-- A content never moves to another class, so the copy stays true.
ALTER TABLE "assignments" ADD COLUMN "online_class_id" integer;
UPDATE "assignments" a SET "online_class_id" = c."online_class_id" FROM "contents" c WHERE c."id" = a."content_id";
ALTER TABLE "assignments" ALTER COLUMN "online_class_id" SET NOT NULL;
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_online_class_id_online_classes_id_fk"
  FOREIGN KEY ("online_class_id") REFERENCES "online_classes" ("id") ON DELETE CASCADE;
CREATE INDEX "assignments_class_deadline_idx" ON "assignments" ("online_class_id", "deadline");
