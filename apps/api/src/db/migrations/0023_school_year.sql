-- Issue 37, the school year: departments of the school's own, semesters (exactly one active),
-- subjects, teaching assignments (semester x rombel x subject x teachers, each owning one online
-- class), wali kelas, bell times and the weekly timetable.
ALTER TABLE "departments" ADD COLUMN "short_name" varchar(20) NOT NULL DEFAULT '';
--> statement-breakpoint
UPDATE "departments" SET "short_name" = "code" WHERE "short_name" = '';
--> statement-breakpoint
CREATE UNIQUE INDEX "departments_code_lower_uq" ON "departments" (lower("code"));
--> statement-breakpoint
CREATE TABLE "semesters" (
  "id" serial PRIMARY KEY,
  "school_year" varchar(9) NOT NULL,
  "term" smallint NOT NULL,
  "starts_on" date NOT NULL,
  "ends_on" date NOT NULL,
  "active" boolean NOT NULL DEFAULT false,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "semesters_term_ck" CHECK ("term" IN (1, 2)),
  CONSTRAINT "semesters_year_ck" CHECK ("school_year" ~ '^[0-9]{4}/[0-9]{4}$'),
  CONSTRAINT "semesters_dates_ck" CHECK ("ends_on" > "starts_on"),
  CONSTRAINT "semesters_year_term_uq" UNIQUE ("school_year", "term"),
  -- Two semesters never share a day.
  CONSTRAINT "semesters_no_overlap" EXCLUDE USING gist (daterange("starts_on", "ends_on", '[]') WITH &&)
);
--> statement-breakpoint
-- Exactly one active semester: at most one by this index, at least one by the application.
CREATE UNIQUE INDEX "semesters_one_active_uq" ON "semesters" ((true)) WHERE "active";
--> statement-breakpoint
-- The semester of today (Ganjil July-December, Genap January-June) holds every class there is.
INSERT INTO "semesters" ("school_year", "term", "starts_on", "ends_on", "active")
SELECT CASE WHEN m >= 7 THEN y || '/' || (y + 1) ELSE (y - 1) || '/' || y END,
       CASE WHEN m >= 7 THEN 1 ELSE 2 END,
       CASE WHEN m >= 7 THEN make_date(y, 7, 1) ELSE make_date(y, 1, 1) END,
       CASE WHEN m >= 7 THEN make_date(y, 12, 31) ELSE make_date(y, 6, 30) END,
       true
FROM (SELECT extract(year FROM now() AT TIME ZONE 'Asia/Jakarta')::int AS y,
             extract(month FROM now() AT TIME ZONE 'Asia/Jakarta')::int AS m) AS today;
--> statement-breakpoint
ALTER TABLE "online_classes" ADD COLUMN "semester_id" integer REFERENCES "semesters" ("id") ON DELETE RESTRICT;
--> statement-breakpoint
UPDATE "online_classes" SET "semester_id" = (SELECT "id" FROM "semesters" WHERE "active");
--> statement-breakpoint
ALTER TABLE "online_classes" ALTER COLUMN "semester_id" SET NOT NULL;
--> statement-breakpoint
CREATE INDEX "online_classes_semester_idx" ON "online_classes" ("semester_id");
--> statement-breakpoint
-- A class made without a semester (SPEC's "Tambah Kelas", clients that know no terms) joins the active one.
CREATE FUNCTION "online_classes_default_semester"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."semester_id" IS NULL THEN
    NEW."semester_id" := (SELECT "id" FROM "semesters" WHERE "active");
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "online_classes_default_semester" BEFORE INSERT ON "online_classes"
  FOR EACH ROW EXECUTE FUNCTION "online_classes_default_semester"();
--> statement-breakpoint
CREATE TABLE "subjects" (
  "id" serial PRIMARY KEY,
  "code" varchar(20) NOT NULL,
  "name" varchar(150) NOT NULL,
  "group_kind" varchar(10) NOT NULL,
  "grades" smallint[] NOT NULL DEFAULT '{10,11,12}',
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "subjects_group_ck" CHECK ("group_kind" IN ('umum', 'kejuruan', 'mulok')),
  CONSTRAINT "subjects_grades_ck" CHECK ("grades" <@ '{10,11,12}'::smallint[] AND cardinality("grades") > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "subjects_code_lower_uq" ON "subjects" (lower("code"));
--> statement-breakpoint
CREATE UNIQUE INDEX "subjects_name_lower_uq" ON "subjects" (lower("name"));
--> statement-breakpoint
-- The departments that take a subject; none listed: every department.
CREATE TABLE "subject_departments" (
  "subject_id" integer NOT NULL REFERENCES "subjects" ("id") ON DELETE CASCADE,
  "department_id" integer NOT NULL REFERENCES "departments" ("id") ON DELETE RESTRICT,
  PRIMARY KEY ("subject_id", "department_id")
);
--> statement-breakpoint
CREATE TABLE "teaching_assignments" (
  "id" serial PRIMARY KEY,
  "semester_id" integer NOT NULL REFERENCES "semesters" ("id") ON DELETE RESTRICT,
  "rombel_class_id" integer NOT NULL REFERENCES "rombel_classes" ("id") ON DELETE RESTRICT,
  "subject_id" integer NOT NULL REFERENCES "subjects" ("id") ON DELETE RESTRICT,
  "hours_per_week" smallint NOT NULL DEFAULT 2,
  "online_class_id" integer NOT NULL REFERENCES "online_classes" ("id") ON DELETE RESTRICT,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "teaching_assignments_hours_ck" CHECK ("hours_per_week" BETWEEN 1 AND 40),
  CONSTRAINT "teaching_assignments_class_uq" UNIQUE ("online_class_id"),
  CONSTRAINT "teaching_assignments_uq" UNIQUE ("semester_id", "rombel_class_id", "subject_id")
);
--> statement-breakpoint
CREATE INDEX "teaching_assignments_subject_idx" ON "teaching_assignments" ("subject_id");
--> statement-breakpoint
CREATE INDEX "teaching_assignments_rombel_idx" ON "teaching_assignments" ("rombel_class_id");
--> statement-breakpoint
-- The teachers of an assignment (team teaching, a split practice class); position 0 is the one whose class it is.
CREATE TABLE "teaching_assignment_teachers" (
  "assignment_id" integer NOT NULL REFERENCES "teaching_assignments" ("id") ON DELETE CASCADE,
  "teacher_id" integer NOT NULL REFERENCES "users" ("id") ON DELETE RESTRICT,
  "position" smallint NOT NULL DEFAULT 0,
  PRIMARY KEY ("assignment_id", "teacher_id")
);
--> statement-breakpoint
CREATE INDEX "teaching_assignment_teachers_teacher_idx" ON "teaching_assignment_teachers" ("teacher_id");
--> statement-breakpoint
-- Wali kelas: one teacher per rombel per semester.
CREATE TABLE "homerooms" (
  "semester_id" integer NOT NULL REFERENCES "semesters" ("id") ON DELETE CASCADE,
  "rombel_class_id" integer NOT NULL REFERENCES "rombel_classes" ("id") ON DELETE CASCADE,
  "teacher_id" integer NOT NULL REFERENCES "users" ("id") ON DELETE RESTRICT,
  PRIMARY KEY ("semester_id", "rombel_class_id")
);
--> statement-breakpoint
CREATE INDEX "homerooms_teacher_idx" ON "homerooms" ("teacher_id");
--> statement-breakpoint
-- Bell times: per ISO weekday (1 Senin ... 7 Minggu) the lesson periods ("jam ke-1") and breaks (period null).
CREATE TABLE "bell_periods" (
  "id" serial PRIMARY KEY,
  "day" smallint NOT NULL,
  "period" smallint,
  "starts_at" time NOT NULL,
  "ends_at" time NOT NULL,
  CONSTRAINT "bell_periods_day_ck" CHECK ("day" BETWEEN 1 AND 7),
  CONSTRAINT "bell_periods_period_ck" CHECK ("period" IS NULL OR "period" BETWEEN 1 AND 20),
  CONSTRAINT "bell_periods_times_ck" CHECK ("ends_at" > "starts_at"),
  CONSTRAINT "bell_periods_start_uq" UNIQUE ("day", "starts_at")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "bell_periods_period_uq" ON "bell_periods" ("day", "period") WHERE "period" IS NOT NULL;
--> statement-breakpoint
-- The weekly timetable: one row per lesson period of a teaching assignment. A rombel is in one
-- place at a time (the unique key); a teacher's clashes are refused by the application.
CREATE TABLE "timetable_slots" (
  "id" serial PRIMARY KEY,
  "semester_id" integer NOT NULL REFERENCES "semesters" ("id") ON DELETE CASCADE,
  "assignment_id" integer NOT NULL REFERENCES "teaching_assignments" ("id") ON DELETE CASCADE,
  "rombel_class_id" integer NOT NULL REFERENCES "rombel_classes" ("id") ON DELETE CASCADE,
  "day" smallint NOT NULL,
  "period" smallint NOT NULL,
  CONSTRAINT "timetable_slots_day_ck" CHECK ("day" BETWEEN 1 AND 7),
  CONSTRAINT "timetable_slots_rombel_uq" UNIQUE ("semester_id", "rombel_class_id", "day", "period")
);
--> statement-breakpoint
CREATE INDEX "timetable_slots_assignment_idx" ON "timetable_slots" ("assignment_id");
