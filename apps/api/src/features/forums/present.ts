import { FORUM_MSG, ROLE_LABELS, type ForumComment, type ForumReply, type ForumThread, type Mentionable } from '@kelasku/contract';
import type { FileService } from '../../files/service.js';
import { commentDeleteRefusal, commentEditRefusal, type Comment, type Content, type Forum, type OnlineClass } from '../../access/index.js';
import type { AuthUser } from '../../types.js';

export const roleLabel = (roleId: number) => ROLE_LABELS[roleId] ?? String(roleId);

export type Author = { name: string; roleId: number; avatarFileId: number | null };

/** A comment as the thread query reads it: the row, its author, and the author of the comment it answers (null when none or deleted). */
export interface CommentRow {
  c: Comment;
  author: Author;
  replyTo: { authorId: number | null; name: string | null } | null;
}

/** A comment or reply as the thread shows it (a tombstone without author or text when deleted). */
export function toReply(files: FileService, user: AuthUser, { c, author: a, replyTo }: CommentRow, now = Date.now()): ForumReply {
  const answered = c.replyToId !== null && replyTo?.name ? { id: c.replyToId, name: replyTo.name } : null;
  if (c.deletedAt) {
    // A tombstone kept for its replies: who wrote it and what it said are gone.
    return {
      id: c.id,
      author: null,
      author_id: null,
      author_role: null,
      avatar: null,
      comment: FORUM_MSG.commentRemoved,
      created_at: c.createdAt.toISOString(),
      deleted: true,
      can_delete: false,
      edited: false,
      can_edit: false,
      reply_to: null,
    };
  }
  return {
    id: c.id,
    author: a.name,
    author_id: c.authorId,
    author_role: roleLabel(a.roleId),
    avatar: files.url(a.avatarFileId),
    comment: c.body,
    created_at: c.createdAt.toISOString(),
    deleted: false,
    can_delete: commentDeleteRefusal(user, c) === null,
    edited: c.editedAt !== null,
    can_edit: commentEditRefusal(user, c, now) === null,
    reply_to: answered,
  };
}

/** Comments and replies (one statement's rows, oldest first) as the thread: each top-level comment with its replies. */
export function assembleThread(
  files: FileService,
  user: AuthUser,
  content: Content,
  forum: Forum,
  author: Author | undefined,
  rows: CommentRow[],
  totalComment: number,
): ForumThread {
  const now = Date.now();
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
  for (const row of rows) {
    const reply = toReply(files, user, row, now);
    const root = rootOf(row.c.id);
    if (root === row.c.id) top.set(row.c.id, Object.assign(reply, { sub_comments: [] as ForumReply[] }));
    else replies.push({ root, reply });
  }
  for (const { root, reply } of replies) top.get(root)?.sub_comments.push(reply);

  return {
    id: forum.id,
    content_id: forum.lessonId,
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

/** A member of the class for the `@` suggestions. */
export const toMentionable = (files: FileService, m: { id: number } & Author): Mentionable => ({
  id: m.id,
  name: m.name,
  role: roleLabel(m.roleId),
  avatar: files.url(m.avatarFileId),
});

/** The web path of the forum page for a member of its class: the teacher's area or the student's. */
export function forumLink(klass: OnlineClass, lessonId: number, forumId: number, userId: number): string {
  return klass.teacherId === userId
    ? `/online-class/${klass.id}/contents/${lessonId}/forums/${forumId}`
    : `/my-classes/${klass.id}/contents/${lessonId}/forums/${forumId}`;
}
