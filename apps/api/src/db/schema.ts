import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
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
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** One row per file kept in storage; features point at it. Rows no feature points at are swept. */
export const storedFiles = pgTable('stored_files', {
  id: serial('id').primaryKey(),
  storageKey: varchar('storage_key', { length: 200 }).notNull().unique(),
  originalName: varchar('original_name', { length: 255 }).notNull(),
  mimeType: varchar('mime_type', { length: 150 }).notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  createdAt: createdAt(),
});

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
    check('users_role_ck', sql`${t.roleId} in (1, 2, 3)`),
    check('users_gender_ck', sql`${t.gender} is null or ${t.gender} in ('L', 'P')`),
  ],
);

export const departments = pgTable('departments', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 20 }).notNull().unique(),
  name: varchar('name', { length: 150 }).notNull(),
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Set by the year-end promotion: the class is read-only, hidden from dashboards, listed under "Arsip". */
    archivedAt: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('online_classes_rombel_idx').on(t.rombelClassId),
    index('online_classes_teacher_idx').on(t.teacherId),
    // The admin's archive list (newest first); only archived classes are indexed.
    index('online_classes_archived_idx')
      .on(t.archivedAt)
      .where(sql`${t.archivedAt} is not null`),
  ],
);

export const contents = pgTable(
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
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('materials_content_idx').on(t.contentId, t.position),
    index('materials_file_idx').on(t.fileId),
    check('materials_file_or_url_ck', sql`(${t.fileId} is null) <> (${t.url} is null)`),
  ],
);

export const forums = pgTable(
  'forums',
  {
    id: serial('id').primaryKey(),
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
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
  (t) => [index('forums_content_idx').on(t.contentId, t.position), index('forums_author_idx').on(t.authorId)],
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

export const assignments = pgTable(
  'assignments',
  {
    id: serial('id').primaryKey(),
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('assignments_closes_ck', sql`${t.closesAt} is null or ${t.closesAt} >= ${t.deadline}`),
    index('assignments_content_idx').on(t.contentId, t.position),
    index('assignments_author_idx').on(t.authorId),
    index('assignments_deadline_idx').on(t.deadline),
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

/**
 * The bell: one row per notification of one user. `dedupe_key` makes a row once per (user, key):
 * a due-soon reminder is sent once per assignment, and a summary ("5 siswa mengumpulkan Tugas 3")
 * is the same row counted up (and made unread again) instead of one row per hand-in.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 32 }).notNull(),
    /** Who caused it (a teacher, a student); null when the system did (reminders, imports). */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The object's title ("Tugas 3", a forum topic, an import's summary). */
    subject: varchar('subject', { length: 255 }).notNull(),
    /** Where it lives (the class's name), when that helps. */
    context: varchar('context', { length: 255 }),
    /** The app path it opens. */
    link: varchar('link', { length: 500 }).notNull(),
    dedupeKey: varchar('dedupe_key', { length: 100 }),
    count: integer('count').notNull().default(1),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    /** Included in an e-mail digest. */
    emailedAt: timestamp('emailed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    uniqueIndex('notifications_user_key_uq').on(t.userId, t.dedupeKey),
    index('notifications_created_idx').on(t.createdAt),
    index('notifications_actor_idx').on(t.actorId),
  ],
);

/**
 * What the live streams carry, in commit order (publishers take one advisory lock): a stream
 * that reconnects with its last event id is sent what it missed, without gaps or repeats. Topics:
 * `user:ID` (notifications), `forum:ID` (a thread's changes), `grading:ID` (an assignment's hand-ins).
 * Kept for a day.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    topic: varchar('topic', { length: 64 }).notNull(),
    data: jsonb('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('live_events_topic_idx').on(t.topic, t.id), index('live_events_created_idx').on(t.createdAt)],
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

/** Settings every instance shares (the signing secret of file links). */
export const appSettings = pgTable('app_settings', {
  key: varchar('key', { length: 100 }).primaryKey(),
  value: text('value').notNull(),
});

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
 * and every answer is a row of its own, saved the moment it is given. See docs/quizzes.md.
 */

/** A folder of the teacher's question bank (per subject or topic). */
export const questionCategories = pgTable(
  'question_categories',
  {
    id: serial('id').primaryKey(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('question_categories_teacher_name_uq').on(t.teacherId, sql`lower(${t.name})`)],
);

/**
 * One question of the bank. `data` holds the key by type (docs/quizzes.md): options with their
 * correct flags, the accepted answers and tolerance, the matching pairs, nothing for an essay.
 */
export const questions = pgTable(
  'questions',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => questionCategories.id, { onDelete: 'cascade' }),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 20 }).notNull(),
    text: text('text').notNull(),
    imageFileId: integer('image_file_id').references(() => storedFiles.id, { onDelete: 'restrict' }),
    points: smallint('points').notNull().default(1),
    data: jsonb('data').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('questions_category_idx').on(t.categoryId, t.id),
    index('questions_teacher_idx').on(t.teacherId),
    index('questions_image_idx').on(t.imageFileId),
    check('questions_type_ck', sql`${t.type} in ('multiple_choice', 'multiple_answer', 'true_false', 'short_answer', 'matching', 'essay')`),
    check('questions_points_ck', sql`${t.points} between 1 and 100`),
  ],
);

/** A quiz (kuis, ulangan) of a content. Times are instants; the screens show them in WIB. */
export const quizzes = pgTable(
  'quizzes',
  {
    id: serial('id').primaryKey(),
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 255 }).notNull(),
    description: text('description').notNull().default(''),
    /** Students may start from this instant (null: at once) until closesAt (null: never closes). */
    opensAt: timestamp('opens_at', { withTimezone: true, mode: 'date' }),
    closesAt: timestamp('closes_at', { withTimezone: true, mode: 'date' }),
    /** Minutes an attempt may last (null: no limit but the close time). */
    timeLimitMinutes: smallint('time_limit_minutes'),
    /** Attempts a student may make (0: unlimited). */
    attemptsAllowed: smallint('attempts_allowed').notNull().default(1),
    /** Which attempt counts: 'highest' or 'last'. */
    gradingMethod: varchar('grading_method', { length: 10 }).notNull().default('highest'),
    shuffleQuestions: boolean('shuffle_questions').notNull().default(false),
    shuffleOptions: boolean('shuffle_options').notNull().default(false),
    /** The attempt page shows one question at a time (else all on one page). */
    onePerPage: boolean('one_per_page').notNull().default(true),
    /** When a student sees their score: 'after_submit', 'after_close' or 'never'. */
    showResults: varchar('show_results', { length: 15 }).notNull().default('after_submit'),
    /** With the results, each question with its correct answer. */
    showReview: boolean('show_review').notNull().default(false),
    position: integer('position').notNull().default(0),
    hidden: boolean('hidden').notNull().default(false),
    publishAt: timestamp('publish_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('quizzes_content_idx').on(t.contentId, t.position),
    index('quizzes_author_idx').on(t.authorId),
    check('quizzes_window_ck', sql`${t.closesAt} is null or ${t.opensAt} is null or ${t.closesAt} > ${t.opensAt}`),
    check('quizzes_limit_ck', sql`${t.timeLimitMinutes} is null or ${t.timeLimitMinutes} between 1 and 600`),
    check('quizzes_attempts_ck', sql`${t.attemptsAllowed} between 0 and 20`),
    check('quizzes_grading_ck', sql`${t.gradingMethod} in ('highest', 'last')`),
    check('quizzes_results_ck', sql`${t.showResults} in ('after_submit', 'after_close', 'never')`),
  ],
);

/** One place of a quiz: a fixed question, or `pickCount` questions drawn from a category per attempt. */
export const quizSlots = pgTable(
  'quiz_slots',
  {
    id: serial('id').primaryKey(),
    quizId: integer('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    // No action (checked at the statement's end): a teacher deleted with their quizzes and bank goes in one statement.
    questionId: integer('question_id').references(() => questions.id, { onDelete: 'no action' }),
    categoryId: integer('category_id').references(() => questionCategories.id, { onDelete: 'no action' }),
    pickCount: smallint('pick_count'),
  },
  (t) => [
    index('quiz_slots_quiz_idx').on(t.quizId, t.position),
    index('quiz_slots_question_idx').on(t.questionId),
    index('quiz_slots_category_idx').on(t.categoryId),
    check(
      'quiz_slots_kind_ck',
      sql`(${t.questionId} is not null and ${t.categoryId} is null and ${t.pickCount} is null) or (${t.questionId} is null and ${t.categoryId} is not null and ${t.pickCount} between 1 and 200)`,
    ),
  ],
);

/**
 * A student's attempt. `layout` fixes, at the start, the questions in their order with each one's
 * option order ([{ question_id, order?: string[] }]), so a reload or another phone shows the same.
 * `dueAt` is when the server closes it (start + time limit, or the quiz's close time if sooner).
 * Scores are points; `score` is null until every answer is graded (essays by hand).
 */
export const quizAttempts = pgTable(
  'quiz_attempts',
  {
    id: serial('id').primaryKey(),
    quizId: integer('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    number: smallint('number').notNull(),
    layout: jsonb('layout').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    /** Closed by the server when the time ran out (not handed in by the student). */
    timedOut: boolean('timed_out').notNull().default(false),
    score: doublePrecision('score'),
    maxScore: integer('max_score').notNull(),
  },
  (t) => [
    uniqueIndex('quiz_attempts_number_uq').on(t.quizId, t.studentId, t.number),
    index('quiz_attempts_student_idx').on(t.studentId),
    index('quiz_attempts_open_due_idx')
      .on(t.dueAt)
      .where(sql`${t.finishedAt} is null`),
  ],
);

/** The answer to one question of an attempt, saved as given (the last write wins). */
export const quizAnswers = pgTable(
  'quiz_answers',
  {
    attemptId: integer('attempt_id')
      .notNull()
      .references(() => quizAttempts.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'no action' }),
    answer: jsonb('answer').notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Points given by the key (null for an essay); manualPoints, when set, overrides them. */
    autoPoints: doublePrecision('auto_points'),
    manualPoints: doublePrecision('manual_points'),
    feedback: text('feedback'),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.questionId] }), index('quiz_answers_question_idx').on(t.questionId)],
);

/**
 * The audit log (ASVS V16): one row per admin write and per grade change, append-only (the code
 * only inserts; nothing updates or deletes a row, and no job prunes it). The actor is kept by
 * name and role too, so a row outlives its user; before/after hold the changed fields, never a
 * password, token or slip (audit/record.ts strips such keys). See docs/audit-log.md.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** No foreign key: deleting the user keeps their rows. */
    actorId: integer('actor_id'),
    actorName: varchar('actor_name', { length: 100 }).notNull(),
    actorRole: varchar('actor_role', { length: 10 }).notNull(),
    ip: varchar('ip', { length: 64 }),
    action: varchar('action', { length: 40 }).notNull(),
    targetType: varchar('target_type', { length: 20 }).notNull(),
    targetId: integer('target_id'),
    summary: varchar('summary', { length: 300 }).notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_actor_idx').on(t.actorId, t.id),
    index('audit_log_action_idx').on(t.action, t.id),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.id),
  ],
);
