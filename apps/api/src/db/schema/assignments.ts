/** Assignments and the students' work: submissions, their files and versions, private comments, extensions. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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

/** One criterion's mark of a rubric grade: the level chosen (its index; null: not chosen) and a comment. */
export interface RubricMark {
  level: number | null;
  comment: string | null;
}

export const assignments = pgTable(
  'assignments',
  {
    id: serial('id').primaryKey(),
    lessonId: integer('content_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    /**
     * The class of its content (a content never changes class), kept beside it so a student's work
     * across the rombel's classes is read by class and deadline (workOfStudent) instead of content by content.
     */
    onlineClassId: integer('online_class_id')
      .notNull()
      .references(() => onlineClasses.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 255 }).notNull(),
    description: text('description').notNull(),
    deadline: timestamp('deadline', { withTimezone: true, mode: 'date' }).notNull(),
    /** After this instant hand-ins are refused; null: never closes (late work is accepted and marked). */
    closesAt: timestamp('closes_at', { withTimezone: true, mode: 'date' }),
    position: integer('position').notNull().default(0),
    /** Hidden from students (a draft) until the teacher shows it. */
    hidden: boolean('hidden').notNull().default(false),
    /** Scheduled: students see it from this instant on (null: as soon as it is not hidden). */
    publishAt: timestamp('publish_at', { withTimezone: true, mode: 'date' }),
    /** Issue 42: when students were first told of it (announced once, see notifications/events.ts). */
    announcedAt: timestamp('announced_at', { withTimezone: true, mode: 'date' }),
    /** Issue 39: its grade category (grade_categories; null: the class's first category) and rubric (rubrics). */
    categoryId: integer('category_id'),
    rubricId: integer('rubric_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('assignments_closes_ck', sql`${t.closesAt} is null or ${t.closesAt} >= ${t.deadline}`),
    index('assignments_content_idx').on(t.lessonId, t.position),
    index('assignments_author_idx').on(t.authorId),
    index('assignments_deadline_idx').on(t.deadline),
    index('assignments_class_deadline_idx').on(t.onlineClassId, t.deadline),
    index('assignments_category_idx').on(t.categoryId),
    index('assignments_rubric_idx').on(t.rubricId),
  ],
);

/**
 * The student's work for an assignment: one row per student and assignment, holding the current
 * version (its files are the submission_files rows of `version`). `submitted_at` is null while the
 * work is not handed in (never, or unsubmitted). A return keeps the graded version in
 * submission_versions and the next hand-in starts version + 1. `revision` changes with every
 * hand-in and unsubmit: a grade names the revision the teacher saw, so it never lands on work
 * the teacher did not see.
 */
export const submissions = pgTable(
  'submissions',
  {
    id: serial('id').primaryKey(),
    assignmentId: integer('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    version: integer('version').notNull().default(1),
    revision: integer('revision').notNull().default(1),
    textAnswer: text('text_answer'),
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }).defaultNow(),
    score: smallint('score'),
    feedback: text('feedback'),
    gradedAt: timestamp('graded_at', { withTimezone: true, mode: 'date' }),
    returnedAt: timestamp('returned_at', { withTimezone: true, mode: 'date' }),
    /** The latest grade: it stays while returned work, handed in again, waits for a new grade (issue 39). */
    lastScore: smallint('last_score'),
    /** Rubric grading, per criterion in the rubric's order. */
    rubricMarks: jsonb('rubric_marks').$type<RubricMark[]>(),
  },
  (t) => [
    uniqueIndex('submissions_assignment_student_uq').on(t.assignmentId, t.studentId),
    index('submissions_student_idx').on(t.studentId),
    check('submissions_score_ck', sql`${t.score} is null or (${t.score} between 0 and 100)`),
  ],
);

/** The files of every version of a submission, in the order the student gave them. */
export const submissionFiles = pgTable(
  'submission_files',
  {
    id: serial('id').primaryKey(),
    submissionId: integer('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    fileId: integer('file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'restrict' }),
    position: smallint('position').notNull(),
  },
  (t) => [index('submission_files_version_idx').on(t.submissionId, t.version, t.position), index('submission_files_file_idx').on(t.fileId)],
);

/** Earlier versions of a submission, kept when the teacher returns graded work (the history). */
export const submissionVersions = pgTable(
  'submission_versions',
  {
    id: serial('id').primaryKey(),
    submissionId: integer('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    textAnswer: text('text_answer'),
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }),
    score: smallint('score'),
    feedback: text('feedback'),
    gradedAt: timestamp('graded_at', { withTimezone: true, mode: 'date' }),
    returnedAt: timestamp('returned_at', { withTimezone: true, mode: 'date' }),
    rubricMarks: jsonb('rubric_marks').$type<RubricMark[]>(),
  },
  (t) => [uniqueIndex('submission_versions_uq').on(t.submissionId, t.version)],
);

/** The private thread between one student and the teacher about one assignment (exists before any hand-in). */
export const submissionComments = pgTable(
  'submission_comments',
  {
    id: serial('id').primaryKey(),
    assignmentId: integer('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('submission_comments_thread_idx').on(t.assignmentId, t.studentId, t.id),
    index('submission_comments_student_idx').on(t.studentId),
    index('submission_comments_author_idx').on(t.authorId),
  ],
);

/** A later deadline (and closing time) for one student of an assignment: "Perpanjang untuk siswa ini". */
export const assignmentExtensions = pgTable(
  'assignment_extensions',
  {
    assignmentId: integer('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deadline: timestamp('deadline', { withTimezone: true, mode: 'date' }).notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.assignmentId, t.studentId] }),
    index('assignment_extensions_student_idx').on(t.studentId),
    check('assignment_extensions_closes_ck', sql`${t.closesAt} is null or ${t.closesAt} >= ${t.deadline}`),
  ],
);
