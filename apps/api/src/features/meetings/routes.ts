import { z } from 'zod';
import {
  MEETING_MSG,
  attendanceBody,
  cancelBody,
  classIdParams,
  errorEnvelope,
  journalBody,
  journalMonth,
  journalQuery,
  meeting,
  meetingBody,
  meetingDetail,
  meetingParams,
  ok,
  type JournalMonth,
  type Meeting,
  type MeetingDetail,
} from '@kelasku/contract';
import type { App, AuthUser } from '../../types.js';
import { classForTeacher, type OnlineClass } from '../../access/index.js';
import { DOWNLOAD_TYPES, attachment } from '../../http/download.js';
import { generateMeetings } from './generate.js';
import { classHeading, journalRows, meetingOfClass, meetingRows, studentMarks, teacherOf } from './queries.js';
import { monthBounds, toAttendanceRow, toJournalRow, toMeeting } from './present.js';
import { createMeeting, deleteMeeting, saveJournal, setCancelled } from './write.js';
import { saveAttendance } from './attendance.js';
import { journalFilename, journalXlsx } from './journal-xlsx.js';

const refused = { 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope };

const tags = ['teacher: meetings'];
const base = '/online-classes/:classId/meetings';
const one = `${base}/:meetingId`;

/** What the routes share: a meeting as lists show it, its class list, the class and meeting to change. */
function helpers(app: App) {
  /** One meeting of the class as lists show it. */
  const meetingOf = async (klass: OnlineClass, meetingId: number): Promise<Meeting> => {
    const [row] = await meetingRows(app.db, klass, meetingId);
    return toMeeting(row!);
  };
  /** The class list of a meeting: three statements. */
  const detailOf = async (klass: OnlineClass, meetingId: number): Promise<MeetingDetail> => {
    const [m, heading] = await Promise.all([meetingOf(klass, meetingId), classHeading(app.db, klass.id)]);
    const students = await studentMarks(app.db, m, klass.rombelClassId);
    return {
      meeting: m,
      class: {
        id: heading.id,
        name: heading.name,
        rombel: { id: heading.rombel_id, name: heading.rombel_name },
        subject:
          heading.subject_id !== null && heading.subject_name !== null ? { id: heading.subject_id, name: heading.subject_name } : null,
      },
      students: students.map((s) => toAttendanceRow(app.files, s)),
    };
  };
  /** The class (write) and its meeting, or 404 / 409 (archived). */
  const writable = async (user: AuthUser, p: { classId: number; meetingId: number }) => {
    const klass = await classForTeacher(app.db, user, p.classId, 'write');
    return { klass, m: await meetingOfClass(app.db, klass.id, p.meetingId) };
  };

  return { meetingOf, detailOf, writable };
}
type Helpers = ReturnType<typeof helpers>;

/** The list, adding a meeting, one meeting's class list. */
async function readRoutes(app: App, { meetingOf, detailOf }: Helpers): Promise<void> {
  app.get(
    base,
    {
      schema: {
        tags,
        summary:
          "The class's meetings, newest first (date, first period, id), after the timetable's meetings up to today (WIB) are made; " +
          'each with its number among the meetings not cancelled, its marks per status and the active students without one',
        params: classIdParams,
        response: { 200: ok(z.array(meeting)), 404: errorEnvelope },
      },
    },
    async (request) => {
      const klass = await classForTeacher(app.db, request.user, request.params.classId, 'read');
      if (klass.archivedAt === null) await generateMeetings(app.db, [klass.id]);
      return { success: true as const, data: (await meetingRows(app.db, klass)).map(toMeeting) };
    },
  );

  app.post(
    base,
    {
      schema: {
        tags,
        summary:
          "A meeting outside the timetable: a date of the class's semester and either periods (jam ke-, checked against that day's bell) or times; 409 when the class has a meeting then",
        params: classIdParams,
        body: meetingBody,
        response: { 201: ok(meeting), ...refused },
      },
    },
    async (request, reply) => {
      const klass = await classForTeacher(app.db, request.user, request.params.classId, 'write');
      const id = await createMeeting(app.db, request.user, klass, request.body);
      return reply.code(201).send({ success: true as const, message: MEETING_MSG.created, data: await meetingOf(klass, id) });
    },
  );

  app.get(
    one,
    {
      schema: {
        tags,
        summary:
          'The meeting with its class list: every active student of the rombel by name with their mark, its revision, who recorded it, the check-in time and an approved izin/sakit covering the day',
        params: meetingParams,
        response: { 200: ok(meetingDetail), 404: errorEnvelope },
      },
    },
    async (request) => {
      const klass = await classForTeacher(app.db, request.user, request.params.classId, 'read');
      await meetingOfClass(app.db, klass.id, request.params.meetingId);
      return { success: true as const, data: await detailOf(klass, request.params.meetingId) };
    },
  );
}

/** The journal of a meeting, cancelling, restoring, deleting, saving the class list. */
async function writeRoutes(app: App, { meetingOf, detailOf, writable }: Helpers): Promise<void> {
  app.patch(
    one,
    {
      schema: {
        tags,
        summary:
          'The teaching journal of the meeting (topic, activities, notes, the Pembelajaran); linking a Pembelajaran fills an empty topic and activities from it',
        params: meetingParams,
        body: journalBody,
        response: { 200: ok(meeting), ...refused },
      },
    },
    async (request) => {
      const { klass, m } = await writable(request.user, request.params);
      await saveJournal(app.db, klass, m, request.body);
      return { success: true as const, message: MEETING_MSG.saved, data: await meetingOf(klass, m.id) };
    },
  );

  app.post(
    `${one}/cancel`,
    {
      schema: {
        tags,
        summary: 'Cancels the meeting (a holiday, a school event) with its reason: it keeps its marks and loses its number',
        params: meetingParams,
        body: cancelBody,
        response: { 200: ok(meeting), ...refused },
      },
    },
    async (request) => {
      const { klass, m } = await writable(request.user, request.params);
      await setCancelled(app.db, m, request.body.reason);
      return { success: true as const, message: MEETING_MSG.cancelled, data: await meetingOf(klass, m.id) };
    },
  );

  app.post(
    `${one}/restore`,
    {
      schema: {
        tags,
        summary: 'Makes a cancelled meeting count again (409 when another meeting of the class took its time meanwhile)',
        params: meetingParams,
        response: { 200: ok(meeting), ...refused },
      },
    },
    async (request) => {
      const { klass, m } = await writable(request.user, request.params);
      await setCancelled(app.db, m, null);
      return { success: true as const, message: MEETING_MSG.restored, data: await meetingOf(klass, m.id) };
    },
  );

  app.delete(
    one,
    {
      schema: {
        tags,
        summary: 'Deletes a meeting added by hand, with its marks; one from the timetable is only cancelled (409)',
        params: meetingParams,
        response: { 200: ok(z.object({ id: z.number() })), ...refused },
      },
    },
    async (request) => {
      const { m } = await writable(request.user, request.params);
      await deleteMeeting(app.db, m);
      return { success: true as const, message: MEETING_MSG.deleted, data: { id: m.id } };
    },
  );

  app.put(
    `${one}/attendance`,
    {
      schema: {
        tags,
        summary:
          'Saves marks of the class list; each entry names the revision its device saw. 409 when the meeting is cancelled, or when a ' +
          'student was changed meanwhile to something else (errors["students.<id>"] names each; nothing is written); an entry equal to ' +
          'the stored mark is nothing to do. Students marked Alpa are notified',
        params: meetingParams,
        body: attendanceBody,
        response: { 200: ok(meetingDetail), ...refused },
      },
    },
    async (request) => {
      const klass = await classForTeacher(app.db, request.user, request.params.classId, 'write');
      await saveAttendance(app, request, klass, request.params.meetingId, request.body);
      return { success: true as const, message: MEETING_MSG.attendanceSaved, data: await detailOf(klass, request.params.meetingId) };
    },
  );
}

/** The caller's teaching journal of a month, on screen and as XLSX. */
async function journalRoutes(app: App): Promise<void> {
  /** The caller's journal of the month. */
  const journalOf = async (user: AuthUser, month: string): Promise<JournalMonth> => {
    const { from, to } = monthBounds(month);
    const [teacher, rows] = await Promise.all([teacherOf(app.db, user.id), journalRows(app.db, user.id, from, to)]);
    return { month, teacher, rows: rows.map(toJournalRow) };
  };

  app.get(
    '/journal',
    {
      schema: {
        tags,
        summary:
          "The caller's teaching journal of a month: the meetings of every class they teach (team teaching too), oldest first, with present (H+T) and absent (S+I+D+A) counts",
        querystring: journalQuery,
        response: { 200: ok(journalMonth), 422: errorEnvelope },
      },
    },
    async (request) => ({ success: true as const, data: await journalOf(request.user, request.query.month) }),
  );

  app.get(
    '/journal.xlsx',
    {
      config: { expensive: 'export' },
      schema: {
        tags,
        summary:
          'The same as XLSX ("Jurnal Mengajar", the teacher\'s name and NIP, the month): Tanggal, Jam ke-, Rombel, Mata Pelajaran, ' +
          'Pertemuan, Topik/Materi, Kegiatan, Hadir, Tidak hadir, Catatan (a cancelled meeting: "Dibatalkan: <alasan>")',
        querystring: journalQuery,
      },
    },
    async (request, reply) => {
      const journal = await journalOf(request.user, request.query.month);
      return attachment(reply, DOWNLOAD_TYPES.xlsx, journalFilename(journal), await journalXlsx(journal));
    },
  );
}

/** /api/teacher: meetings of a class, taking attendance, the teaching journal (issue 38; contract schemas/meetings.ts). */
export default async function meetingRoutes(app: App): Promise<void> {
  const h = helpers(app);
  await readRoutes(app, h);
  await writeRoutes(app, h);
  await journalRoutes(app);
}
