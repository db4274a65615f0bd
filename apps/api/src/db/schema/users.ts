/** People and their sign-in: users with their teacher or student record, sessions (auth tokens), failed logins. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { storedFiles } from './files.js';
import { rombelClasses } from './school.js';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    roleId: smallint('role_id').notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    username: varchar('username', { length: 50 }).notNull(),
    email: varchar('email', { length: 255 }),
    passwordHash: text('password_hash').notNull(),
    gender: varchar('gender', { length: 1 }),
    religion: varchar('religion', { length: 20 }),
    birthday: date('birthday', { mode: 'string' }),
    address: text('address'),
    /** 0812-3456-7890 (contract telponOf): 10 to 14 digits, up to 16 characters. */
    telpon: varchar('telpon', { length: 20 }),
    status: smallint('status').notNull().default(1),
    /** Set by the admin (and the import): until the user sets a new password nothing else works. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    avatarFileId: integer('avatar_file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    index('users_role_name_idx').on(t.roleId, t.name),
    // The admin's user list pages in this order (role, name ignoring case, id): a page reads 50 index entries instead of sorting every user.
    index('users_role_lower_name_idx').on(t.roleId, sql`lower(${t.name})`, t.id),
    index('users_avatar_file_idx').on(t.avatarFileId),
    // The list filtered to deactivated users (few) in the list's order; the active ones are served by the index above.
    index('users_inactive_idx')
      .on(t.roleId, sql`lower(${t.name})`, t.id)
      .where(sql`${t.status} = 0`),
    check('users_role_ck', sql`${t.roleId} in (1, 2, 3, 4)`),
    check('users_gender_ck', sql`${t.gender} is null or ${t.gender} in ('L', 'P')`),
  ],
);

export const teachers = pgTable('teachers', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  nip: varchar('nip', { length: 18 }),
  nik: varchar('nik', { length: 16 }),
});

export const students = pgTable(
  'students',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    rombelClassId: integer('rombel_class_id').references(() => rombelClasses.id, { onDelete: 'restrict' }),
    /** NIS or NIPD: digits, dots and dashes ("2122.10.001"). */
    nis: varchar('nis', { length: 20 }),
    /** NISN: 10 digits, unique in the school. */
    nisn: varchar('nisn', { length: 10 }),
  },
  (t) => [
    index('students_rombel_idx').on(t.rombelClassId),
    uniqueIndex('students_nisn_unique')
      .on(t.nisn)
      .where(sql`${t.nisn} is not null`),
  ],
);

/** Pages half full (migration 0029, fillfactor 50): the five-minute last_used_at write stays on its page (a HOT update). */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('auth_tokens_user_idx').on(t.userId)],
);

/**
 * Counters in a time window, shared by every server instance: failed logins per key ("a:<userId>",
 * "a:<userId>|<address>", "ip:<address>", auth/login-limits.ts) and comments per user ("c:<userId>").
 */
export const loginFailures = pgTable('login_failures', {
  key: varchar('key', { length: 300 }).primaryKey(),
  count: integer('count').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
