/**
 * Nilai rapor (issue 39, migration 0025): grade categories with weights (the school's default and
 * each class's own), the class's KKTP and release, tujuan pembelajaran (TP) with their tags on
 * work, the report descriptions, and rubrics. assignments.category_id/rubric_id,
 * quizzes.category_id, submissions.last_score/rubric_marks and semesters.grades_locked_* are
 * declared with their tables.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { assignments } from './assignments.js';
import { onlineClasses } from './classes.js';
import { quizSlots, quizzes } from './quizzes.js';
import { subjects } from './school-year.js';
import { users } from './users.js';

/** Which e-Rapor column a category fills (null: none, e.g. formatif). */
export type EraporPart = 'lingkup_materi' | 'akhir_tes' | 'akhir_non_tes';

const categoryColumns = () => ({
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 60 }).notNull(),
  weight: smallint('weight').notNull(),
  dropLowest: smallint('drop_lowest').notNull().default(0),
  /** Work not handed in once its closing time has passed counts as 0 (else it is left out). */
  missingCountsZero: boolean('missing_counts_zero').notNull().default(true),
  eraporPart: varchar('erapor_part', { length: 20 }).$type<EraporPart | null>(),
  position: smallint('position').notNull().default(0),
});

/** The school's default scheme, copied into a class the first time its scheme is read. */
export const gradeCategoryDefaults = pgTable('grade_category_defaults', categoryColumns(), () => [
  uniqueIndex('grade_category_defaults_name_uq').on(sql`lower(name)`),
]);

export const gradeCategories = pgTable(
  'grade_categories',
  {
    ...categoryColumns(),
    onlineClassId: integer('online_class_id')
      .notNull()
      .references(() => onlineClasses.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('grade_categories_class_name_uq').on(t.onlineClassId, sql`lower(${t.name})`),
    index('grade_categories_class_idx').on(t.onlineClassId, t.position),
  ],
);

/** A class's KKTP, release and scheme revision (a row once the scheme was read or changed). */
export const classGradeSettings = pgTable(
  'class_grade_settings',
  {
    onlineClassId: integer('online_class_id')
      .primaryKey()
      .references(() => onlineClasses.id, { onDelete: 'cascade' }),
    kktp: smallint('kktp').notNull().default(75),
    releasedAt: timestamp('released_at', { withTimezone: true, mode: 'date' }),
    revision: integer('revision').notNull().default(1),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [index('class_grade_settings_updated_by_idx').on(t.updatedBy)],
);

/** Tujuan pembelajaran per subject and grade, in e-Rapor's order. */
export const learningObjectives = pgTable(
  'learning_objectives',
  {
    id: serial('id').primaryKey(),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    grade: smallint('grade').notNull(),
    code: varchar('code', { length: 20 }).notNull(),
    description: varchar('description', { length: 500 }).notNull(),
    position: smallint('position').notNull().default(0),
    /** e-Rapor's tp_id (a UUID), once read from one of its templates. */
    eraporId: varchar('erapor_id', { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('learning_objectives_code_uq').on(t.subjectId, t.grade, sql`lower(${t.code})`),
    index('learning_objectives_order_idx').on(t.subjectId, t.grade, t.position),
    index('learning_objectives_erapor_idx').on(t.eraporId),
  ],
);

export const assignmentObjectives = pgTable(
  'assignment_objectives',
  {
    assignmentId: integer('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    objectiveId: integer('objective_id')
      .notNull()
      .references(() => learningObjectives.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.assignmentId, t.objectiveId] }), index('assignment_objectives_objective_idx').on(t.objectiveId)],
);

export const quizObjectives = pgTable(
  'quiz_objectives',
  {
    quizId: integer('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    objectiveId: integer('objective_id')
      .notNull()
      .references(() => learningObjectives.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.quizId, t.objectiveId] }), index('quiz_objectives_objective_idx').on(t.objectiveId)],
);

/** A single question (slot) of a quiz tagged with TPs: those TPs take that slot's points. */
export const quizSlotObjectives = pgTable(
  'quiz_slot_objectives',
  {
    slotId: integer('slot_id')
      .notNull()
      .references(() => quizSlots.id, { onDelete: 'cascade' }),
    objectiveId: integer('objective_id')
      .notNull()
      .references(() => learningObjectives.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.slotId, t.objectiveId] }), index('quiz_slot_objectives_objective_idx').on(t.objectiveId)],
);

/** A student's report description in a class, when the teacher edited it (null parts: written from the TPs). */
export const reportDescriptions = pgTable(
  'report_descriptions',
  {
    onlineClassId: integer('online_class_id')
      .notNull()
      .references(() => onlineClasses.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    achieved: varchar('achieved', { length: 1000 }),
    toImprove: varchar('to_improve', { length: 1000 }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.onlineClassId, t.studentId] }),
    index('report_descriptions_student_idx').on(t.studentId),
    index('report_descriptions_updated_by_idx').on(t.updatedBy),
  ],
);

/** One criterion of a rubric: levels best first or worst first, as the teacher wrote them. */
export interface RubricCriterion {
  title: string;
  description: string | null;
  max_points: number;
  levels: Array<{ title: string; description: string | null; points: number }>;
}

/** A teacher's rubric, reusable on their assignments; one that graded work is copied ("Salin") to change. */
export const rubrics = pgTable(
  'rubrics',
  {
    id: serial('id').primaryKey(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 120 }).notNull(),
    criteria: jsonb('criteria').notNull().$type<RubricCriterion[]>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('rubrics_teacher_idx').on(t.teacherId)],
);
