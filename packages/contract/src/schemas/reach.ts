import { z } from 'zod';
import { idParam } from '../fields.js';
import type { RoleName } from '../roles.js';
import type { NotificationKind } from './notifications.js';

/**
 * Issue 42 — reach the phone: Web Push (VAPID, RFC 8030/8291/8292), each user's notification
 * settings, the secret calendar feed (RFC 5545). Every signed-in user (parents too) has these.
 *
 * Any signed-in user (/api):
 *   GET    /push/key                      pushKey (the VAPID public key the browser subscribes with)
 *   GET    /push/subscriptions            pushDevice[] (the caller's devices, newest first)
 *   POST   /push/subscriptions            pushSubscriptionBody → 201 pushDevice (one per device: the same endpoint moves to the caller)
 *   DELETE /push/subscriptions/:id        → ok message (another user's device: 404)
 *   POST   /push/test                     → ok message (a test notification to the caller's devices; 409 without one)
 *   GET    /notification-settings         notificationSettings
 *   PUT    /notification-settings         notificationSettings → notificationSettings
 *   GET    /calendar                      calendarFeed (the caller's feed address, or null)
 *   POST   /calendar                      → 201 calendarFeed (a new address; the old one answers 404 from now on)
 *   DELETE /calendar                      → ok message (revoked: the address answers 404)
 * Public (the address is the secret):
 *   GET    /calendar/feed/:token          text/calendar (RFC 5545; 404 for a revoked, another's or guessed token)
 */

export const REACH_MSG = {
  pushNotHttps: 'Alamat layanan notifikasi harus memakai https.',
  pushHostRefused: 'Layanan notifikasi ini tidak dikenal. Gunakan Chrome, Firefox, Edge atau Safari terbaru.',
  pushPrivateAddress: 'Alamat layanan notifikasi tidak boleh berupa alamat jaringan lokal.',
  pushKeyInvalid: 'Kunci langganan notifikasi tidak valid.',
  pushSubscribed: 'Notifikasi di HP ini aktif.',
  pushRemoved: 'Notifikasi di perangkat ini dimatikan.',
  pushNoDevice: 'Belum ada perangkat dengan notifikasi aktif.',
  pushTestSent: 'Notifikasi percobaan dikirim. Periksa HP kamu.',
  pushTestTitle: 'Notifikasi Kelasku aktif',
  pushTestBody: 'Begini notifikasi Kelasku akan muncul di HP ini.',
  settingsSaved: 'Pengaturan notifikasi disimpan.',
  unknownGroup: 'Jenis notifikasi tidak dikenal.',
  quietTimeInvalid: 'Isi jam dengan format JJ:MM, misalnya 21:00.',
  quietSameTime: 'Jam mulai dan jam selesai tidak boleh sama.',
  calendarMade: 'Alamat kalender baru dibuat. Alamat lama tidak berlaku lagi.',
  calendarRevoked: 'Alamat kalender dicabut.',
} as const;

/** What a user may turn on or off per channel; the bell always shows everything. */
export const NOTIFICATION_GROUPS = [
  'new_work',
  'grades',
  'comments',
  'reminders',
  'announcements',
  'attendance',
  'parent_summary',
  'account',
] as const;
export type NotificationGroup = (typeof NOTIFICATION_GROUPS)[number];

export const NOTIFICATION_GROUP_LABELS: Record<NotificationGroup, string> = {
  new_work: 'Materi, tugas, kuis baru dan pengumpulan',
  grades: 'Nilai dan masukan guru',
  comments: 'Komentar, sebutan dan pesan',
  reminders: 'Pengingat tenggat',
  announcements: 'Pengumuman kelas',
  attendance: 'Presensi dan izin',
  parent_summary: 'Ringkasan mingguan anak',
  account: 'Akun dan sistem',
};

/** The group each kind belongs to. */
export const GROUP_OF_KIND: Record<NotificationKind, NotificationGroup> = {
  material: 'new_work',
  assignment: 'new_work',
  quiz: 'new_work',
  hand_ins: 'new_work',
  late_hand_in: 'new_work',
  announcement: 'announcements',
  due_soon: 'reminders',
  graded: 'grades',
  feedback: 'grades',
  returned: 'grades',
  private_comment: 'comments',
  reply: 'comments',
  mention: 'comments',
  forum_comment: 'comments',
  parent_message: 'comments',
  absent: 'attendance',
  leave_decided: 'attendance',
  leave_request: 'attendance',
  absence_alert: 'attendance',
  weekly_summary: 'parent_summary',
  parent_linked: 'account',
  import_done: 'account',
  account_locked: 'account',
  storage_full: 'account',
};

/** The groups a role hears of (the settings screen lists only these). */
export const NOTIFICATION_GROUPS_BY_ROLE: Record<RoleName, readonly NotificationGroup[]> = {
  admin: ['account'],
  teacher: ['new_work', 'comments', 'attendance', 'account'],
  student: ['new_work', 'grades', 'comments', 'reminders', 'announcements', 'attendance', 'account'],
  parent: ['comments', 'attendance', 'parent_summary'],
};

/** Quiet hours by default (WIB): pushes wait, except reminders due within two hours. */
export const QUIET_HOURS_DEFAULT = { enabled: true, start: '21:00', end: '05:30' } as const;
/** A reminder due within this many hours is pushed even in quiet hours. */
export const QUIET_HOURS_URGENT_HOURS = 2;

/** Push limits: TTL of a push (seconds the push service keeps it for an offline phone), tests per user. */
export const PUSH_LIMITS = {
  ttlSeconds: 24 * 60 * 60,
  /** A reminder's TTL: it is worthless after the deadline. */
  reminderTtlSeconds: 2 * 60 * 60,
  devicesPerUser: 10,
  testsPerHour: 5,
  /** Attempts of one delivery before it is dropped (429, 5xx, no answer). */
  attempts: 5,
} as const;

export const pushKey = z.object({ public_key: z.string() });
export type PushKey = z.infer<typeof pushKey>;

/** PushSubscription.toJSON() of the browser (expirationTime is ignored). */
export const pushSubscriptionBody = z.object({
  endpoint: z.string({ error: REACH_MSG.pushNotHttps }).max(1000, REACH_MSG.pushHostRefused),
  keys: z.object(
    {
      p256dh: z.string({ error: REACH_MSG.pushKeyInvalid }).max(200, REACH_MSG.pushKeyInvalid),
      auth: z.string({ error: REACH_MSG.pushKeyInvalid }).max(100, REACH_MSG.pushKeyInvalid),
    },
    { error: REACH_MSG.pushKeyInvalid },
  ),
  expirationTime: z.number().nullish(),
});
export type PushSubscriptionBody = z.input<typeof pushSubscriptionBody>;

export const pushDevice = z.object({
  id: z.number(),
  /** "Chrome di Android" (from the browser that subscribed). */
  device: z.string().nullable(),
  /** The push service's host ("fcm.googleapis.com"), never the whole endpoint. */
  service: z.string(),
  created_at: z.string(),
  last_sent_at: z.string().nullable(),
  /** Made by the caller's current session (this browser). */
  current: z.boolean(),
});
export type PushDevice = z.infer<typeof pushDevice>;
export const pushDeviceParams = z.object({ id: idParam });

/** "HH:MM" (24 h, WIB). */
const clock = z.string({ error: REACH_MSG.quietTimeInvalid }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, REACH_MSG.quietTimeInvalid);
/** Every group on or off; a group the contract does not know (an old or a made-up key) is refused, not dropped in silence. */
const groupSwitches = z.strictObject(
  Object.fromEntries(NOTIFICATION_GROUPS.map((g) => [g, z.boolean()])) as Record<NotificationGroup, z.ZodBoolean>,
  { error: (issue) => (issue.code === 'unrecognized_keys' ? REACH_MSG.unknownGroup : undefined) },
);

export const notificationSettings = z.object({
  /** true: on. The bell has every group always. */
  push: groupSwitches,
  email: groupSwitches,
  quiet_hours: z
    .object({ enabled: z.boolean(), start: clock, end: clock })
    .refine((q) => q.start !== q.end, { message: REACH_MSG.quietSameTime, path: ['end'] }),
});
export type NotificationSettings = z.infer<typeof notificationSettings>;

export const calendarFeed = z.object({
  /** The whole https address to give a calendar app, or null when the user has none. */
  url: z.string().nullable(),
  created_at: z.string().nullable(),
  last_read_at: z.string().nullable(),
});
export type CalendarFeed = z.infer<typeof calendarFeed>;
export const calendarFeedParams = z.object({ token: z.string().max(100) });

/**
 * What a push message carries (encrypted, RFC 8291), read by the service worker (apps/web/src/sw.ts):
 * it shows `title` and `body`, groups by `tag` (a summed notification replaces its earlier push on the
 * phone) and opens `link` (an app path) when tapped.
 */
export const pushPayload = z.object({
  /** The notification's id (0 for a test push). */
  id: z.number(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  /** The app path to open ("/my-classes/12"). */
  link: z.string(),
  /** Same tag, same notification on the phone (a summary counted up); null: its own. */
  tag: z.string().nullable(),
});
export type PushPayload = z.infer<typeof pushPayload>;
