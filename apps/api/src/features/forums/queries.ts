import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { userOf } from '../../db/lookups.js';
import { comments, forums, users } from '../../db/schema.js';
import type { Comment, Forum } from '../../access/index.js';

const authorColumns = { name: users.name, roleId: users.roleId, avatarFileId: users.avatarFileId };

const selectComments = (db: Db, where: SQL | undefined) => {
  const author = userOf(db, 'author', comments.authorId);
  return db
    .select({ c: comments, author: { name: author.name, roleId: author.roleId, avatarFileId: author.avatarFileId } })
    .from(comments)
    .innerJoinLateral(author, sql`true`)
    .where(where)
    .orderBy(asc(comments.id));
};

export type CommentRow = Awaited<ReturnType<typeof selectComments>>[number];

export type Author = { name: string; roleId: number; avatarFileId: number | null };

/** The forum's author and its comment counts (top-level, and all with replies) in one statement. */
const forumHead = (db: Db, forum: Forum) =>
  db
    .select({
      ...authorColumns,
      top: sql<number>`(select count(*)::int from ${comments} where ${comments.forumId} = ${forum.id} and ${comments.parentId} is null)`,
      all: sql<number>`(select count(*)::int from ${comments} where ${comments.forumId} = ${forum.id})`,
    })
    .from(users)
    .where(eq(users.id, forum.authorId))
    .limit(1);
/**
 * A page of top-level comments (oldest first) and every reply below them however deep, in one
 * statement. PostgreSQL cannot tell how many rows a recursion yields and guesses thousands, so
 * the shape leaves it no room for a plan made for thousands: the replies are found through the
 * parent index one comment at a time (`offset 0` keeps the lateral subquery from being folded
 * into a join, which hashed every comment of the school), and the rows are read by primary key
 * from an array (`in (…)` walked the whole primary key in a merge join). A 100-comment page of
 * the large school: 0.4–0.6 ms in PostgreSQL instead of 9–12 ms.
 */
const pageWithReplies = (db: Db, forumId: number, limit: number, offset: number) =>
  selectComments(
    db,
    sql`${comments.id} = any(array(with recursive page as (
          select id from comments where forum_id = ${forumId} and parent_id is null
          order by id limit ${limit} offset ${offset}
        ), below(id) as (
          select id from page
          union all select r.id from below b cross join lateral (select id from comments where parent_id = b.id offset 0) r
        ) select id from below))`,
  );
export interface ForumValues {
  topic: string;
  description: string | null;
}

export async function insertForum(db: Executor, contentId: number, authorId: number, v: ForumValues): Promise<Forum> {
  const [row] = await db.insert(forums).values({ contentId, authorId, topic: v.topic, description: v.description }).returning();
  return row!;
}

export async function updateForum(db: Executor, contentId: number, forumId: number, v: ForumValues): Promise<Forum | null> {
  const [row] = await db
    .update(forums)
    .set({ topic: v.topic, description: v.description, updatedAt: new Date() })
    .where(and(eq(forums.id, forumId), eq(forums.contentId, contentId)))
    .returning();
  return row ?? null;
}

/** Deletes a forum; its comments and replies go with it (foreign keys cascade in the same statement). */
export async function deleteForum(db: Executor, contentId: number, forumId: number): Promise<boolean> {
  const gone = await db
    .delete(forums)
    .where(and(eq(forums.id, forumId), eq(forums.contentId, contentId)))
    .returning({ id: forums.id });
  return gone.length > 0;
}

/** Adds a comment (parentId null) or a reply to a top-level comment. */
export async function insertComment(db: Executor, forumId: number, authorId: number, body: string, parentId: number | null): Promise<Comment> {
  const [row] = await db.insert(comments).values({ forumId, authorId, body, parentId }).returning();
  return row!;
}

/** Deletes a comment with its replies (they cascade in the same statement). */
export async function deleteComment(db: Executor, forumId: number, commentId: number): Promise<boolean> {
  const gone = await db
    .delete(comments)
    .where(and(eq(comments.id, commentId), eq(comments.forumId, forumId)))
    .returning({ id: comments.id });
  return gone.length > 0;
}

/**
 * One page of the thread's rows: the forum's author and counts, and top-level comments `perPage`
 * at a time (oldest first), each with every reply below it however deep. Two queries at once
 * whatever the length of the thread. There is no whole-thread read: a forum may collect thousands
 * of comments, and no request should read them all.
 */
export async function threadPageRows(db: Db, forum: Forum, page: number, perPage: number) {
  const [[head], rows] = await Promise.all([forumHead(db, forum), pageWithReplies(db, forum.id, perPage, (page - 1) * perPage)]);
  return { head, rows };
}
export type ThreadPageRows = Awaited<ReturnType<typeof threadPageRows>>;

/** A comment's author (name, role, avatar); one query; undefined when the user is gone. */
export async function commentAuthor(db: Db, authorId: number): Promise<Author | undefined> {
  const [a] = await db.select(authorColumns).from(users).where(eq(users.id, authorId)).limit(1);
  return a;
}
