/**
 * Changing meetings (issue 38): a meeting outside the timetable, its teaching journal, cancelling
 * and restoring it, deleting one added by hand. The caller has checked the class (write).
 */
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { MEETING_MSG, MSG, type journalBody, type meetingBody } from '@kelasku/contract';
import type { Db } from '../../db/client.js';
import { meetings } from '../../db/schema.js';
import type { OnlineClass } from '../../access/index.js';
import type { AuthUser } from '../../types.js';
import { conflict, invalidField } from '../../http/errors.js';
import { uniqueViolation } from '../../http/db-errors.js';
import { applyLeavesToMeetings } from '../leave-requests/apply.js';
import { bellOfDay, lessonOfClass, semesterOfClass, slotTaken, type MeetingRecord } from './queries.js';

type MeetingBody = z.infer<typeof meetingBody>;
type JournalBody = z.infer<typeof journalBody>;

/** The instant of a WIB wall-clock time ("07:00" or "07:00:00") on `date`. */
const wibAt = (date: string, time: string) => new Date(`${date}T${time.replace('.', ':').slice(0, 5)}:00+07:00`);

interface Slot {
  periodFrom: number | null;
  periodTo: number | null;
  startsAt: Date;
  endsAt: Date;
}

/** The meeting's periods checked against the bell of its day, or its own times. */
async function slotOf(db: Db, body: MeetingBody): Promise<Slot> {
  const from = body.period_from ?? body.period_to ?? null;
  if (from !== null) {
    const to = body.period_to ?? from;
    if (to < from) throw invalidField('period_to', MEETING_MSG.periodOrder);
    const bell = new Map((await bellOfDay(db, body.date)).map((b) => [b.period, b]));
    for (let p = from; p <= to; p++) if (!bell.has(p)) throw invalidField('period_from', MEETING_MSG.periodUnknown);
    return {
      periodFrom: from,
      periodTo: to,
      startsAt: wibAt(body.date, bell.get(from)!.starts_at),
      endsAt: wibAt(body.date, bell.get(to)!.ends_at),
    };
  }
  if (!body.starts_at) throw invalidField('starts_at', MSG.required);
  if (!body.ends_at) throw invalidField('ends_at', MSG.required);
  const startsAt = wibAt(body.date, body.starts_at);
  const endsAt = wibAt(body.date, body.ends_at);
  if (endsAt <= startsAt) throw invalidField('ends_at', MEETING_MSG.endsBeforeStart);
  return { periodFrom: null, periodTo: null, startsAt, endsAt };
}

/** A Pembelajaran of this class, or 422. */
async function lessonIn(db: Db, classId: number, lessonId: number) {
  const lesson = await lessonOfClass(db, classId, lessonId);
  if (!lesson) throw invalidField('lesson_id', MEETING_MSG.lessonUnknown);
  return lesson;
}

/** Adds a meeting outside the timetable; returns its id. */
export async function createMeeting(db: Db, user: AuthUser, klass: OnlineClass, body: MeetingBody): Promise<number> {
  const semester = await semesterOfClass(db, klass);
  if (!semester || body.date < semester.starts_on || body.date > semester.ends_on) throw invalidField('date', MEETING_MSG.outsideSemester);
  const slot = await slotOf(db, body);
  const lesson = body.lesson_id ? await lessonIn(db, klass.id, body.lesson_id) : null;
  const field = slot.periodFrom === null ? 'starts_at' : 'period_from';
  if (await slotTaken(db, klass.id, body.date, slot.startsAt, slot.endsAt)) throw conflict(MEETING_MSG.slotTaken, field);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(meetings)
        .values({
          onlineClassId: klass.id,
          date: body.date,
          ...slot,
          source: 'extra',
          lessonId: lesson?.id ?? null,
          topic: body.topic ?? lesson?.title.slice(0, 255) ?? null,
          activities: lesson?.description ?? null,
          createdBy: user.id,
        })
        .returning({ id: meetings.id });
      await applyLeavesToMeetings(tx, [row!.id]);
      return row!.id;
    });
  } catch (err) {
    if (uniqueViolation(err) === 'meetings_class_slot_uq') throw conflict(MEETING_MSG.slotTaken, field);
    throw err;
  }
}

/**
 * The teaching journal: fields left out stay as they are. Linking a Pembelajaran fills the topic
 * and activities that are empty (and not sent) from its title and description.
 */
export async function saveJournal(db: Db, klass: OnlineClass, m: MeetingRecord, body: JournalBody): Promise<void> {
  const set: Partial<typeof meetings.$inferInsert> = {};
  if (body.topic !== undefined) set.topic = body.topic;
  if (body.activities !== undefined) set.activities = body.activities;
  if (body.notes !== undefined) set.notes = body.notes;
  if (body.lesson_id === null) set.lessonId = null;
  else if (body.lesson_id !== undefined) {
    const lesson = await lessonIn(db, klass.id, body.lesson_id);
    set.lessonId = lesson.id;
    if (body.topic === undefined && !m.topic) set.topic = lesson.title.slice(0, 255);
    if (body.activities === undefined && !m.activities) set.activities = lesson.description || null;
  }
  if (Object.keys(set).length === 0) return;
  await db
    .update(meetings)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(meetings.id, m.id));
}

/**
 * Cancels the meeting (a holiday, a school event) with its reason, or (reason null) makes it count
 * again — refused (409) when another meeting of the class took its time meanwhile.
 */
export async function setCancelled(db: Db, m: MeetingRecord, reason: string | null): Promise<void> {
  if (reason === null && m.cancelledAt !== null && (await slotTaken(db, m.onlineClassId, m.date, m.startsAt, m.endsAt))) {
    throw conflict(MEETING_MSG.slotTaken);
  }
  await db
    .update(meetings)
    .set({
      cancelledAt: reason === null ? null : sql`coalesce(${meetings.cancelledAt}, now())`,
      cancelReason: reason,
      updatedAt: sql`now()`,
    })
    .where(eq(meetings.id, m.id));
}

/** Deletes a meeting added by hand (its marks go with it); one from the timetable is only cancelled (409). */
export async function deleteMeeting(db: Db, m: MeetingRecord): Promise<void> {
  if (m.source !== 'extra') throw conflict(MEETING_MSG.deleteTimetable);
  await db.delete(meetings).where(eq(meetings.id, m.id));
}
