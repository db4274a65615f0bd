/** Online classes and what is in them: contents ("Pembelajaran"), materials, forums with comments, announcements. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { storedFiles } from './files.js';
import { rombelClasses } from './school.js';
import { semesters } from './school-year.js';
import { users } from './users.js';

export const onlineClasses = pgTable(
  'online_classes',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 255 }).notNull(),
    description: text('description'),
    rombelClassId: integer('rombel_class_id')
      .notNull()
      .references(() => rombelClasses.id, { onDelete: 'restrict' }),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The semester the class belongs to; left out on insert, the active one (a trigger, migration 0023). */
    semesterId: integer('semester_id').references((): AnyPgColumn => semesters.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Set by the year-end promotion: the class is read-only, hidden from dashboards, listed under "Arsip". */
    archivedAt: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('online_classes_rombel_idx').on(t.rombelClassId),
    index('online_classes_teacher_idx').on(t.teacherId),
    index('online_classes_semester_idx').on(t.semesterId),
    // The admin's archive list (newest first); only archived classes are indexed.
    index('online_classes_archived_idx')
      .on(t.archivedAt)
      .where(sql`${t.archivedAt} is not null`),
  ],
);

export const lessons = pgTable(
  'contents',
  {
    id: serial('id').primaryKey(),
    onlineClassId: integer('online_class_id')
      .notNull()
      .references(() => onlineClasses.id, { onDelete: 'cascade' }),
    /** "Pembelajaran N": given once (the class's highest + 1), never renumbered when another content goes. */
    number: integer('number').notNull(),
    /** Place in the class's agenda (ascending); the teacher reorders. */
    position: integer('position').notNull(),
    title: varchar('title', { length: 255 }).notNull(),
    description: text('description'),
    /** Hidden from students (a draft) until the teacher shows it. */
    hidden: boolean('hidden').notNull().default(false),
    /** Scheduled: students see it from this instant on (null: as soon as it is not hidden). */
    publishAt: timestamp('publish_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('contents_class_idx').on(t.onlineClassId, t.position, t.id),
    uniqueIndex('contents_class_number_uq').on(t.onlineClassId, t.number),
  ],
);

export const materials = pgTable(
  'materials',
  {
    id: serial('id').primaryKey(),
    lessonId: integer('content_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 255 }).notNull(),
    /** A file material; several materials (copies in other classes) may share one stored file. */
    fileId: integer('file_id').references(() => storedFiles.id, { onDelete: 'restrict' }),
    /** A link material (http or https only); exactly one of file_id and url is set. */
    url: varchar('url', { length: 2000 }),
    position: integer('position').notNull().default(0),
    /** Hidden from students (a draft) until the teacher shows it. */
    hidden: boolean('hidden').notNull().default(false),
    /** Scheduled: students see it from this instant on (null: as soon as it is not hidden). */
    publishAt: timestamp('publish_at', { withTimezone: true, mode: 'date' }),
    /** Issue 42: when students were first told of it (announced once, see notifications/events.ts). */
    announcedAt: timestamp('announced_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('materials_content_idx').on(t.lessonId, t.position),
    index('materials_file_idx').on(t.fileId),
    check('materials_file_or_url_ck', sql`(${t.fileId} is null) <> (${t.url} is null)`),
  ],
);

export const forums = pgTable(
  'forums',
  {
    id: serial('id').primaryKey(),
    lessonId: integer('content_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topic: varchar('topic', { length: 255 }).notNull(),
    description: text('description'),
    position: integer('position').notNull().default(0),
    /** Hidden from students (a draft) until the teacher shows it. */
    hidden: boolean('hidden').notNull().default(false),
    /** Scheduled: students see it from this instant on (null: as soon as it is not hidden). */
    publishAt: timestamp('publish_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('forums_content_idx').on(t.lessonId, t.position), index('forums_author_idx').on(t.authorId)],
);

export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    forumId: integer('forum_id')
      .notNull()
      .references(() => forums.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    /** The comment or reply this one answers (shown as "@Name"); parent_id stays the thread's top-level comment. */
    replyToId: integer('reply_to_id').references((): AnyPgColumn => comments.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** Set when the author changed the text (within 15 minutes of posting): shown as "diedit". */
    editedAt: timestamp('edited_at', { withTimezone: true, mode: 'date' }),
    /** Deleted while it had replies: kept as "Komentar ini telah dihapus." (body emptied, author hidden) so the replies stay. */
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('comments_forum_idx').on(t.forumId, t.id),
    index('comments_parent_idx').on(t.parentId),
    index('comments_reply_to_idx').on(t.replyToId),
    index('comments_author_idx').on(t.authorId),
  ],
);

/** People a forum comment mentions ("@Budi Santoso"); only members of the forum's class are kept. */
export const commentMentions = pgTable(
  'comment_mentions',
  {
    commentId: integer('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] }), index('comment_mentions_user_idx').on(t.userId)],
);

/** "Pengumuman": a class-wide message of the teacher, shown above the contents, newest first. */
export const announcements = pgTable(
  'announcements',
  {
    id: serial('id').primaryKey(),
    onlineClassId: integer('online_class_id')
      .notNull()
      .references(() => onlineClasses.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('announcements_class_idx').on(t.onlineClassId, t.createdAt), index('announcements_author_idx').on(t.authorId)],
);
