/** The question bank and quizzes: categories, questions, quizzes with their slots, attempts and answers. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { lessons, onlineClasses } from './classes.js';
import { storedFiles } from './files.js';
import { users } from './users.js';

/** A folder of the teacher's question bank (per subject or topic). */
export const questionCategories = pgTable(
  'question_categories',
  {
    id: serial('id').primaryKey(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    /** Issue 41: the category "Tambah soal" of this class's quizzes saves into (one per teacher and class). */
    classId: integer('class_id').references(() => onlineClasses.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('question_categories_teacher_name_uq').on(t.teacherId, sql`lower(${t.name})`),
    uniqueIndex('question_categories_class_uq')
      .on(t.teacherId, t.classId)
      .where(sql`${t.classId} is not null`),
    index('question_categories_class_idx').on(t.classId),
  ],
);

/**
 * One question of the bank. `data` holds the key by type (docs/features/quizzes.md): options with their
 * correct flags, the accepted answers and tolerance, the matching pairs, nothing for an essay.
 */
export const questions = pgTable(
  'questions',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => questionCategories.id, { onDelete: 'cascade' }),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 20 }).notNull(),
    text: text('text').notNull(),
    imageFileId: integer('image_file_id').references(() => storedFiles.id, { onDelete: 'restrict' }),
    points: smallint('points').notNull().default(1),
    data: jsonb('data').notNull(),
    /** Issue 41: GIFT's `::title::` and `####general feedback` (shown in the review when it is allowed). */
    title: varchar('title', { length: 255 }),
    generalFeedback: text('general_feedback'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('questions_category_idx').on(t.categoryId, t.id),
    index('questions_teacher_idx').on(t.teacherId),
    index('questions_image_idx').on(t.imageFileId),
    check('questions_type_ck', sql`${t.type} in ('multiple_choice', 'multiple_answer', 'true_false', 'short_answer', 'matching', 'essay')`),
    check('questions_points_ck', sql`${t.points} between 1 and 100`),
  ],
);

/** A quiz (kuis, ulangan) of a content. Times are instants; the screens show them in WIB. */
export const quizzes = pgTable(
  'quizzes',
  {
    id: serial('id').primaryKey(),
    lessonId: integer('content_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 255 }).notNull(),
    description: text('description').notNull().default(''),
    /** Students may start from this instant (null: at once) until closesAt (null: never closes). */
    opensAt: timestamp('opens_at', { withTimezone: true, mode: 'date' }),
    closesAt: timestamp('closes_at', { withTimezone: true, mode: 'date' }),
    /** Minutes an attempt may last (null: no limit but the close time). */
    timeLimitMinutes: smallint('time_limit_minutes'),
    /** Attempts a student may make (0: unlimited). */
    attemptsAllowed: smallint('attempts_allowed').notNull().default(1),
    /** Which attempt counts: 'highest' or 'last'. */
    gradingMethod: varchar('grading_method', { length: 10 }).notNull().default('highest'),
    shuffleQuestions: boolean('shuffle_questions').notNull().default(false),
    shuffleOptions: boolean('shuffle_options').notNull().default(false),
    /** The attempt page shows one question at a time (else all on one page). */
    onePerPage: boolean('one_per_page').notNull().default(true),
    /** When a student sees their score: 'after_submit', 'after_close' or 'never'. */
    showResults: varchar('show_results', { length: 15 }).notNull().default('after_submit'),
    /** With the results, each question with its correct answer. */
    showReview: boolean('show_review').notNull().default(false),
    position: integer('position').notNull().default(0),
    hidden: boolean('hidden').notNull().default(false),
    publishAt: timestamp('publish_at', { withTimezone: true, mode: 'date' }),
    /** Issue 42: when students were first told of it (announced once, see notifications/events.ts). */
    announcedAt: timestamp('announced_at', { withTimezone: true, mode: 'date' }),
    /** Issue 39: its grade category (grade_categories; null: the class's first category). */
    categoryId: integer('category_id'),
    /**
     * Issue 41, exam mode: a start needs the token the proctor shows (derived from examSecret and the
     * time window, never stored); after examLeaveLimit leaves the attempt is submitted (null: never).
     */
    examMode: boolean('exam_mode').notNull().default(false),
    examLeaveLimit: smallint('exam_leave_limit'),
    examSecret: varchar('exam_secret', { length: 64 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('quizzes_content_idx').on(t.lessonId, t.position),
    index('quizzes_author_idx').on(t.authorId),
    index('quizzes_category_idx').on(t.categoryId),
    check('quizzes_window_ck', sql`${t.closesAt} is null or ${t.opensAt} is null or ${t.closesAt} > ${t.opensAt}`),
    check('quizzes_limit_ck', sql`${t.timeLimitMinutes} is null or ${t.timeLimitMinutes} between 1 and 600`),
    check('quizzes_attempts_ck', sql`${t.attemptsAllowed} between 0 and 20`),
    check('quizzes_grading_ck', sql`${t.gradingMethod} in ('highest', 'last')`),
    check('quizzes_results_ck', sql`${t.showResults} in ('after_submit', 'after_close', 'never')`),
    check('quizzes_leave_limit_ck', sql`${t.examLeaveLimit} is null or ${t.examLeaveLimit} between 1 and 50`),
  ],
);

/** One place of a quiz: a fixed question, or `pickCount` questions drawn from a category per attempt. */
export const quizSlots = pgTable(
  'quiz_slots',
  {
    id: serial('id').primaryKey(),
    quizId: integer('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    // No action (checked at the statement's end): a teacher deleted with their quizzes and bank goes in one statement.
    questionId: integer('question_id').references(() => questions.id, { onDelete: 'no action' }),
    categoryId: integer('category_id').references(() => questionCategories.id, { onDelete: 'no action' }),
    pickCount: smallint('pick_count'),
  },
  (t) => [
    index('quiz_slots_quiz_idx').on(t.quizId, t.position),
    index('quiz_slots_question_idx').on(t.questionId),
    index('quiz_slots_category_idx').on(t.categoryId),
    check(
      'quiz_slots_kind_ck',
      sql`(${t.questionId} is not null and ${t.categoryId} is null and ${t.pickCount} is null) or (${t.questionId} is null and ${t.categoryId} is not null and ${t.pickCount} between 1 and 200)`,
    ),
  ],
);

/**
 * A student's attempt. `layout` fixes, at the start, the questions in their order with each one's
 * option order ([{ question_id, order?: string[] }]), so a reload or another phone shows the same.
 * `dueAt` is when the server closes it (start + time limit, or the quiz's close time if sooner).
 * Scores are points; `score` is null until every answer is graded (essays by hand).
 */
export const quizAttempts = pgTable(
  'quiz_attempts',
  {
    id: serial('id').primaryKey(),
    quizId: integer('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    number: smallint('number').notNull(),
    layout: jsonb('layout').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    /** Closed by the server when the time ran out (not handed in by the student). */
    timedOut: boolean('timed_out').notNull().default(false),
    score: doublePrecision('score'),
    maxScore: integer('max_score').notNull(),
    /** Issue 41: minutes the proctor added ("tambah waktu"), already counted in dueAt. */
    extraMinutes: smallint('extra_minutes').notNull().default(0),
    /** Exam mode: the session (auth token id) the attempt is bound to; null after the proctor's "reset login". */
    sessionId: integer('session_id'),
    /** Exam mode: how often the student left the exam page, and when last. */
    leaveCount: integer('leave_count').notNull().default(0),
    lastLeftAt: timestamp('last_left_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('quiz_attempts_number_uq').on(t.quizId, t.studentId, t.number),
    index('quiz_attempts_quiz_idx').on(t.quizId, t.studentId),
    index('quiz_attempts_student_idx').on(t.studentId),
    index('quiz_attempts_open_due_idx')
      .on(t.dueAt)
      .where(sql`${t.finishedAt} is null`),
  ],
);

/** The answer to one question of an attempt, saved as given (the last write wins). */
export const quizAnswers = pgTable(
  'quiz_answers',
  {
    attemptId: integer('attempt_id')
      .notNull()
      .references(() => quizAttempts.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'no action' }),
    answer: jsonb('answer').notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Points given by the key (null for an essay); manualPoints, when set, overrides them. */
    autoPoints: doublePrecision('auto_points'),
    manualPoints: doublePrecision('manual_points'),
    feedback: text('feedback'),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.questionId] }), index('quiz_answers_question_idx').on(t.questionId)],
);

/** Issue 41: a student's use of an exam token (one per token window): a replay or a second tab conflicts here. */
export const quizTokenClaims = pgTable(
  'quiz_token_claims',
  {
    quizId: integer('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The token's time window (seconds since the epoch / EXAM_TOKEN_PERIOD_SECONDS). */
    window: bigint('window', { mode: 'number' }).notNull(),
    attemptId: integer('attempt_id').references(() => quizAttempts.id, { onDelete: 'cascade' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.quizId, t.studentId, t.window] }),
    index('quiz_token_claims_student_idx').on(t.studentId),
    index('quiz_token_claims_attempt_idx').on(t.attemptId),
  ],
);

/** Issue 41: each time a student left the exam page, and when they came back. */
export const quizAttemptLeaves = pgTable(
  'quiz_attempt_leaves',
  {
    id: serial('id').primaryKey(),
    attemptId: integer('attempt_id')
      .notNull()
      .references(() => quizAttempts.id, { onDelete: 'cascade' }),
    leftAt: timestamp('left_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    backAt: timestamp('back_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('quiz_attempt_leaves_attempt_idx').on(t.attemptId, t.leftAt)],
);

/** Issue 41: one student's own dates, time limit and extra attempts for a quiz. */
export const quizOverrides = pgTable(
  'quiz_overrides',
  {
    quizId: integer('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    opensAt: timestamp('opens_at', { withTimezone: true, mode: 'date' }),
    closesAt: timestamp('closes_at', { withTimezone: true, mode: 'date' }),
    timeLimitMinutes: smallint('time_limit_minutes'),
    extraAttempts: smallint('extra_attempts').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.quizId, t.studentId] }),
    index('quiz_overrides_student_idx').on(t.studentId),
    check('quiz_overrides_window_ck', sql`${t.closesAt} is null or ${t.opensAt} is null or ${t.closesAt} > ${t.opensAt}`),
    check('quiz_overrides_limit_ck', sql`${t.timeLimitMinutes} is null or ${t.timeLimitMinutes} between 1 and 600`),
    check('quiz_overrides_attempts_ck', sql`${t.extraAttempts} between 0 and 20`),
  ],
);
