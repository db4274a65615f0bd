-- Issue 38, Presensi: meetings (pertemuan) of a class, attendance per student and meeting, self
-- check-in, izin/sakit requests with their letters, and the teaching journal (on the meeting).
CREATE TABLE "meetings" (
  "id" serial PRIMARY KEY,
  "online_class_id" integer NOT NULL REFERENCES "online_classes" ("id") ON DELETE CASCADE,
  "date" date NOT NULL,
  -- Jam ke- of the lesson (consecutive periods of one class make one meeting); null for a meeting
  -- outside the timetable that names no period.
  "period_from" smallint,
  "period_to" smallint,
  "starts_at" timestamp with time zone NOT NULL,
  "ends_at" timestamp with time zone NOT NULL,
  -- 'timetable' (made from the weekly timetable) or 'extra' (added by a teacher).
  "source" varchar(10) NOT NULL DEFAULT 'timetable',
  "cancelled_at" timestamp with time zone,
  "cancel_reason" varchar(255),
  -- The Pembelajaran the meeting covers.
  "content_id" integer REFERENCES "contents" ("id") ON DELETE SET NULL,
  -- Teaching journal (jurnal mengajar).
  "topic" varchar(255),
  "activities" text,
  "notes" text,
  -- Set when a teacher saved the attendance (the class list) for the first time.
  "attendance_taken_at" timestamp with time zone,
  -- Self check-in ("Presensi mandiri"): the secret its rotating codes come from, its window, and
  -- from when a check-in counts as Terlambat.
  "checkin_secret" bytea,
  "checkin_opens_at" timestamp with time zone,
  "checkin_closes_at" timestamp with time zone,
  "checkin_late_at" timestamp with time zone,
  "created_by" integer REFERENCES "users" ("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "updated_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "meetings_source_ck" CHECK ("source" IN ('timetable', 'extra')),
  CONSTRAINT "meetings_periods_ck" CHECK (("period_from" IS NULL) = ("period_to" IS NULL) AND ("period_to" IS NULL OR "period_to" >= "period_from")),
  CONSTRAINT "meetings_times_ck" CHECK ("ends_at" > "starts_at"),
  CONSTRAINT "meetings_checkin_ck" CHECK ("checkin_closes_at" IS NULL OR "checkin_closes_at" > "checkin_opens_at")
);
--> statement-breakpoint
-- One meeting per class, day and first period: making meetings from the timetable twice adds nothing.
CREATE UNIQUE INDEX "meetings_class_slot_uq" ON "meetings" ("online_class_id", "date", "period_from") WHERE "period_from" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "meetings_class_date_idx" ON "meetings" ("online_class_id", "date");
--> statement-breakpoint
CREATE INDEX "meetings_date_idx" ON "meetings" ("date");
--> statement-breakpoint
CREATE INDEX "meetings_content_idx" ON "meetings" ("content_id") WHERE "content_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "meetings_created_by_idx" ON "meetings" ("created_by") WHERE "created_by" IS NOT NULL;
--> statement-breakpoint
-- Check-ins look for the open self check-ins of a student's classes.
CREATE INDEX "meetings_checkin_open_idx" ON "meetings" ("checkin_closes_at") WHERE "checkin_closes_at" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "leave_requests" (
  "id" serial PRIMARY KEY,
  "student_id" integer NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
  "semester_id" integer NOT NULL REFERENCES "semesters" ("id") ON DELETE CASCADE,
  -- The rombel the student was in when asking (the wali kelas who decides is that rombel's).
  "rombel_class_id" integer NOT NULL REFERENCES "rombel_classes" ("id") ON DELETE CASCADE,
  -- 'S' sakit or 'I' izin.
  "kind" char(1) NOT NULL,
  "starts_on" date NOT NULL,
  "ends_on" date NOT NULL,
  "reason" text NOT NULL,
  -- The letter (surat izin / surat dokter): a photo or a PDF.
  "file_id" integer REFERENCES "stored_files" ("id") ON DELETE RESTRICT,
  -- 'pending' | 'approved' | 'refused' | 'withdrawn'.
  "status" varchar(10) NOT NULL DEFAULT 'pending',
  -- Who asked: the student, or (issue 40) a parent.
  "requested_by" integer REFERENCES "users" ("id") ON DELETE SET NULL,
  "decided_by" integer REFERENCES "users" ("id") ON DELETE SET NULL,
  "decided_at" timestamp with time zone,
  "decision_note" text,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "leave_requests_kind_ck" CHECK ("kind" IN ('S', 'I')),
  CONSTRAINT "leave_requests_status_ck" CHECK ("status" IN ('pending', 'approved', 'refused', 'withdrawn')),
  CONSTRAINT "leave_requests_dates_ck" CHECK ("ends_on" >= "starts_on")
);
--> statement-breakpoint
CREATE INDEX "leave_requests_student_idx" ON "leave_requests" ("student_id", "starts_on");
--> statement-breakpoint
CREATE INDEX "leave_requests_rombel_idx" ON "leave_requests" ("rombel_class_id", "semester_id", "status");
--> statement-breakpoint
CREATE INDEX "leave_requests_semester_idx" ON "leave_requests" ("semester_id");
--> statement-breakpoint
CREATE INDEX "leave_requests_file_idx" ON "leave_requests" ("file_id") WHERE "file_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "leave_requests_requested_by_idx" ON "leave_requests" ("requested_by") WHERE "requested_by" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "leave_requests_decided_by_idx" ON "leave_requests" ("decided_by") WHERE "decided_by" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "attendance" (
  "meeting_id" integer NOT NULL REFERENCES "meetings" ("id") ON DELETE CASCADE,
  "student_id" integer NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
  -- H hadir, T terlambat, S sakit, I izin, D dispensasi, A alpa.
  "status" char(1) NOT NULL,
  "note" varchar(255),
  -- 'teacher' (the class list), 'checkin' (self check-in) or 'leave' (an approved izin/sakit request).
  "source" varchar(10) NOT NULL,
  "leave_request_id" integer REFERENCES "leave_requests" ("id") ON DELETE SET NULL,
  -- Counts every change: a device that saves over a change it has not seen is told (409).
  "revision" integer NOT NULL DEFAULT 1,
  "recorded_by" integer REFERENCES "users" ("id") ON DELETE SET NULL,
  "recorded_at" timestamp with time zone NOT NULL DEFAULT now(),
  "checked_in_at" timestamp with time zone,
  PRIMARY KEY ("meeting_id", "student_id"),
  CONSTRAINT "attendance_status_ck" CHECK ("status" IN ('H', 'T', 'S', 'I', 'D', 'A')),
  CONSTRAINT "attendance_source_ck" CHECK ("source" IN ('teacher', 'checkin', 'leave'))
);
--> statement-breakpoint
CREATE INDEX "attendance_student_idx" ON "attendance" ("student_id", "meeting_id");
--> statement-breakpoint
CREATE INDEX "attendance_leave_idx" ON "attendance" ("leave_request_id") WHERE "leave_request_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "attendance_recorded_by_idx" ON "attendance" ("recorded_by") WHERE "recorded_by" IS NOT NULL;
