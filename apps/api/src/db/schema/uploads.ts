/** Resumable (tus) uploads in flight, each owned by its user (files/resumable.ts). */
import { bigint, boolean, index, integer, pgTable, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { users } from './users.js';

/**
 * A resumable (tus) upload in progress or finished but not yet used by a form (files/resumable.ts).
 * Its bytes live in the tus store; a form that names the id copies them into storage and deletes
 * the upload. Rows older than a day are removed with their bytes by an hourly job.
 */
export const resumableUploads = pgTable(
  'resumable_uploads',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references((): AnyPgColumn => users.id, { onDelete: 'cascade' }),
    originalName: varchar('original_name', { length: 255 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** Its first bytes showed a type that may not be stored: its bytes are gone, the id answers 415. */
    refused: boolean('refused').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('resumable_uploads_user_idx').on(t.userId), index('resumable_uploads_created_idx').on(t.createdAt)],
);
