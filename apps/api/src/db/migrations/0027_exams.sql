-- Issue 41, exams teachers can trust: what Moodle's GIFT carries that Kelasku kept nowhere
-- (a question's title and general feedback), the class's own question category, and exam
-- mode (a rotating token claimed once per student, the attempt bound to the device that
-- claimed it, leaving the page logged, the proctor's extra time, per-student overrides).

ALTER TABLE "questions" ADD COLUMN "title" varchar(255);
ALTER TABLE "questions" ADD COLUMN "general_feedback" text;

-- "Tambah soal" inside a quiz saves into the class's category of the teacher's bank.
ALTER TABLE "question_categories" ADD COLUMN "class_id" integer REFERENCES "online_classes" ("id") ON DELETE SET NULL;
CREATE UNIQUE INDEX "question_categories_class_uq" ON "question_categories" ("teacher_id", "class_id") WHERE "class_id" IS NOT NULL;
CREATE INDEX "question_categories_class_idx" ON "question_categories" ("class_id");

-- Exam mode: the token is derived from exam_secret and the time window (never stored);
-- after exam_leave_limit leaves the attempt is submitted (null: never).
ALTER TABLE "quizzes" ADD COLUMN "exam_mode" boolean NOT NULL DEFAULT false;
ALTER TABLE "quizzes" ADD COLUMN "exam_leave_limit" smallint;
ALTER TABLE "quizzes" ADD COLUMN "exam_secret" varchar(64);
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_leave_limit_ck" CHECK ("exam_leave_limit" IS NULL OR "exam_leave_limit" BETWEEN 1 AND 50);

-- The proctor's extra time; the session (auth token id) the exam attempt is bound to; the leaves.
ALTER TABLE "quiz_attempts" ADD COLUMN "extra_minutes" smallint NOT NULL DEFAULT 0;
ALTER TABLE "quiz_attempts" ADD COLUMN "session_id" integer;
ALTER TABLE "quiz_attempts" ADD COLUMN "leave_count" integer NOT NULL DEFAULT 0;
ALTER TABLE "quiz_attempts" ADD COLUMN "last_left_at" timestamp with time zone;
CREATE INDEX "quiz_attempts_quiz_idx" ON "quiz_attempts" ("quiz_id", "student_id");

-- One use of a token per student: a replay, or a second tab with the same token, conflicts here.
CREATE TABLE "quiz_token_claims" (
  "quiz_id" integer NOT NULL REFERENCES "quizzes" ("id") ON DELETE CASCADE,
  "student_id" integer NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
  "window" bigint NOT NULL,
  "attempt_id" integer REFERENCES "quiz_attempts" ("id") ON DELETE CASCADE,
  "claimed_at" timestamp with time zone NOT NULL DEFAULT now(),
  PRIMARY KEY ("quiz_id", "student_id", "window")
);
CREATE INDEX "quiz_token_claims_student_idx" ON "quiz_token_claims" ("student_id");
CREATE INDEX "quiz_token_claims_attempt_idx" ON "quiz_token_claims" ("attempt_id");

-- Each time the student left the exam page (and came back).
CREATE TABLE "quiz_attempt_leaves" (
  "id" serial PRIMARY KEY,
  "attempt_id" integer NOT NULL REFERENCES "quiz_attempts" ("id") ON DELETE CASCADE,
  "left_at" timestamp with time zone NOT NULL DEFAULT now(),
  "back_at" timestamp with time zone
);
CREATE INDEX "quiz_attempt_leaves_attempt_idx" ON "quiz_attempt_leaves" ("attempt_id", "left_at");

-- Per-student dates, time limit and extra attempts (a student who needs them).
CREATE TABLE "quiz_overrides" (
  "quiz_id" integer NOT NULL REFERENCES "quizzes" ("id") ON DELETE CASCADE,
  "student_id" integer NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
  "opens_at" timestamp with time zone,
  "closes_at" timestamp with time zone,
  "time_limit_minutes" smallint,
  "extra_attempts" smallint NOT NULL DEFAULT 0,
  "created_by" integer REFERENCES "users" ("id") ON DELETE SET NULL,
  "updated_at" timestamp with time zone NOT NULL DEFAULT now(),
  PRIMARY KEY ("quiz_id", "student_id"),
  CONSTRAINT "quiz_overrides_window_ck" CHECK ("closes_at" IS NULL OR "opens_at" IS NULL OR "closes_at" > "opens_at"),
  CONSTRAINT "quiz_overrides_limit_ck" CHECK ("time_limit_minutes" IS NULL OR "time_limit_minutes" BETWEEN 1 AND 600),
  CONSTRAINT "quiz_overrides_attempts_ck" CHECK ("extra_attempts" BETWEEN 0 AND 20)
);
CREATE INDEX "quiz_overrides_student_idx" ON "quiz_overrides" ("student_id");
