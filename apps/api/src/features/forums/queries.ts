import { and, asc, eq, ilike, inArray, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { nextPosition } from '../lessons/queries.js';
import type { ForumComment, ForumReply, ForumThread, Mentionable, PageMeta } from '@kelasku/contract';
import type { Db, Executor } from '../../db/client.js';
import { preparedFor } from '../../db/prepared.js';
import { userOf } from '../../db/lookups.js';
import { commentMentions, comments, forums, students, users } from '../../db/schema.js';
import type { FileService } from '../../files/service.js';
import type { Comment, Content, Forum, OnlineClass } from '../../access/index.js';
import type { AuthUser } from '../../types.js';
import { assembleThread, toMentionable, toReply } from './present.js';

const authorColumns = { name: users.name, roleId: users.roleId, avatarFileId: users.avatarFileId };

/**
 * Comments with their author and the author of the comment each answers (`reply_to_id`, null when
 * none or deleted), in one statement: both are read through primary keys, once per row.
 */
const selectComments = (db: Db, where: SQL | undefined) => {
  const author = userOf(db, 'author', comments.authorId);
  const answered = alias(comments, 'answered');
  const replyTo = db
    .select({ authorId: answered.authorId, name: users.name })
    .from(answered)
    .innerJoin(users, eq(users.id, answered.authorId))
    .where(and(eq(answered.id, comments.replyToId), isNull(answered.deletedAt)))
    .limit(1)
    .as('reply_to');
  return db
    .select({
      c: comments,
      author: { name: author.name, roleId: author.roleId, avatarFileId: author.avatarFileId },
      replyTo: { authorId: replyTo.authorId, name: replyTo.name },
    })
    .from(comments)
    .innerJoinLateral(author, sql`true`)
    .leftJoinLateral(replyTo, sql`true`)
    .where(where)
    .orderBy(asc(comments.id));
};

/**
 * The forum's author and its comment counts (top-level rows for paging, and all living comments
 * with replies) in one statement. Placeholders: forumId, authorId.
 */
const forumHead = (db: Db) =>
  db
    .select({
      ...authorColumns,
      top: sql<number>`(select count(*)::int from ${comments} where ${comments.forumId} = ${sql.placeholder('forumId')} and ${comments.parentId} is null)`,
      all: sql<number>`(select count(*)::int from ${comments} where ${comments.forumId} = ${sql.placeholder('forumId')} and ${comments.deletedAt} is null)`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('authorId')))
    .limit(1);
/**
 * A page of top-level comments (oldest first) and every reply below them however deep, in one
 * statement. PostgreSQL cannot tell how many rows a recursion yields and guesses thousands, so
 * the shape leaves it no room for a plan made for thousands: the replies are found through the
 * parent index one comment at a time (`offset 0` keeps the lateral subquery from being folded
 * into a join, which hashed every comment of the school), and the rows are read by primary key
 * from an array (`in (…)` walked the whole primary key in a merge join). A 100-comment page of
 * the large school: 0.4–0.6 ms in PostgreSQL instead of 9–12 ms. Placeholders: forumId, limit, offset.
 */
const pageWithReplies = (db: Db) =>
  selectComments(
    db,
    sql`${comments.id} = any(array(with recursive page as (
          select id from comments where forum_id = ${sql.placeholder('forumId')} and parent_id is null
          order by id limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}
        ), below(id) as (
          select id from page
          union all select r.id from below b cross join lateral (select id from comments where parent_id = b.id offset 0) r
        ) select id from below))`,
  );

/** Every thread page runs both: named prepared statements (db/prepared.ts). */
const threadStatements = preparedFor((db) => ({
  head: forumHead(db).prepare('forum_head'),
  page: pageWithReplies(db).prepare('forum_page'),
}));

/**
 * One page of the thread: top-level comments `perPage` at a time (oldest first), each with every
 * reply below it however deep. Two queries at once whatever the length of the thread. There is no
 * whole-thread read: a forum may collect thousands of comments, and no request should read them all.
 */
export async function loadThreadPage(
  db: Db,
  files: FileService,
  user: AuthUser,
  content: Content,
  forum: Forum,
  page: number,
  perPage: number,
): Promise<{ thread: ForumThread; meta: PageMeta }> {
  const s = threadStatements(db);
  const [[head], rows] = await Promise.all([
    s.head.execute({ forumId: forum.id, authorId: forum.authorId }),
    s.page.execute({ forumId: forum.id, limit: perPage, offset: (page - 1) * perPage }),
  ]);
  const total = Number(head?.top ?? 0);
  return {
    thread: assembleThread(files, user, content, forum, head, rows, Number(head?.all ?? 0)),
    meta: { page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) },
  };
}

export interface ForumValues {
  topic: string;
  description: string | null;
}

export async function insertForum(db: Executor, lessonId: number, authorId: number, v: ForumValues): Promise<Forum> {
  const [row] = await db
    .insert(forums)
    .values({ lessonId, authorId, topic: v.topic, description: v.description, position: nextPosition(forums, lessonId) })
    .returning();
  return row!;
}

export async function updateForum(db: Executor, lessonId: number, forumId: number, v: ForumValues): Promise<Forum | null> {
  const [row] = await db
    .update(forums)
    .set({ topic: v.topic, description: v.description, updatedAt: new Date() })
    .where(and(eq(forums.id, forumId), eq(forums.lessonId, lessonId)))
    .returning();
  return row ?? null;
}

/** Deletes a forum; its comments and replies go with it (foreign keys cascade in the same statement). */
export async function deleteForum(db: Executor, lessonId: number, forumId: number): Promise<boolean> {
  const gone = await db
    .delete(forums)
    .where(and(eq(forums.id, forumId), eq(forums.lessonId, lessonId)))
    .returning({ id: forums.id });
  return gone.length > 0;
}

export interface NewComment {
  forumId: number;
  authorId: number;
  body: string;
  /** The top-level comment of a reply; null for a top-level comment. */
  parentId: number | null;
  /** The comment or reply a reply answers. */
  replyToId: number | null;
  /** Members of the class the text mentions (already filtered by {@link classMembersAmong}). */
  mentions: number[];
}

/** Adds a comment or a reply with its mentions, in one transaction. */
export async function insertComment(db: Db, v: NewComment): Promise<Comment> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(comments)
      .values({ forumId: v.forumId, authorId: v.authorId, body: v.body, parentId: v.parentId, replyToId: v.replyToId })
      .returning();
    await addMentions(tx, row!.id, v.mentions);
    return row!;
  });
}

/** Stores mentions of a comment; answers the users not mentioned by it before. */
async function addMentions(tx: Executor, commentId: number, userIds: number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const added = await tx
    .insert(commentMentions)
    .values(userIds.map((userId) => ({ commentId, userId })))
    .onConflictDoNothing()
    .returning({ userId: commentMentions.userId });
  return added.map((r) => r.userId);
}

/**
 * Changes the text of a living comment of the forum (marked edited) and replaces its mentions, in
 * one transaction. Answers the row and the users it newly mentions, or null when there is no such
 * living comment (deleted meanwhile).
 */
export async function updateComment(
  db: Db,
  forumId: number,
  commentId: number,
  body: string,
  mentions: number[],
): Promise<{ comment: Comment; mentioned: number[] } | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(comments)
      .set({ body, editedAt: new Date() })
      .where(and(eq(comments.id, commentId), eq(comments.forumId, forumId), isNull(comments.deletedAt)))
      .returning();
    if (!row) return null;
    await tx
      .delete(commentMentions)
      .where(and(eq(commentMentions.commentId, row.id), mentions.length > 0 ? notInArray(commentMentions.userId, mentions) : undefined));
    return { comment: row, mentioned: await addMentions(tx, row.id, mentions) };
  });
}

/** The class's members by id: its teacher, and the active students of its rombel. */
const memberOf = (klass: OnlineClass): SQL =>
  or(
    eq(users.id, klass.teacherId),
    and(
      eq(users.status, 1),
      inArray(users.id, sql`(select ${students.userId} from ${students} where ${students.rombelClassId} = ${klass.rombelClassId})`),
    ),
  )!;

/** Of these user ids, those of members of the class (one query); ids outside it are dropped. */
export async function classMembersAmong(db: Db, klass: OnlineClass, ids: readonly number[] | undefined): Promise<number[]> {
  const wanted = [...new Set(ids ?? [])];
  if (wanted.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, wanted), memberOf(klass)));
  const members = new Set(rows.map((r) => r.id));
  return wanted.filter((id) => members.has(id));
}

/** At most this many people are suggested for one `@`. */
export const MENTIONABLE_MAX = 20;

/**
 * The class's people for the `@` suggestions: its teacher and the active students of its rombel,
 * by name, at most {@link MENTIONABLE_MAX}; `q` keeps those whose name contains it (any case). The
 * teacher and the students are read through their own indexes and joined as one list.
 */
export async function listMentionable(db: Db, files: FileService, klass: OnlineClass, q: string | undefined): Promise<Mentionable[]> {
  const text = q?.trim() ?? '';
  const named = text ? ilike(users.name, `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined;
  const columns = { id: users.id, ...authorColumns };
  const members = db
    .select(columns)
    .from(users)
    .where(and(eq(users.id, klass.teacherId), named))
    .unionAll(
      db
        .select(columns)
        .from(students)
        .innerJoin(users, eq(users.id, students.userId))
        .where(and(eq(students.rombelClassId, klass.rombelClassId), eq(users.status, 1), named)),
    )
    .as('members');
  const rows = await db
    .select()
    .from(members)
    .orderBy(sql`lower(${members.name})`, members.id)
    .limit(MENTIONABLE_MAX);
  return rows.map((r) => toMentionable(files, r));
}

/**
 * The comment a reply under the top-level comment `rootId` answers: that comment or one of its
 * replies, living, of the forum; null otherwise.
 */
export async function replyTargetIn(db: Db, forumId: number, rootId: number, id: number): Promise<Comment | null> {
  const [row] = await db
    .select()
    .from(comments)
    .where(
      and(
        eq(comments.id, id),
        eq(comments.forumId, forumId),
        or(eq(comments.id, rootId), eq(comments.parentId, rootId)),
        isNull(comments.deletedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Locks a comment of the forum for the rest of the transaction: a reply to it waits, and sees what we did. */
async function lockComment(tx: Executor, forumId: number, commentId: number) {
  const [row] = await tx
    .select({ id: comments.id, parentId: comments.parentId, deletedAt: comments.deletedAt })
    .from(comments)
    .where(and(eq(comments.id, commentId), eq(comments.forumId, forumId)))
    .for('update');
  return row ?? null;
}

async function hasReplies(tx: Executor, commentId: number): Promise<boolean> {
  return (await tx.select({ id: comments.id }).from(comments).where(eq(comments.parentId, commentId)).limit(1)).length > 0;
}

/**
 * Deletes a comment, keeping others' words (DECISIONS "Roles and access"): a comment with replies
 * becomes a tombstone (text emptied, shown as "Komentar ini telah dihapus." without its author) and
 * its replies stay; one without replies is removed, and so is every tombstone above it left without
 * replies. Runs inside the caller's transaction; the rows are locked before they are looked at, so
 * a reply posted meanwhile either lands before (the comment becomes a tombstone) or finds its parent
 * gone (404). False when there is no such living comment.
 */
export async function deleteComment(tx: Executor, forumId: number, commentId: number): Promise<boolean> {
  const target = await lockComment(tx, forumId, commentId);
  if (!target || target.deletedAt) return false;
  if (await hasReplies(tx, target.id)) {
    await tx.update(comments).set({ body: '', deletedAt: new Date() }).where(eq(comments.id, target.id));
    return true;
  }
  await tx.delete(comments).where(eq(comments.id, target.id));
  // Replies made through the API are one level deep; data written otherwise may nest deeper.
  for (let parentId = target.parentId; parentId !== null;) {
    const parent = await lockComment(tx, forumId, parentId);
    if (!parent?.deletedAt || (await hasReplies(tx, parent.id))) break;
    await tx.delete(comments).where(eq(comments.id, parent.id));
    parentId = parent.parentId;
  }
  return true;
}

/**
 * A comment as the thread shows it, for the answer to its creation or change (one query), with the
 * user id of the author it answers (null when none or deleted).
 */
export async function commentView(
  db: Db,
  files: FileService,
  user: AuthUser,
  commentId: number,
): Promise<{ view: ForumReply; replyToAuthorId: number | null } | null> {
  const [row] = await selectComments(db, eq(comments.id, commentId));
  if (!row) return null;
  return { view: toReply(files, user, row), replyToAuthorId: row.replyTo?.authorId ?? null };
}

/** A new comment: its view with no replies yet. */
export const newCommentView = (view: ForumReply): ForumComment => ({ ...view, sub_comments: [] });
