/** Bulk user imports (a spreadsheet's progress). */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { users } from './users.js';

/**
 * A user import the admin started: its plan waits here for the background job (pg-boss queue
 * `user-import`), which writes it in one transaction and keeps the new users' first passwords
 * only until each one's first sign-in or 7 days.
 */
export const userImports = pgTable(
  'user_imports',
  {
    id: serial('id').primaryKey(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** queued → running → done | failed */
    status: varchar('status', { length: 10 }).notNull().default('queued'),
    total: integer('total').notNull(),
    done: integer('done').notNull().default(0),
    /** Counts of the preview: create, update, unchanged. */
    summary: jsonb('summary').notNull(),
    /** The planned rows; cleared once written. */
    plan: jsonb('plan'),
    /**
     * The first passwords for the slips (user id, name, rombel, username, password): each is erased at that
     * user's first sign-in, and all of them 7 days after `finishedAt` (features/imports/slips.ts).
     */
    credentials: jsonb('credentials'),
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    /** When a run was cut off (its instance restarted or crashed) and the import started again (features/imports/job.ts). */
    resumedAt: timestamp('resumed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('user_imports_slips_idx')
      .on(t.finishedAt)
      .where(sql`${t.credentials} is not null`),
  ],
);

/*
 * Quizzes and exams (ulangan). A teacher's question bank (categories of questions) is theirs
 * alone and usable in every class they teach. A quiz is an item of a content, like an assignment,
 * made of slots: a fixed question, or a number of questions drawn at random from a category.
 * An attempt fixes its questions, their order and their options' order when it starts (layout),
 * and every answer is a row of its own, saved the moment it is given. See docs/features/quizzes.md.
 */
