/** The files kept in storage (features point at stored_files; rows nothing points at are swept). */
import { bigint, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/** One row per file kept in storage; features point at it. Rows no feature points at are swept. */
export const storedFiles = pgTable('stored_files', {
  id: serial('id').primaryKey(),
  storageKey: varchar('storage_key', { length: 200 }).notNull().unique(),
  originalName: varchar('original_name', { length: 255 }).notNull(),
  mimeType: varchar('mime_type', { length: 150 }).notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  createdAt: createdAt(),
});
