/**
 * The school year (issue 37, migration 0023): semesters, subjects, teaching assignments with their
 * teachers, wali kelas, bell times and the weekly timetable.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  time,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { departments, rombelClasses } from './school.js';
import { users } from './users.js';

/** Terms of a school year: 1 Ganjil (July–December), 2 Genap (January–June). */
export const semesters = pgTable(
  'semesters',
  {
    id: serial('id').primaryKey(),
    /** "2026/2027". */
    schoolYear: varchar('school_year', { length: 9 }).notNull(),
    term: smallint('term').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    /** Exactly one semester is active (a partial unique index; an overlap is refused by an exclusion constraint). */
    active: boolean('active').notNull().default(false),
    /** "Kunci nilai" (issue 39): the semester's grades are locked since then; null: open. */
    gradesLockedAt: timestamp('grades_locked_at', { withTimezone: true, mode: 'date' }),
    gradesLockedBy: integer('grades_locked_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('semesters_year_term_uq').on(t.schoolYear, t.term),
    uniqueIndex('semesters_one_active_uq')
      .on(sql`(true)`)
      .where(sql`${t.active}`),
  ],
);

/** Mata pelajaran. `grades` ⊆ {10, 11, 12}; the departments that take it are `subjectDepartments` (none: all). */
export const subjects = pgTable(
  'subjects',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 20 }).notNull(),
    name: varchar('name', { length: 150 }).notNull(),
    /** 'umum' | 'kejuruan' | 'mulok' (muatan lokal). */
    group: varchar('group_kind', { length: 10 }).notNull(),
    grades: smallint('grades')
      .array()
      .notNull()
      .default(sql`'{10,11,12}'`),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('subjects_code_lower_uq').on(sql`lower(${t.code})`), uniqueIndex('subjects_name_lower_uq').on(sql`lower(${t.name})`)],
);

export const subjectDepartments = pgTable(
  'subject_departments',
  {
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.subjectId, t.departmentId] })],
);

/** Pembagian tugas mengajar: semester × rombel × subject, owning one online class. */
export const teachingAssignments = pgTable(
  'teaching_assignments',
  {
    id: serial('id').primaryKey(),
    semesterId: integer('semester_id')
      .notNull()
      .references(() => semesters.id, { onDelete: 'restrict' }),
    rombelClassId: integer('rombel_class_id')
      .notNull()
      .references(() => rombelClasses.id, { onDelete: 'restrict' }),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'restrict' }),
    hoursPerWeek: smallint('hours_per_week').notNull().default(2),
    /** The online class the assignment owns (online_classes is declared in classes.ts, which imports this file). */
    onlineClassId: integer('online_class_id').notNull().unique('teaching_assignments_class_uq'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('teaching_assignments_uq').on(t.semesterId, t.rombelClassId, t.subjectId),
    index('teaching_assignments_subject_idx').on(t.subjectId),
    index('teaching_assignments_rombel_idx').on(t.rombelClassId),
  ],
);

/** The teachers of an assignment; position 0 is the teacher whose class it is (online_classes.teacher_id). */
export const teachingAssignmentTeachers = pgTable(
  'teaching_assignment_teachers',
  {
    assignmentId: integer('assignment_id')
      .notNull()
      .references(() => teachingAssignments.id, { onDelete: 'cascade' }),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    position: smallint('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.assignmentId, t.teacherId] }), index('teaching_assignment_teachers_teacher_idx').on(t.teacherId)],
);

/** Wali kelas: one teacher per rombel per semester. */
export const homerooms = pgTable(
  'homerooms',
  {
    semesterId: integer('semester_id')
      .notNull()
      .references(() => semesters.id, { onDelete: 'cascade' }),
    rombelClassId: integer('rombel_class_id')
      .notNull()
      .references(() => rombelClasses.id, { onDelete: 'cascade' }),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.semesterId, t.rombelClassId] }), index('homerooms_teacher_idx').on(t.teacherId)],
);

/** Bell times per ISO weekday (1 Senin … 7 Minggu): lesson periods ("jam ke-N") and breaks (`period` null). */
export const bellPeriods = pgTable(
  'bell_periods',
  {
    id: serial('id').primaryKey(),
    day: smallint('day').notNull(),
    period: smallint('period'),
    /** "07:00:00". */
    startsAt: time('starts_at').notNull(),
    endsAt: time('ends_at').notNull(),
  },
  (t) => [
    unique('bell_periods_start_uq').on(t.day, t.startsAt),
    uniqueIndex('bell_periods_period_uq')
      .on(t.day, t.period)
      .where(sql`${t.period} is not null`),
  ],
);

/** The weekly timetable: one lesson period of a teaching assignment. A rombel is in one place at a time. */
export const timetableSlots = pgTable(
  'timetable_slots',
  {
    id: serial('id').primaryKey(),
    semesterId: integer('semester_id')
      .notNull()
      .references(() => semesters.id, { onDelete: 'cascade' }),
    assignmentId: integer('assignment_id')
      .notNull()
      .references(() => teachingAssignments.id, { onDelete: 'cascade' }),
    rombelClassId: integer('rombel_class_id')
      .notNull()
      .references(() => rombelClasses.id, { onDelete: 'cascade' }),
    day: smallint('day').notNull(),
    period: smallint('period').notNull(),
  },
  (t) => [
    unique('timetable_slots_rombel_uq').on(t.semesterId, t.rombelClassId, t.day, t.period),
    index('timetable_slots_assignment_idx').on(t.assignmentId),
  ],
);
