import { z } from 'zod';
import { idParam } from '../fields.js';

/**
 * Notifications (the bell) and live updates (issue 22). Every signed-in user has a bell; its
 * list is newest first and a notification older than 90 days is removed. A live stream
 * (`GET /api/live`, server-sent events) carries the caller's new notifications and the changes of
 * the forum thread or grading column on screen.
 */
export const NOTIF_MSG = {
  allRead: 'Semua notifikasi ditandai sudah dibaca',
  read: 'Notifikasi ditandai sudah dibaca',
  empty: 'Belum ada notifikasi.',
} as const;

export const NOTIFICATION_KINDS = [
  // student
  'material',
  'assignment',
  'quiz',
  'announcement',
  'due_soon',
  // One per grading act, with the score (issue 39): graded ("Tugas "X" dinilai: 85"), graded again
  // with other feedback, returned ("… dikembalikan dengan nilai 85", with the teacher's message).
  'graded',
  'feedback',
  'returned',
  'private_comment',
  'reply',
  'mention',
  // teacher
  'hand_ins',
  'late_hand_in',
  'forum_comment',
  // attendance (issue 38): a student marked Alpa; an izin request decided (student); a new izin
  // request, and a student's Alpa days reaching the school's number this month (wali kelas)
  'absent',
  'leave_decided',
  'leave_request',
  'absence_alert',
  // parents (issue 40): the wali kelas's message about a child, the weekly summary, an izin request
  // the parent sent being decided uses 'leave_decided'; a parent linked to a student (the student)
  'parent_message',
  'weekly_summary',
  'parent_linked',
  // admin
  'import_done',
  'account_locked',
  'storage_full',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Days a notification is kept. */
export const NOTIFICATION_KEEP_DAYS = 90;

export const notification = z.object({
  id: z.number(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** The sentence the bell shows, in Indonesian ("5 siswa mengumpulkan Tugas 3"). */
  text: z.string(),
  /** The app path it opens. */
  link: z.string(),
  actor: z.object({ id: z.number(), name: z.string(), avatar: z.string().nullable() }).nullable(),
  /** How many events it sums up (hand-ins of one assignment); 1 otherwise. */
  count: z.number(),
  read: z.boolean(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notification>;

export const notificationListQuery = z.object({
  /** Older than this notification id (the next page). */
  before: idParam.optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

export const notificationList = z.object({
  items: z.array(notification),
  unread: z.number(),
  /** The `before` of the next page, or null at the end. */
  next_before: z.number().nullable(),
});
export type NotificationList = z.infer<typeof notificationList>;

export const unreadCount = z.object({ unread: z.number() });
export type UnreadCount = z.infer<typeof unreadCount>;

export const notificationParams = z.object({ id: idParam });

/**
 * GET /api/live: one stream per open tab. Without parameters it carries the caller's notifications;
 * `forum` (with `class` and `content`) adds the changes of that thread, `assignment` (teacher, with
 * `class` and `content`) the hand-ins of that grading column. Each is checked like the page itself
 * (404 when out of reach). A reconnect sends `Last-Event-ID` (or `last_event_id`) and is sent what it
 * missed, in order, without repeats.
 */
export const liveQuery = z.object({
  class: idParam.optional(),
  content: idParam.optional(),
  forum: idParam.optional(),
  assignment: idParam.optional(),
  /** A meeting's attendance (teacher, with `class`): check-ins as they come (issue 38). */
  meeting: idParam.optional(),
  /** Issue 41: an exam-mode quiz's proctor board (teacher, with `class` and `content`): starts, answers, leaves, submits. */
  quiz: idParam.optional(),
  last_event_id: z.coerce.number().int().min(0).optional(),
});
export type LiveQuery = z.input<typeof liveQuery>;

/** The events of a live stream (`event:` names) and their `data`. */
export const liveNotificationEvent = z.object({ notification, unread: z.number() });
export type LiveNotificationEvent = z.infer<typeof liveNotificationEvent>;
/** `read`: the caller's bell changed elsewhere (another tab marked read). */
export const liveReadEvent = z.object({ unread: z.number() });
/** `forum`: a comment of the thread was added, edited or deleted (`comment_id`), or the forum itself was edited or deleted (`forum`, no comment). */
export const liveForumEvent = z.object({
  forum_id: z.number(),
  comment_id: z.number().nullable(),
  action: z.enum(['created', 'edited', 'deleted', 'forum']),
});
export type LiveForumEvent = z.infer<typeof liveForumEvent>;
/** `grading`: a student's work on the assignment changed (handed in, unsubmitted, graded, returned). */
export const liveGradingEvent = z.object({ assignment_id: z.number(), student_id: z.number() });
export type LiveGradingEvent = z.infer<typeof liveGradingEvent>;
/** `reset`: the stream could not resume from the given id (too old): refetch what is on screen. */
export const LIVE_EVENTS = ['notification', 'read', 'forum', 'grading', 'attendance', 'exam', 'reset'] as const;
export type LiveEventName = (typeof LIVE_EVENTS)[number];
