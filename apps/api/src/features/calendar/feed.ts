/**
 * The calendar (RFC 5545) of one user, written with ical-generator. Times are written in UTC (…Z):
 * Asia/Jakarta has no daylight saving, so an instant in UTC is the same WIB wall-clock time in any
 * calendar app, and the weekly timetable's RRULE keeps its weekday; X-WR-TIMEZONE names Asia/Jakarta
 * so Google Calendar shows the subscribed calendar in WIB. Every stamp (DTSTAMP, LAST-MODIFIED) is
 * the item's own last change, so the same data gives the same bytes (and ETag: a 304 on the next poll).
 */
import ical, { type ICalCalendar, type ICalEventData } from 'ical-generator';
import type { RoleName } from '@kelasku/contract';
import type { Db } from '../../db/client.js';
import {
  extraMeetings,
  learnerDeadlines,
  learnerQuizzes,
  teacherDeadlines,
  teacherQuizzes,
  weeklyLessons,
  type DeadlineRow,
  type LessonRow,
  type MeetingRow,
  type QuizRow,
} from './queries.js';

/** A quiz whose window is at most this long is one event (from opening to closing); a longer one is two. */
const ONE_EVENT_WINDOW_MS = 12 * 3600_000;

export interface FeedUser {
  id: number;
  role: RoleName;
  name: string;
}

interface Ctx {
  user: FeedUser;
  /** "https://kelasku.sekolah.sch.id" (no trailing slash). */
  base: string;
}

/** "@kelasku" UIDs: the item, then whose feed (and for a parent, which child) it is in. */
function uid(ctx: Ctx, item: string, studentId: number | null): string {
  const { role, id } = ctx.user;
  const whose = role === 'parent' ? `parent-${id}-student-${studentId}` : `${role}-${id}`;
  return `${item}-${whose}@kelasku`;
}

/** A parent's events carry the child's name first. */
const forChild = (ctx: Ctx, name: string | null) => (ctx.user.role === 'parent' && name ? `[${name}] ` : '');

function linked(ctx: Ctx, path: string, lines: string[] = []): Pick<ICalEventData, 'url' | 'description'> {
  const url = `${ctx.base}${path}`;
  return { url, description: [...lines, `Buka di Kelasku: ${url}`].join('\n') };
}

const stamped = (ms: number) => ({ stamp: new Date(ms), lastModified: new Date(ms) });

function deadlineEvent(ctx: Ctx, a: DeadlineRow): ICalEventData {
  const path =
    ctx.user.role === 'teacher'
      ? `/online-class/${a.classId}/contents/${a.lessonId}/assignment/${a.id}`
      : ctx.user.role === 'parent'
        ? `/anak/${a.studentId}`
        : `/my-classes/${a.classId}/submissions/${a.id}`;
  const lines = [a.extended ? 'Tenggat ini sudah diperpanjang khusus untukmu.' : '', a.hidden ? 'Belum terlihat oleh siswa.' : ''];
  if (a.extended && ctx.user.role === 'parent') lines[0] = 'Tenggat ini sudah diperpanjang khusus untuk anak Anda.';
  return {
    id: uid(ctx, `assignment-${a.id}`, a.studentId),
    start: new Date(a.due),
    summary: `${forChild(ctx, a.studentName)}Tenggat: ${a.title} — ${a.className}${a.hidden ? ' (belum terlihat siswa)' : ''}`,
    ...linked(
      ctx,
      path,
      lines.filter((l) => l),
    ),
    ...stamped(a.stamp),
  };
}

function quizEvents(ctx: Ctx, q: QuizRow, from: number, to: number): ICalEventData[] {
  const path =
    ctx.user.role === 'teacher'
      ? `/online-class/${q.classId}/contents/${q.lessonId}/quizzes/${q.id}`
      : ctx.user.role === 'parent'
        ? `/anak/${q.studentId}`
        : `/my-classes/${q.classId}/contents/${q.lessonId}/quizzes/${q.id}`;
  const kind = q.exam ? 'Ujian' : 'Kuis';
  const name = `${q.title} — ${q.className}${q.hidden ? ' (belum terlihat siswa)' : ''}`;
  const lead = forChild(ctx, q.studentName);
  const common = { ...linked(ctx, path, q.hidden ? ['Belum terlihat oleh siswa.'] : []), ...stamped(q.stamp) };
  const inWindow = (t: number | null): t is number => t !== null && t >= from && t <= to;
  if (q.opensAt !== null && q.closesAt !== null && q.closesAt - q.opensAt <= ONE_EVENT_WINDOW_MS) {
    if (!inWindow(q.opensAt) && !inWindow(q.closesAt)) return [];
    return [
      {
        id: uid(ctx, `quiz-${q.id}`, q.studentId),
        start: new Date(q.opensAt),
        end: new Date(q.closesAt),
        summary: `${lead}${kind}: ${name}`,
        ...common,
      },
    ];
  }
  const out: ICalEventData[] = [];
  if (inWindow(q.opensAt))
    out.push({
      id: uid(ctx, `quiz-${q.id}-open`, q.studentId),
      start: new Date(q.opensAt),
      summary: `${lead}${kind} dibuka: ${name}`,
      ...common,
    });
  if (inWindow(q.closesAt))
    out.push({
      id: uid(ctx, `quiz-${q.id}-close`, q.studentId),
      start: new Date(q.closesAt),
      summary: `${lead}${kind} ditutup: ${name}`,
      ...common,
    });
  return out;
}

/** "20261219T165959Z". */
const utcStamp = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');

function lessonEvent(ctx: Ctx, l: LessonRow): ICalEventData {
  const periods = l.periodFrom === l.periodTo ? `jam ke-${l.periodFrom}` : `jam ke-${l.periodFrom}–${l.periodTo}`;
  const teacher = ctx.user.role === 'teacher';
  const rule = [`RRULE:FREQ=WEEKLY;UNTIL=${utcStamp(l.until)}`];
  if (l.cancelled.length > 0) rule.push(`EXDATE:${l.cancelled.map(utcStamp).join(',')}`);
  return {
    id: uid(ctx, `lesson-${l.assignmentId}-${l.day}-${l.periodFrom}`, null),
    start: new Date(l.startsAt),
    end: new Date(l.endsAt),
    repeating: rule.join('\n'),
    summary: `${teacher ? 'Mengajar' : 'Pelajaran'}: ${l.className} (${periods})`,
    ...linked(ctx, teacher ? `/online-class/${l.classId}` : `/my-classes/${l.classId}`),
    ...stamped(l.stamp),
  };
}

function meetingEvent(ctx: Ctx, m: MeetingRow): ICalEventData {
  const teacher = ctx.user.role === 'teacher';
  return {
    id: uid(ctx, `meeting-${m.id}`, null),
    start: new Date(m.startsAt),
    end: new Date(m.endsAt),
    summary: `Pertemuan tambahan: ${m.className}`,
    ...linked(
      ctx,
      teacher ? `/online-class/${m.classId}/presensi/${m.id}` : `/my-classes/${m.classId}`,
      m.topic ? [`Topik: ${m.topic}`] : [],
    ),
    ...stamped(m.stamp),
  };
}

/** Everything the user's feed holds, by role. Statements: student and teacher 4, parent 2, admin 0 (all at once). */
async function eventsOf(db: Db, ctx: Ctx, from: number, to: number): Promise<ICalEventData[]> {
  const { role, id } = ctx.user;
  const quizzesOut = (rows: QuizRow[]) => rows.flatMap((q) => quizEvents(ctx, q, from, to));
  if (role === 'student' || role === 'teacher') {
    const [deadlines, quizzes, lessons, meetings] = await Promise.all(
      role === 'student'
        ? [
            learnerDeadlines(db, { student: id }),
            learnerQuizzes(db, { student: id }),
            weeklyLessons(db, { student: id }),
            extraMeetings(db, { student: id }),
          ]
        : [teacherDeadlines(db, id), teacherQuizzes(db, id), weeklyLessons(db, { teacher: id }), extraMeetings(db, { teacher: id })],
    );
    return [
      ...deadlines.map((a) => deadlineEvent(ctx, a)),
      ...quizzesOut(quizzes),
      ...lessons.map((l) => lessonEvent(ctx, l)),
      ...meetings.map((m) => meetingEvent(ctx, m)),
    ];
  }
  if (role === 'parent') {
    const [deadlines, quizzes] = await Promise.all([learnerDeadlines(db, { parent: id }), learnerQuizzes(db, { parent: id })]);
    return [...deadlines.map((a) => deadlineEvent(ctx, a)), ...quizzesOut(quizzes)];
  }
  // An admin teaches and learns nothing: a valid, empty calendar.
  return [];
}

/** The feed's calendar. `now` bounds the quiz events as the queries bound the rows (30 days back, 90 ahead). */
export async function buildFeed(db: Db, user: FeedUser, base: string, window: { from: number; to: number }): Promise<ICalCalendar> {
  const ctx: Ctx = { user, base };
  const calendar = ical({
    name: `Kelasku — ${user.name}`,
    description: 'Tenggat tugas, kuis, ujian dan jadwal pelajaran dari Kelasku (WIB).',
    prodId: { company: 'Kelasku', product: 'Kalender', language: 'ID' },
    ttl: 60 * 60,
    x: { 'X-WR-TIMEZONE': 'Asia/Jakarta' },
  });
  for (const event of await eventsOf(db, ctx, window.from, window.to)) calendar.createEvent(event);
  return calendar;
}
