/**
 * Recaps of attendance (issue 38; contract schemas/attendance-recaps.ts): of a class (its teachers,
 * team teachers too, and the admin), of a rombel per month and per semester (its wali kelas and the
 * admin), each on screen and as XLSX; the student's own record; the admin's alert setting.
 */
import type { FastifyRequest } from 'fastify';
import {
  RECAP_MSG,
  attendanceSettings,
  classIdParams,
  classRecap,
  errorEnvelope,
  monthQuery,
  monthRecap,
  ok,
  recapSemesterQuery,
  rombelIdParams,
  semesterRecap,
  studentAttendance,
} from '@kelasku/contract';
import type { App } from '../../types.js';
import { classForTeacher } from '../../access/index.js';
import { notFound } from '../../http/errors.js';
import { DOWNLOAD_TYPES, attachment } from '../../http/download.js';
import { recordAudit } from '../../audit/record.js';
import { wibDay } from '../schedule/present.js';
import { lockSettings, recapRombel, rombelOfHomeroom, storeAlpaAlertDays } from './queries.js';
import { alpaAlertDays, classRecapOf, monthRecapOf, semesterOrRefuse, semesterRecapOf, studentAttendanceOf } from './recaps.js';
import { classXlsx, monthXlsx, recapFilename, semesterXlsx } from './export.js';
import { monthLabel } from './present.js';

type Rombel = { id: number; name: string };
/** The rombel when the caller may read its recap of the month or the semester; 404 otherwise. */
type ReachRombel = (request: FastifyRequest, rombelId: number, of: { month: string } | { semesterId: number }) => Promise<Rombel>;

/** The current month in WIB ("2026-11"). */
const thisMonth = () => wibDay(new Date()).date.slice(0, 7);

const found = <T>(row: T | null): T => {
  if (!row) throw notFound();
  return row;
};

/** GET …/attendance-recap{,.xlsx} of a class; `reach` throws 404 for a class out of the caller's reach. */
function classRecapRoutes(app: App, tags: string[], reach: (request: FastifyRequest, classId: number) => Promise<void>) {
  const path = '/online-classes/:classId/attendance-recap';
  const recapOf = async (request: FastifyRequest, classId: number) => {
    await reach(request, classId);
    return classRecapOf(app.db, classId);
  };
  app.get(
    path,
    {
      schema: {
        tags,
        summary:
          "The class's recap: the rombel's students (and anyone marked in the class) × its meetings that are not cancelled " +
          '(numbered as the meetings list), each mark or null, and the meetings per mark of each student',
        params: classIdParams,
        response: { 200: ok(classRecap), 404: errorEnvelope },
      },
    },
    async (request) => ({ success: true as const, data: await recapOf(request, request.params.classId) }),
  );
  app.get(
    `${path}.xlsx`,
    {
      config: { expensive: 'export' },
      schema: {
        tags,
        summary:
          'The class recap as XLSX ("Rekap Presensi <kelas>"): title rows, then No, NIS, Nama, one column per meeting ("P1 03/11"), H T S I D A',
        params: classIdParams,
      },
    },
    async (request, reply) => {
      const recap = await recapOf(request, request.params.classId);
      return attachment(
        reply,
        DOWNLOAD_TYPES.xlsx,
        recapFilename(`Rekap Presensi ${recap.class.name}`),
        await classXlsx(app.config.schoolName, recap),
      );
    },
  );
}

/** GET <base>{,.xlsx}?month= and <base>/semester{,.xlsx}?semester_id= of a rombel. */
function rombelRecapRoutes(app: App, tags: string[], base: string, reach: ReachRombel) {
  const month = async (request: FastifyRequest<{ Params: { rombelId: number }; Querystring: { month?: string | undefined } }>) => {
    const which = request.query.month ?? thisMonth();
    const rombel = await reach(request, request.params.rombelId, { month: which });
    return monthRecapOf(app.db, rombel, which);
  };
  const semester = async (request: FastifyRequest<{ Params: { rombelId: number }; Querystring: { semester_id?: number | undefined } }>) => {
    const which = await semesterOrRefuse(app.db, request.query.semester_id);
    const rombel = await reach(request, request.params.rombelId, { semesterId: which.id });
    return semesterRecapOf(app.db, rombel, which);
  };
  const monthSchema = { tags, params: rombelIdParams, querystring: monthQuery };
  const semesterSchema = { tags, params: rombelIdParams, querystring: recapSemesterQuery };

  app.get(
    base,
    {
      schema: {
        ...monthSchema,
        summary:
          "Rekap absensi bulanan (`month`, the current one by default): the rombel's students × the days of the month with meetings, each day's mark (the mark of most " +
          'of its recorded meetings; a tie goes to A, S, I, D, T, H in that order) and the days per mark. A month without meetings: no dates, zero totals',
        response: { 200: ok(monthRecap), 404: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => ({ success: true as const, data: await month(request) }),
  );
  app.get(
    `${base}.xlsx`,
    {
      config: { expensive: 'export' },
      schema: {
        ...monthSchema,
        summary:
          'The month recap as XLSX: title rows, then No, NIS, NISN, Nama, one column per day 1–31 (days without meetings grey), H T S I D A',
      },
    },
    async (request, reply) => {
      const recap = await month(request);
      const name = recapFilename(`Rekap Absensi ${recap.rombel.name} ${monthLabel(recap.month)}`);
      return attachment(reply, DOWNLOAD_TYPES.xlsx, name, await monthXlsx(app.config.schoolName, recap));
    },
  );
  app.get(
    `${base}/semester`,
    {
      schema: {
        ...semesterSchema,
        summary:
          "The semester's days per mark of each student (the report card's Sakit, Izin, Tanpa keterangan are S, I, A), the active semester by default",
        response: { 200: ok(semesterRecap), 404: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => ({ success: true as const, data: await semester(request) }),
  );
  app.get(
    `${base}/semester.xlsx`,
    {
      config: { expensive: 'export' },
      schema: {
        ...semesterSchema,
        summary: 'The semester recap as XLSX: No, NIS, NISN, Nama, Sakit, Izin, Tanpa Keterangan, Hadir, Terlambat, Dispensasi',
      },
    },
    async (request, reply) => {
      const recap = await semester(request);
      const name = recapFilename(`Rekap Absensi Semester ${recap.rombel.name} ${recap.semester.label}`);
      return attachment(reply, DOWNLOAD_TYPES.xlsx, name, await semesterXlsx(app.config.schoolName, recap));
    },
  );
}

/** /api/teacher: recaps of a class (its teachers) and of a rombel (its wali kelas). */
export async function teacherRoutes(app: App): Promise<void> {
  const tags = ['teacher: attendance recaps'];
  classRecapRoutes(app, tags, async (request, classId) => {
    await classForTeacher(app.db, request.user, classId, 'read');
  });
  rombelRecapRoutes(app, tags, '/homerooms/:rombelId/attendance', async (request, rombelId, of) =>
    found(await rombelOfHomeroom(app.db, request.user.id, rombelId, of)),
  );
}

/** /api/student: the student's own attendance. */
export async function studentRoutes(app: App): Promise<void> {
  app.get(
    '/attendance',
    {
      schema: {
        tags: ['student: attendance'],
        summary:
          "The student's own attendance in the semester (the active one by default): days and meetings per mark, and the " +
          'recorded meetings of their classes with class and subject, newest first',
        querystring: recapSemesterQuery,
        response: { 200: ok(studentAttendance), 422: errorEnvelope },
      },
    },
    async (request) => ({ success: true as const, data: await studentAttendanceOf(app.db, request.user.id, request.query.semester_id) }),
  );
}

/** /api/admin: every class's and rombel's recaps, and the alert setting. */
export async function adminRoutes(app: App): Promise<void> {
  const tags = ['admin: attendance'];
  classRecapRoutes(app, tags, async () => {});
  rombelRecapRoutes(app, tags, '/attendance/rombels/:rombelId/attendance', async (_request, rombelId) =>
    found(await recapRombel(app.db, rombelId)),
  );

  app.get(
    '/attendance/settings',
    {
      schema: {
        tags,
        summary: "The school's attendance settings: the Alpa days in a month that tell the wali kelas",
        response: { 200: ok(attendanceSettings) },
      },
    },
    async () => ({ success: true as const, data: { alpa_alert_days: await alpaAlertDays(app.db) } }),
  );

  app.put(
    '/attendance/settings',
    {
      schema: {
        tags,
        summary: 'Saves the attendance settings (1 to 31 Alpa days), audited',
        body: attendanceSettings,
        response: { 200: ok(attendanceSettings), 422: errorEnvelope },
      },
    },
    async (request) => {
      const days = request.body.alpa_alert_days;
      await app.db.transaction(async (tx) => {
        await lockSettings(tx);
        const before = await alpaAlertDays(tx);
        await storeAlpaAlertDays(tx, days);
        await recordAudit(tx, request, {
          action: 'attendance.settings',
          targetType: 'setting',
          summary: 'Pengaturan presensi',
          before: { alpa_alert_days: before },
          after: { alpa_alert_days: days },
        });
      });
      return { success: true as const, message: RECAP_MSG.settingsSaved, data: { alpa_alert_days: days } };
    },
  );
}
