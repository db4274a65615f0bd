import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { MSG } from '../messages.js';
import { dateTimeOf, idParam, optionalText, requiredText } from '../fields.js';
import { CLASS_MSG } from './classes.js';

/**
 * Building lessons (issue 21): link materials, editing a material, the order of contents and
 * items, visibility (draft / scheduled), copying to another class, and class announcements.
 */

// ---------------------------------------------------------------- links

const trim = (v: unknown) => (typeof v === 'string' ? v.trim() : v);

/** True for a complete http or https address (with a host); `javascript:`, `data:` and the like are not. */
export function isWebAddress(v: string): boolean {
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    return false;
  }
  return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
}

/** A link material's address: required, at most LIMITS.urlMax characters, http(s) only. */
export const urlField = z.preprocess(
  trim,
  z
    .string({ error: MSG.required })
    .min(1, { error: MSG.required, abort: true })
    .max(LIMITS.urlMax, { error: CLASS_MSG.urlTooLong, abort: true })
    .refine(isWebAddress, CLASS_MSG.urlInvalid),
);

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);

/**
 * The video id of a YouTube address (youtube.com/watch?v=…, youtu.be/…, /shorts/…, /embed/…, /live/…),
 * or null for any other address. The page embeds it as https://www.youtube-nocookie.com/embed/{id}.
 */
export function youtubeIdOf(address: string): string | null {
  let u: URL;
  try {
    u = new URL(address);
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  const host = u.hostname.toLowerCase();
  let id: string | null | undefined = null;
  if (host === 'youtu.be' || host === 'www.youtu.be') id = u.pathname.split('/')[1];
  else if (YOUTUBE_HOSTS.has(host)) {
    const [, first, second] = u.pathname.split('/');
    if (first === 'watch') id = u.searchParams.get('v');
    else if (first === 'shorts' || first === 'embed' || first === 'live' || first === 'v') id = second;
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

/** The privacy-enhanced player of a YouTube video. */
export const youtubeEmbedUrl = (id: string) => `https://www.youtube-nocookie.com/embed/${id}`;

/** POST …/contents/:lessonId/links: a link material. */
export const linkMaterialBody = z.object({
  title: requiredText(LIMITS.titleMax),
  url: urlField,
});
export type LinkMaterialBody = z.input<typeof linkMaterialBody>;

/** PUT …/materials/:id: rename a material; `url` changes a link material's address (refused for a file). */
export const materialEditBody = z.object({
  title: requiredText(LIMITS.titleMax),
  url: urlField.optional(),
});
export type MaterialEditBody = z.input<typeof materialEditBody>;

/**
 * The title a file material gets when none is given: the file's name without its extension (and
 * without folders), cut to LIMITS.titleMax characters; "Materi" when nothing is left.
 */
export function titleFromFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  const title = (dot > 0 ? base.slice(0, dot) : base).trim();
  return title === '' ? 'Materi' : title.slice(0, LIMITS.titleMax);
}

/**
 * POST …/materials/batch: the `title` fields, one per `file` part and in the same order; a blank
 * or missing title becomes the file's name (titleFromFileName).
 */
export const materialBatchTitles = z.array(optionalText(LIMITS.titleMax));

/** PUT …/materials/:id/file: the new `file` part and, optionally, a new `title`. */
export const materialReplaceFields = z.object({ title: optionalText(LIMITS.titleMax) });

// ---------------------------------------------------------------- order

export const ITEM_KINDS = ['materials', 'forums', 'assignments', 'quizzes'] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

/** Ids in their new order; an id that is not in the list being ordered answers 404, one given twice 422. */
const orderedIds = z
  .array(idParam, { error: MSG.required })
  .min(1, MSG.required)
  .max(1000)
  .refine((ids) => new Set(ids).size === ids.length, CLASS_MSG.orderDuplicate);

/**
 * PUT …/online-classes/:classId/contents/order: the class's contents in their new order. Contents
 * not named (added meanwhile by another tab) keep their order after the named ones.
 */
export const lessonOrderBody = z.object({ ids: orderedIds });
export type LessonOrderBody = z.input<typeof lessonOrderBody>;

/** PUT …/contents/:lessonId/order: one list of the content (materials, forums, assignments or quizzes) in its new order. */
export const itemOrderBody = z.object({ kind: z.enum(ITEM_KINDS), ids: orderedIds });
export type ItemOrderBody = z.input<typeof itemOrderBody>;

// ---------------------------------------------------------------- visibility

/** Blank or absent: null; otherwise an ISO date-time (without an offset read as WIB). */
const publishAtField = z.preprocess(
  (v) => (v == null || (typeof v === 'string' && v.trim() === '') ? null : v),
  dateTimeOf(CLASS_MSG.publishAtFormat).nullable(),
);

/** PUT …/visibility of a content or an item: a draft (hidden), scheduled (publish_at) or shown. */
export const visibilityBody = z.object({
  hidden: z.boolean({ error: MSG.required }),
  publish_at: publishAtField.optional(),
});
export type VisibilityBody = z.input<typeof visibilityBody>;

export const itemParams = z.object({ classId: idParam, lessonId: idParam, kind: z.enum(ITEM_KINDS), id: idParam });

// ---------------------------------------------------------------- copy

const shiftDaysField = z.coerce
  .number({ error: CLASS_MSG.shiftDays })
  .int(CLASS_MSG.shiftDays)
  .min(-LIMITS.shiftDaysMax, CLASS_MSG.shiftDays)
  .max(LIMITS.shiftDaysMax, CLASS_MSG.shiftDays)
  .default(0);

const positiveId = (message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v === '' || v === null ? undefined : v),
    z
      .number({ error: (iss) => (iss.input === undefined ? MSG.required : message) })
      .int(message)
      .positive(message)
      .max(2_147_483_647, message),
  );

/**
 * POST …/contents/:lessonId/copy ("Salin ke kelas lain"): the content with its materials (files
 * shared, not duplicated), forums (topic and description, no comments) and assignments (deadline,
 * closing time and schedules moved by `shift_days`) into another current class of the same teacher.
 */
export const copyLessonBody = z.object({
  online_class_id: positiveId(CLASS_MSG.copyTargetUnknown),
  shift_days: shiftDaysField,
});
export type CopyLessonBody = z.input<typeof copyLessonBody>;

/** POST …/online-classes/:classId/copy: the whole class into a new class for another rombel. */
export const copyClassBody = z.object({
  rombel_class_id: positiveId(MSG.rombelUnknown),
  name: requiredText(LIMITS.titleMax),
  shift_days: shiftDaysField,
});
export type CopyClassBody = z.input<typeof copyClassBody>;

// ---------------------------------------------------------------- announcements

export const announcementBody = z.object({ body: requiredText(LIMITS.textMax) });
export type AnnouncementBody = z.input<typeof announcementBody>;

export const announcementParams = z.object({ classId: idParam, id: idParam });

/** "Pengumuman" of a class, newest first; `edited` when it was changed after it was posted. */
export const announcement = z.object({
  id: z.number(),
  body: z.string(),
  author: z.object({ id: z.number(), name: z.string(), avatar: z.string().nullable() }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Announcement = z.infer<typeof announcement>;
