-- Issue 39, Nilai rapor: grade categories with weights (a school default and each class's own),
-- the class's KKTP and release, learning objectives (tujuan pembelajaran, TP) and their tags on
-- assignments, quizzes and quiz slots, the report description per student, rubrics, the last
-- grade that stays while a returned piece of work waits for a new one, and the semester's lock.

-- The school's default scheme, copied into a class the first time its scheme is read.
CREATE TABLE "grade_category_defaults" (
  "id" serial PRIMARY KEY,
  "name" varchar(60) NOT NULL,
  "weight" smallint NOT NULL CHECK ("weight" BETWEEN 0 AND 100),
  "drop_lowest" smallint NOT NULL DEFAULT 0 CHECK ("drop_lowest" BETWEEN 0 AND 10),
  -- Work not handed in once its closing time has passed counts as 0 (true) or is left out (false).
  "missing_counts_zero" boolean NOT NULL DEFAULT true,
  -- Which e-Rapor column the category fills: 'lingkup_materi' (sumatif lingkup materi, per TP),
  -- 'akhir_tes' / 'akhir_non_tes' (sumatif akhir semester), or null (none, e.g. formatif).
  "erapor_part" varchar(20) CHECK ("erapor_part" IN ('lingkup_materi', 'akhir_tes', 'akhir_non_tes')),
  "position" smallint NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX "grade_category_defaults_name_uq" ON "grade_category_defaults" (lower("name"));
INSERT INTO "grade_category_defaults" ("name", "weight", "drop_lowest", "missing_counts_zero", "erapor_part", "position") VALUES
  ('Sumatif Lingkup Materi', 60, 0, true, 'lingkup_materi', 0),
  ('Sumatif Akhir Semester', 40, 0, true, 'akhir_tes', 1),
  ('Formatif', 0, 0, false, NULL, 2);

CREATE TABLE "grade_categories" (
  "id" serial PRIMARY KEY,
  "online_class_id" integer NOT NULL REFERENCES "online_classes" ("id") ON DELETE CASCADE,
  "name" varchar(60) NOT NULL,
  "weight" smallint NOT NULL CHECK ("weight" BETWEEN 0 AND 100),
  "drop_lowest" smallint NOT NULL DEFAULT 0 CHECK ("drop_lowest" BETWEEN 0 AND 10),
  "missing_counts_zero" boolean NOT NULL DEFAULT true,
  "erapor_part" varchar(20) CHECK ("erapor_part" IN ('lingkup_materi', 'akhir_tes', 'akhir_non_tes')),
  "position" smallint NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX "grade_categories_class_name_uq" ON "grade_categories" ("online_class_id", lower("name"));
CREATE INDEX "grade_categories_class_idx" ON "grade_categories" ("online_class_id", "position");

-- One row per class once its scheme was read or changed.
CREATE TABLE "class_grade_settings" (
  "online_class_id" integer PRIMARY KEY REFERENCES "online_classes" ("id") ON DELETE CASCADE,
  -- Kriteria ketercapaian tujuan pembelajaran: a TP is reached at or above it.
  "kktp" smallint NOT NULL DEFAULT 75 CHECK ("kktp" BETWEEN 0 AND 100),
  -- The final grade and the report description are shown to the students from this instant.
  "released_at" timestamp with time zone,
  -- Bumped by every change of the scheme (categories, KKTP): a save names the revision it started from.
  "revision" integer NOT NULL DEFAULT 1,
  "updated_by" integer REFERENCES "users" ("id") ON DELETE SET NULL,
  "updated_at" timestamp with time zone NOT NULL DEFAULT now()
);
CREATE INDEX "class_grade_settings_updated_by_idx" ON "class_grade_settings" ("updated_by");

-- Tujuan pembelajaran per subject and grade, in the order e-Rapor gives them.
CREATE TABLE "learning_objectives" (
  "id" serial PRIMARY KEY,
  "subject_id" integer NOT NULL REFERENCES "subjects" ("id") ON DELETE CASCADE,
  "grade" smallint NOT NULL CHECK ("grade" IN (10, 11, 12)),
  "code" varchar(20) NOT NULL,
  "description" varchar(500) NOT NULL,
  "position" smallint NOT NULL DEFAULT 0,
  -- The TP's id in e-Rapor (tp_id, a UUID) once read from one of its templates.
  "erapor_id" varchar(64),
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX "learning_objectives_code_uq" ON "learning_objectives" ("subject_id", "grade", lower("code"));
CREATE INDEX "learning_objectives_order_idx" ON "learning_objectives" ("subject_id", "grade", "position");
CREATE INDEX "learning_objectives_erapor_idx" ON "learning_objectives" ("erapor_id");

CREATE TABLE "rubrics" (
  "id" serial PRIMARY KEY,
  "teacher_id" integer NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
  "title" varchar(120) NOT NULL,
  -- [{ "title", "description", "max_points", "levels": [{ "title", "description", "points" }] }]
  "criteria" jsonb NOT NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "updated_at" timestamp with time zone NOT NULL DEFAULT now()
);
CREATE INDEX "rubrics_teacher_idx" ON "rubrics" ("teacher_id");

ALTER TABLE "assignments"
  ADD COLUMN "category_id" integer REFERENCES "grade_categories" ("id") ON DELETE RESTRICT,
  ADD COLUMN "rubric_id" integer REFERENCES "rubrics" ("id") ON DELETE RESTRICT;
CREATE INDEX "assignments_category_idx" ON "assignments" ("category_id");
CREATE INDEX "assignments_rubric_idx" ON "assignments" ("rubric_id");
ALTER TABLE "quizzes" ADD COLUMN "category_id" integer REFERENCES "grade_categories" ("id") ON DELETE RESTRICT;
CREATE INDEX "quizzes_category_idx" ON "quizzes" ("category_id");

CREATE TABLE "assignment_objectives" (
  "assignment_id" integer NOT NULL REFERENCES "assignments" ("id") ON DELETE CASCADE,
  "objective_id" integer NOT NULL REFERENCES "learning_objectives" ("id") ON DELETE CASCADE,
  PRIMARY KEY ("assignment_id", "objective_id")
);
CREATE INDEX "assignment_objectives_objective_idx" ON "assignment_objectives" ("objective_id");
CREATE TABLE "quiz_objectives" (
  "quiz_id" integer NOT NULL REFERENCES "quizzes" ("id") ON DELETE CASCADE,
  "objective_id" integer NOT NULL REFERENCES "learning_objectives" ("id") ON DELETE CASCADE,
  PRIMARY KEY ("quiz_id", "objective_id")
);
CREATE INDEX "quiz_objectives_objective_idx" ON "quiz_objectives" ("objective_id");
-- A single question of a quiz (its slot) tagged with TPs: those TPs take the points of that slot.
CREATE TABLE "quiz_slot_objectives" (
  "slot_id" integer NOT NULL REFERENCES "quiz_slots" ("id") ON DELETE CASCADE,
  "objective_id" integer NOT NULL REFERENCES "learning_objectives" ("id") ON DELETE CASCADE,
  PRIMARY KEY ("slot_id", "objective_id")
);
CREATE INDEX "quiz_slot_objectives_objective_idx" ON "quiz_slot_objectives" ("objective_id");

-- The report description of a student in a class, when the teacher edited it (else it is written
-- from the TPs): "Menunjukkan penguasaan yang baik dalam …" and "Perlu ditingkatkan dalam …".
CREATE TABLE "report_descriptions" (
  "online_class_id" integer NOT NULL REFERENCES "online_classes" ("id") ON DELETE CASCADE,
  "student_id" integer NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
  "achieved" varchar(1000),
  "to_improve" varchar(1000),
  "updated_by" integer REFERENCES "users" ("id") ON DELETE SET NULL,
  "updated_at" timestamp with time zone NOT NULL DEFAULT now(),
  PRIMARY KEY ("online_class_id", "student_id")
);
CREATE INDEX "report_descriptions_student_idx" ON "report_descriptions" ("student_id");
CREATE INDEX "report_descriptions_updated_by_idx" ON "report_descriptions" ("updated_by");

-- The latest grade of the work: it stays while a returned piece of work, handed in again, waits
-- for its new grade (the gradebook, exports, final grade and the student's page keep showing it).
ALTER TABLE "submissions"
  ADD COLUMN "last_score" smallint CHECK ("last_score" IS NULL OR "last_score" BETWEEN 0 AND 100),
  -- Rubric grading: per criterion, in the rubric's order, [{ "level": index|null, "comment": text|null }].
  ADD COLUMN "rubric_marks" jsonb;
ALTER TABLE "submission_versions" ADD COLUMN "rubric_marks" jsonb;
UPDATE "submissions" s SET "last_score" = coalesce(s."score", (
  SELECT v."score" FROM "submission_versions" v
  WHERE v."submission_id" = s."id" AND v."score" IS NOT NULL ORDER BY v."version" DESC LIMIT 1));

-- "Kunci nilai": once the report cards are printed the admin locks the semester's grades.
ALTER TABLE "semesters"
  ADD COLUMN "grades_locked_at" timestamp with time zone,
  ADD COLUMN "grades_locked_by" integer REFERENCES "users" ("id") ON DELETE SET NULL;
CREATE INDEX "semesters_grades_locked_by_idx" ON "semesters" ("grades_locked_by");
