CREATE TABLE "question_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"teacher_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"type" varchar(20) NOT NULL,
	"text" text NOT NULL,
	"image_file_id" integer,
	"points" smallint DEFAULT 1 NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "questions_type_ck" CHECK ("questions"."type" in ('multiple_choice', 'multiple_answer', 'true_false', 'short_answer', 'matching', 'essay')),
	CONSTRAINT "questions_points_ck" CHECK ("questions"."points" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "quiz_answers" (
	"attempt_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"answer" jsonb NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"auto_points" double precision,
	"manual_points" double precision,
	"feedback" text,
	CONSTRAINT "quiz_answers_attempt_id_question_id_pk" PRIMARY KEY("attempt_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "quiz_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"quiz_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"number" smallint NOT NULL,
	"layout" jsonb NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"timed_out" boolean DEFAULT false NOT NULL,
	"score" double precision,
	"max_score" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quiz_slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"quiz_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"question_id" integer,
	"category_id" integer,
	"pick_count" smallint,
	CONSTRAINT "quiz_slots_kind_ck" CHECK (("quiz_slots"."question_id" is not null and "quiz_slots"."category_id" is null and "quiz_slots"."pick_count" is null) or ("quiz_slots"."question_id" is null and "quiz_slots"."category_id" is not null and "quiz_slots"."pick_count" between 1 and 200))
);
--> statement-breakpoint
CREATE TABLE "quizzes" (
	"id" serial PRIMARY KEY NOT NULL,
	"content_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"title" varchar(255) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"opens_at" timestamp with time zone,
	"closes_at" timestamp with time zone,
	"time_limit_minutes" smallint,
	"attempts_allowed" smallint DEFAULT 1 NOT NULL,
	"grading_method" varchar(10) DEFAULT 'highest' NOT NULL,
	"shuffle_questions" boolean DEFAULT false NOT NULL,
	"shuffle_options" boolean DEFAULT false NOT NULL,
	"one_per_page" boolean DEFAULT true NOT NULL,
	"show_results" varchar(15) DEFAULT 'after_submit' NOT NULL,
	"show_review" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"publish_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quizzes_window_ck" CHECK ("quizzes"."closes_at" is null or "quizzes"."opens_at" is null or "quizzes"."closes_at" > "quizzes"."opens_at"),
	CONSTRAINT "quizzes_limit_ck" CHECK ("quizzes"."time_limit_minutes" is null or "quizzes"."time_limit_minutes" between 1 and 600),
	CONSTRAINT "quizzes_attempts_ck" CHECK ("quizzes"."attempts_allowed" between 0 and 20),
	CONSTRAINT "quizzes_grading_ck" CHECK ("quizzes"."grading_method" in ('highest', 'last')),
	CONSTRAINT "quizzes_results_ck" CHECK ("quizzes"."show_results" in ('after_submit', 'after_close', 'never'))
);
--> statement-breakpoint
ALTER TABLE "question_categories" ADD CONSTRAINT "question_categories_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_category_id_question_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."question_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_image_file_id_stored_files_id_fk" FOREIGN KEY ("image_file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_answers" ADD CONSTRAINT "quiz_answers_attempt_id_quiz_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."quiz_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_answers" ADD CONSTRAINT "quiz_answers_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_slots" ADD CONSTRAINT "quiz_slots_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_slots" ADD CONSTRAINT "quiz_slots_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_slots" ADD CONSTRAINT "quiz_slots_category_id_question_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."question_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "question_categories_teacher_name_uq" ON "question_categories" USING btree ("teacher_id",lower("name"));--> statement-breakpoint
CREATE INDEX "questions_category_idx" ON "questions" USING btree ("category_id","id");--> statement-breakpoint
CREATE INDEX "questions_teacher_idx" ON "questions" USING btree ("teacher_id");--> statement-breakpoint
CREATE INDEX "questions_image_idx" ON "questions" USING btree ("image_file_id");--> statement-breakpoint
CREATE INDEX "quiz_answers_question_idx" ON "quiz_answers" USING btree ("question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_attempts_number_uq" ON "quiz_attempts" USING btree ("quiz_id","student_id","number");--> statement-breakpoint
CREATE INDEX "quiz_attempts_student_idx" ON "quiz_attempts" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "quiz_attempts_open_due_idx" ON "quiz_attempts" USING btree ("due_at") WHERE "quiz_attempts"."finished_at" is null;--> statement-breakpoint
CREATE INDEX "quiz_slots_quiz_idx" ON "quiz_slots" USING btree ("quiz_id","position");--> statement-breakpoint
CREATE INDEX "quiz_slots_question_idx" ON "quiz_slots" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "quiz_slots_category_idx" ON "quiz_slots" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "quizzes_content_idx" ON "quizzes" USING btree ("content_id","position");--> statement-breakpoint
CREATE INDEX "quizzes_author_idx" ON "quizzes" USING btree ("author_id");