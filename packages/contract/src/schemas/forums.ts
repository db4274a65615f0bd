import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { MSG } from '../messages.js';
import { idParam, optionalText, requiredText } from '../fields.js';

/** Messages of the forum discussions (teacher and student). */
export const FORUM_MSG = {
  forumCreated: 'Forum berhasil dibuat',
  forumUpdated: 'Forum berhasil diperbarui',
  forumDeleted: 'Forum berhasil dihapus',
  commentCreated: 'Komentar berhasil dikirim',
  replyCreated: 'Balasan berhasil dikirim',
  commentDeleted: 'Komentar berhasil dihapus',
  commentNotOwn: 'Kamu hanya dapat menghapus komentarmu sendiri.',
  /** The text of a deleted comment kept for its replies. */
  commentRemoved: 'Komentar ini telah dihapus.',
  /** More than LIMITS.commentsPerMinute comments and replies of one user within a minute. */
  commentRateLimited: 'Terlalu banyak komentar. Tunggu sebentar lalu coba lagi.',
  commentUpdated: 'Komentar berhasil diubah',
  /** Editing a comment: only its author, and only within LIMITS.commentEditMinutes of posting. */
  commentEditNotOwn: 'Kamu hanya dapat mengubah komentarmu sendiri.',
  commentEditExpired: 'Komentar hanya dapat diubah dalam 15 menit setelah dikirim.',
  /** PostgreSQL cannot store the NUL character; no keyboard types it. */
  textInvalidChar: 'Teks berisi karakter yang tidak valid',
} as const;

const noNul = (v: unknown) => typeof v !== 'string' || !v.includes('\u0000');

// ---------------------------------------------------------------- paths

/** …/contents/{lessonId}/forums (teacher: /api/teacher/online-classes/{classId}, student: /api/student/my-classes/{classId}). */
export const forumLessonParams = z.object({ classId: idParam, lessonId: idParam });
export const forumParams = forumLessonParams.extend({ forumId: idParam });
export const forumCommentParams = forumParams.extend({ commentId: idParam });

// ---------------------------------------------------------------- bodies

export const forumBody = z.object({
  topic: requiredText(LIMITS.titleMax).refine(noNul, FORUM_MSG.textInvalidChar),
  description: optionalText(LIMITS.textMax).refine(noNul, FORUM_MSG.textInvalidChar),
});
export type ForumBody = z.input<typeof forumBody>;

/**
 * A comment or reply: plain text kept exactly as typed (never trimmed, never read as HTML),
 * refused when empty or only whitespace, at most 5,000 characters (UTF-16 units, as a browser's maxlength counts).
 */
export const commentBody = z.object({
  comment: z
    .string({ error: (iss) => (iss.input === undefined || iss.input === null ? MSG.commentEmpty : MSG.invalid) })
    .refine((v) => v.trim().length > 0, { error: MSG.commentEmpty, abort: true })
    .max(LIMITS.commentMax, MSG.commentMax)
    .refine(noNul, FORUM_MSG.textInvalidChar),
  /**
   * People the text mentions ("@Budi Santoso"), by user id, as the `@` suggestions gave them. Ids
   * that are not members of the forum's class (its teacher and its rombel's students) are dropped:
   * nobody outside the class is notified.
   */
  mentions: z.array(idParam).max(20).optional(),
});
export type CommentBody = z.input<typeof commentBody>;

/** PUT …/comments/{commentId}: the author changes the text within 15 minutes; `mentions` as when posting. */
export const commentEditBody = commentBody;
export type CommentEditBody = z.input<typeof commentEditBody>;

/** POST …/comments/{commentId}/sub-comments may name the reply it answers (a reply of that comment, or the comment). */
export const replyBody = commentBody.extend({ reply_to: idParam.optional() });
export type ReplyBody = z.input<typeof replyBody>;

/** GET …/mentionable: `q` narrows the suggestions (case-insensitive, part of the name). */
export const mentionableQuery = z.object({
  q: z.string().max(100).refine(noNul, FORUM_MSG.textInvalidChar).optional(),
});

/** A member of a forum's class, for the `@` suggestions: the teacher and the rombel's students. */
export const mentionable = z.object({ id: z.number(), name: z.string(), role: z.string(), avatar: z.string().nullable() });
export type Mentionable = z.infer<typeof mentionable>;

// ---------------------------------------------------------------- thread

/**
 * A comment or reply. A comment deleted while it had replies stays for them as a tombstone:
 * `deleted: true`, `comment` is {@link FORUM_MSG.commentRemoved}, `author`, `author_id`,
 * `author_role` and `avatar` are null, and `can_delete` is false (it goes by itself with its last reply).
 */
const commentFields = {
  id: z.number(),
  /** Null on a deleted comment. */
  author: z.string().nullable(),
  author_id: z.number().nullable(),
  /** "Guru", "Siswa" or "Admin"; null on a deleted comment. */
  author_role: z.string().nullable(),
  /** Signed link to the author's avatar, or null. */
  avatar: z.string().nullable(),
  /** Plain text exactly as typed; show it as text, never as HTML. */
  comment: z.string(),
  created_at: z.string(),
  /** Deleted while it had replies: only the replies are left to show. */
  deleted: z.boolean(),
  /** Whether the caller may delete it: their own comment, or any comment for the class's teacher. */
  can_delete: z.boolean(),
  /** Changed by its author after posting: shown as "diedit". */
  edited: z.boolean(),
  /** Whether the caller may still change it (their own, within 15 minutes of posting). */
  can_edit: z.boolean(),
  /** The person this reply answers ("@Budi Santoso"); null for a top-level comment or a deleted target. */
  reply_to: z.object({ id: z.number(), name: z.string() }).nullable(),
};

export const forumReply = z.object(commentFields);
export type ForumReply = z.infer<typeof forumReply>;

/** A top-level comment with its replies (one level of nesting), oldest first. */
export const forumComment = z.object({ ...commentFields, sub_comments: z.array(forumReply) });
export type ForumComment = z.infer<typeof forumComment>;

/** The forum of SPEC §3 with its whole thread. */
export const forumThread = z.object({
  id: z.number(),
  content_id: z.number(),
  /** Title of the content the forum belongs to. */
  content_of: z.string(),
  topic: z.string(),
  description: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  author: z.string(),
  author_id: z.number(),
  author_role: z.string(),
  avatar: z.string().nullable(),
  /** Comments and replies together (deleted ones kept for their replies not counted). */
  total_comment: z.number(),
  comments: z.array(forumComment),
});
export type ForumThread = z.infer<typeof forumThread>;

/** Top-level comments per page of a thread when the request does not say. */
export const THREAD_PER_PAGE = 20;

/**
 * Paging of a thread. The answer is always one page of top-level comments (oldest first), each
 * with all its replies, and `meta` counts top-level comments: `page` defaults to 1 and `per_page`
 * to {@link THREAD_PER_PAGE} (at most 100).
 */
export const threadQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  per_page: z.coerce.number().int().min(1).max(100).optional(),
});
export type ThreadQuery = z.infer<typeof threadQuery>;
