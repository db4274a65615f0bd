/**
 * Parents (issue 40, migration 0026): the parent role's own record, its links to children, the
 * pairing codes students make, the wali kelas's messages to a child's parents and the weekly
 * summaries.
 */
import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './users.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const parents = pgTable(
  'parents',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** NIK from Dapodik: the same parent named on siblings' rows is one account. */
    nik: varchar('nik', { length: 16 }),
    /** When the parent read what the school keeps about them (UU PDP); null until the first sign-in's notice is accepted. */
    privacyAcceptedAt: ts('privacy_accepted_at'),
  },
  (t) => [
    uniqueIndex('parents_nik_uq')
      .on(t.nik)
      .where(sql`${t.nik} is not null`),
  ],
);

export const PARENT_RELATIONS = ['ayah', 'ibu', 'wali'] as const;
export const PARENT_LINK_SOURCES = ['import', 'homeroom', 'pairing', 'admin'] as const;

export const parentLinks = pgTable(
  'parent_links',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    relation: varchar('relation', { length: 10, enum: PARENT_RELATIONS }).notNull(),
    source: varchar('source', { length: 10, enum: PARENT_LINK_SOURCES }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('parent_links_pair_uq').on(t.parentId, t.studentId), index('parent_links_student_idx').on(t.studentId)],
);

export const pairingCodes = pgTable(
  'pairing_codes',
  {
    id: serial('id').primaryKey(),
    studentId: integer('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of the code as typed without its dash, upper case. */
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    usedBy: integer('used_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('pairing_codes_hash_uq').on(t.codeHash), index('pairing_codes_student_idx').on(t.studentId)],
);

export const parentMessages = pgTable(
  'parent_messages',
  {
    id: serial('id').primaryKey(),
    studentId: integer('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('parent_messages_student_idx').on(t.studentId, t.createdAt.desc())],
);

export const parentSummaries = pgTable(
  'parent_summaries',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The Monday (WIB) of the week summed up. */
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    body: jsonb('body').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** Set just before the mail is handed to SMTP: a run killed after it sends nothing twice. */
    emailClaimedAt: ts('email_claimed_at'),
    emailedAt: ts('emailed_at'),
  },
  (t) => [uniqueIndex('parent_summaries_week_uq').on(t.parentId, t.weekStart)],
);
