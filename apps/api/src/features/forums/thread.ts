/**
 * What the forum routes of both roles share: reaching the forum or comment of a path, a page of the
 * thread, posting a comment or reply (throttled), and telling the thread's live streams and the
 * people concerned.
 */
import { FORUM_MSG, LIMITS, THREAD_PER_PAGE, type LiveForumEvent, type NotificationKind } from '@kelasku/contract';
import type { App, AuthUser } from '../../types.js';
import { commentIn, forumFor, type Intent, type Comment, type Content, type Forum, type OnlineClass } from '../../access/index.js';
import { isForeignKeyViolation } from '../../http/db-errors.js';
import { notFound, tooManyRequests } from '../../http/errors.js';
import { takeSlot } from '../../auth/login-limits.js';
import { topics } from '../../live/bus.js';
import type { NewNotification } from '../notifications/service.js';
import { classMembersAmong, commentView, insertComment, loadThreadPage, type ForumValues } from './queries.js';
import { forumLink } from './present.js';

/** A forum's topic and description as the forum body gives them. */
export const values = (b: { topic: string; description?: string | null }): ForumValues => ({
  topic: b.topic,
  description: b.description ?? null,
});

/** Runs a write whose parent (forum, comment, content) may have been deleted meanwhile: that is a 404. */
export async function underLiveParent<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isForeignKeyViolation(err)) throw notFound();
    throw err;
  }
}

/**
 * At most LIMITS.commentsPerMinute comments and replies of one user a minute (DECISIONS "API
 * conventions"): a loop cannot flood a class. Counted in the database, so every instance agrees.
 */
async function throttleComments(app: App, user: AuthUser): Promise<void> {
  if (!(await takeSlot(app.db, `c:${user.id}`, LIMITS.commentsPerMinute, 1))) throw tooManyRequests(FORUM_MSG.commentRateLimited);
}

type ForumPath = { classId: number; lessonId: number; forumId: number };
export type Reached = { klass: OnlineClass; content: Content; forum: Forum };

/** The class, content and forum of the path, within the caller's reach (404 otherwise; an archived class refuses writes with 409). */
export async function reachForum(app: App, user: AuthUser, path: ForumPath, intent: Intent): Promise<Reached> {
  return forumFor(app.db, user, path, intent);
}

/** A page of the forum's thread with its `meta`; the first page of {@link THREAD_PER_PAGE} unless asked otherwise. */
export const threadPage = (app: App, user: AuthUser, content: Content, forum: Forum, page = 1, perPage = THREAD_PER_PAGE) =>
  loadThreadPage(app.db, app.files, user, content, forum, page, perPage);

/** The forum and comment of the path, within the caller's reach (404 otherwise), for a write. */
export async function reachComment(
  app: App,
  user: AuthUser,
  path: ForumPath & { commentId: number },
): Promise<Reached & { target: Comment }> {
  const reached = await reachForum(app, user, path, 'write');
  return { ...reached, target: await commentIn(app.db, reached.forum, path.commentId) };
}

/** A comment as the thread shows it now (404 when it went meanwhile). */
export async function shownComment(app: App, user: AuthUser, commentId: number) {
  const shown = await commentView(app.db, app.files, user, commentId);
  if (!shown) throw notFound();
  return shown;
}

/** Tells the streams showing the thread that one of its comments changed. */
export const publishChange = (app: App, forum: Forum, commentId: number | null, action: LiveForumEvent['action']) =>
  app.notifier.publish([
    { topic: topics.forum(forum.id), event: 'forum', data: { forum_id: forum.id, comment_id: commentId, action } satisfies LiveForumEvent },
  ]);

/**
 * The bell after a comment, a reply or an edit: the author of the answered comment ('reply'), then
 * each newly mentioned member not told already ('mention'), then — for a new comment or reply — the
 * class's teacher ('forum_comment') unless told already. Each recipient gets the link of their own
 * area; the notifier skips the actor.
 */
export async function notifyThread(
  app: App,
  r: Reached,
  actorId: number,
  who: { repliedTo: number | null; mentioned: readonly number[]; teacher: boolean },
): Promise<void> {
  const items = new Map<string, NewNotification & { userIds: number[] }>();
  const told = new Set<number>([actorId]);
  const tell = (kind: NotificationKind, userId: number | null) => {
    if (userId === null || told.has(userId)) return;
    told.add(userId);
    const link = forumLink(r.klass, r.content.id, r.forum.id, userId);
    const key = `${kind} ${link}`;
    const item = items.get(key);
    if (item) item.userIds.push(userId);
    else items.set(key, { userIds: [userId], kind, actorId, subject: r.forum.topic, context: r.klass.name, link });
  };
  tell('reply', who.repliedTo);
  for (const id of who.mentioned) tell('mention', id);
  if (who.teacher) tell('forum_comment', r.klass.teacherId);
  if (items.size > 0) await app.notifier.send(...items.values());
}

/**
 * Posts a comment (no parent) or a reply, after the throttle, with the mentions that are members of
 * the class; then tells the thread's streams and the people concerned, and answers the comment as
 * the thread shows it.
 */
export async function postComment(
  app: App,
  user: AuthUser,
  r: Reached,
  c: { body: string; mentions: readonly number[] | undefined; parentId: number | null; answered: Comment | null },
) {
  await throttleComments(app, user);
  const mentions = await classMembersAmong(app.db, r.klass, c.mentions);
  const row = await underLiveParent(() =>
    insertComment(app.db, {
      forumId: r.forum.id,
      authorId: user.id,
      body: c.body,
      parentId: c.parentId,
      replyToId: c.answered?.id ?? null,
      mentions,
    }),
  );
  await publishChange(app, r.forum, row.id, 'created');
  const repliedTo = c.answered && !c.answered.deletedAt ? c.answered.authorId : null;
  await notifyThread(app, r, user.id, { repliedTo, mentioned: mentions, teacher: true });
  return (await shownComment(app, user, row.id)).view;
}
