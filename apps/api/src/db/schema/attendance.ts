/**
 * Presensi (issue 38, migration 0024): meetings (pertemuan) of a class with their teaching journal
 * and self check-in, attendance per student and meeting, and izin/sakit requests.
 */
import { sql } from 'drizzle-orm';
import {
  char,
  customType,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { lessons, onlineClasses } from './classes.js';
import { storedFiles } from './files.js';
import { rombelClasses } from './school.js';
import { semesters } from './school-year.js';
import { users } from './users.js';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** H hadir, T terlambat, S sakit, I izin, D dispensasi, A alpa. */
export type AttendanceStatusCode = 'H' | 'T' | 'S' | 'I' | 'D' | 'A';

/** A lesson of a class on a day: made from the timetable (consecutive periods are one meeting) or added by a teacher. */
export const meetings = pgTable(
  'meetings',
  {
    id: serial('id').primaryKey(),
    onlineClassId: integer('online_class_id')
      .notNull()
      .references(() => onlineClasses.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    periodFrom: smallint('period_from'),
    periodTo: smallint('period_to'),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** 'timetable' | 'extra'. */
    source: varchar('source', { length: 10 }).notNull().default('timetable'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    cancelReason: varchar('cancel_reason', { length: 255 }),
    /** The Pembelajaran it covers. */
    lessonId: integer('content_id').references(() => lessons.id, { onDelete: 'set null' }),
    topic: varchar('topic', { length: 255 }),
    activities: text('activities'),
    notes: text('notes'),
    attendanceTakenAt: timestamp('attendance_taken_at', { withTimezone: true, mode: 'date' }),
    checkinSecret: bytea('checkin_secret'),
    checkinOpensAt: timestamp('checkin_opens_at', { withTimezone: true, mode: 'date' }),
    checkinClosesAt: timestamp('checkin_closes_at', { withTimezone: true, mode: 'date' }),
    checkinLateAt: timestamp('checkin_late_at', { withTimezone: true, mode: 'date' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('meetings_class_slot_uq')
      .on(t.onlineClassId, t.date, t.periodFrom)
      .where(sql`${t.periodFrom} is not null`),
    index('meetings_class_date_idx').on(t.onlineClassId, t.date),
    index('meetings_date_idx').on(t.date),
    index('meetings_content_idx')
      .on(t.lessonId)
      .where(sql`${t.lessonId} is not null`),
    index('meetings_created_by_idx')
      .on(t.createdBy)
      .where(sql`${t.createdBy} is not null`),
    index('meetings_checkin_open_idx')
      .on(t.checkinClosesAt)
      .where(sql`${t.checkinClosesAt} is not null`),
  ],
);

/** Izin/sakit requests: a date range with the letter, decided by the wali kelas. */
export const leaveRequests = pgTable(
  'leave_requests',
  {
    id: serial('id').primaryKey(),
    studentId: integer('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    semesterId: integer('semester_id')
      .notNull()
      .references(() => semesters.id, { onDelete: 'cascade' }),
    rombelClassId: integer('rombel_class_id')
      .notNull()
      .references(() => rombelClasses.id, { onDelete: 'cascade' }),
    /** 'S' | 'I'. */
    kind: char('kind', { length: 1 }).notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    reason: text('reason').notNull(),
    fileId: integer('file_id').references(() => storedFiles.id, { onDelete: 'restrict' }),
    /** 'pending' | 'approved' | 'refused' | 'withdrawn'. */
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    decisionNote: text('decision_note'),
    createdAt: createdAt(),
  },
  (t) => [
    index('leave_requests_student_idx').on(t.studentId, t.startsOn),
    index('leave_requests_rombel_idx').on(t.rombelClassId, t.semesterId, t.status),
    index('leave_requests_semester_idx').on(t.semesterId),
    index('leave_requests_file_idx')
      .on(t.fileId)
      .where(sql`${t.fileId} is not null`),
    index('leave_requests_requested_by_idx')
      .on(t.requestedBy)
      .where(sql`${t.requestedBy} is not null`),
    index('leave_requests_decided_by_idx')
      .on(t.decidedBy)
      .where(sql`${t.decidedBy} is not null`),
  ],
);

/** One student's mark in one meeting. No row: not recorded yet. */
export const attendance = pgTable(
  'attendance',
  {
    meetingId: integer('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: char('status', { length: 1 }).$type<AttendanceStatusCode>().notNull(),
    note: varchar('note', { length: 255 }),
    /** 'teacher' | 'checkin' | 'leave'. */
    source: varchar('source', { length: 10 }).notNull(),
    leaveRequestId: integer('leave_request_id').references(() => leaveRequests.id, { onDelete: 'set null' }),
    /** Counts every change; a save over a change the device has not seen is refused (409). */
    revision: integer('revision').notNull().default(1),
    recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.meetingId, t.studentId] }),
    index('attendance_student_idx').on(t.studentId, t.meetingId),
    index('attendance_leave_idx')
      .on(t.leaveRequestId)
      .where(sql`${t.leaveRequestId} is not null`),
    index('attendance_recorded_by_idx')
      .on(t.recordedBy)
      .where(sql`${t.recordedBy} is not null`),
  ],
);
