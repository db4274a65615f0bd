/** The school itself: departments (jurusan), rombels, the login page's motivational words, shared settings. */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

export const departments = pgTable('departments', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 20 }).notNull().unique(),
  name: varchar('name', { length: 150 }).notNull(),
  /** "TKJ", "AKL": what class names and the timetable show. */
  shortName: varchar('short_name', { length: 20 }).notNull().default(''),
  enabled: boolean('enabled').notNull().default(false),
});

export const rombelClasses = pgTable(
  'rombel_classes',
  {
    id: serial('id').primaryKey(),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 100 }).notNull(),
    grade: smallint('grade').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('rombel_classes_department_idx').on(t.departmentId), check('rombel_classes_grade_ck', sql`${t.grade} in (10, 11, 12)`)],
);

export const motivationalWords = pgTable(
  'motivational_words',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 255 }).notNull(),
    body: text('body').notNull(),
    from: varchar('from_name', { length: 255 }).notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('motivational_words_active_idx').on(t.active)],
);

/** Settings every instance shares (the signing secret of file links). */
export const appSettings = pgTable('app_settings', {
  key: varchar('key', { length: 100 }).primaryKey(),
  value: text('value').notNull(),
});
