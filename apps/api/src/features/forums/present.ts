import { ROLE_LABELS, type ForumComment, type ForumReply, type ForumThread, type PageMeta } from '@kelasku/contract';
import type { FileService } from '../../files/service.js';
import { mayDeleteComment, type Comment, type Content, type Forum } from '../../access/index.js';
import type { AuthUser } from '../../types.js';
import type { Author, CommentRow, ThreadPageRows } from './queries.js';

const roleLabel = (roleId: number) => ROLE_LABELS[roleId] ?? String(roleId);

function toReply(files: FileService, user: AuthUser, c: Comment, a: Author): ForumReply {
  return {
    id: c.id,
    author: a.name,
    author_id: c.authorId,
    author_role: roleLabel(a.roleId),
    avatar: files.url(a.avatarFileId),
    comment: c.body,
    created_at: c.createdAt.toISOString(),
    can_delete: mayDeleteComment(user, c),
  };
}

/** One page of the thread with its `meta` (counting top-level comments). */
export function toThreadPage(
  files: FileService,
  user: AuthUser,
  content: Content,
  forum: Forum,
  { head, rows }: ThreadPageRows,
  page: number,
  perPage: number,
): { thread: ForumThread; meta: PageMeta } {
  const total = Number(head?.top ?? 0);
  return {
    thread: assembleThread(files, user, content, forum, head, rows, Number(head?.all ?? 0)),
    meta: { page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) },
  };
}

function assembleThread(
  files: FileService,
  user: AuthUser,
  content: Content,
  forum: Forum,
  author: Author | undefined,
  rows: CommentRow[],
  totalComment: number,
): ForumThread {
  const parentOf = new Map(rows.map((r) => [r.c.id, r.c.parentId]));
  /** Replies made through the API point at a top-level comment; data written otherwise may nest deeper. */
  const rootOf = (id: number): number => {
    let at = id;
    for (let hops = 0; hops < rows.length; hops++) {
      const parent = parentOf.get(at);
      if (parent == null || !parentOf.has(parent)) break;
      at = parent;
    }
    return at;
  };
  const top = new Map<number, ForumComment>();
  const replies: { root: number; reply: ForumReply }[] = [];
  for (const { c, author: a } of rows) {
    const reply = toReply(files, user, c, a);
    const root = rootOf(c.id);
    if (root === c.id) top.set(c.id, Object.assign(reply, { sub_comments: [] as ForumReply[] }));
    else replies.push({ root, reply });
  }
  for (const { root, reply } of replies) top.get(root)?.sub_comments.push(reply);

  return {
    id: forum.id,
    content_id: forum.contentId,
    content_of: content.title,
    topic: forum.topic,
    description: forum.description,
    created_at: forum.createdAt.toISOString(),
    updated_at: forum.updatedAt.toISOString(),
    author: author?.name ?? '',
    author_id: forum.authorId,
    author_role: author ? roleLabel(author.roleId) : '',
    avatar: files.url(author?.avatarFileId),
    total_comment: totalComment,
    comments: [...top.values()],
  };
}

/** A new comment as the thread shows it, for the reply to its creation. */
export function toNewComment(files: FileService, user: AuthUser, c: Comment, a: Author | undefined): ForumComment {
  return { ...toReply(files, user, c, a ?? { name: user.name, roleId: user.roleId, avatarFileId: null }), sub_comments: [] };
}
