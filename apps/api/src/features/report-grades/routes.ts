import {
  REPORT_MSG,
  classReportGrades,
  descriptionBody,
  descriptionParams,
  errorEnvelope,
  leger,
  legerParams,
  ok,
  reportGradesParams,
  semesterLabel,
  studentReportCard,
  studentReportGrade,
  type Leger,
} from '@kelasku/contract';
import { recordAudit } from '../../audit/record.js';
import type { App } from '../../types.js';
import { assertGradesOpen, classForTeacher } from '../../access/index.js';
import { notFound } from '../../http/errors.js';
import { DOWNLOAD_TYPES, attachment } from '../../http/download.js';
import { legerSubjectsOf, rombelInActiveSemester, rosterOf, saveDescription, studentOfRombel } from './queries.js';
import { reportCardsOfStudent, reportGradesOf, reportGradesOfClasses } from './service.js';
import { toLeger } from './present.js';
import { classReportXlsx, legerXlsx, xlsxFilename } from './export.js';

/**
 * The leger of a rombel in the active semester (null: no such rombel or no active semester, or
 * `homeroomOf` given and not the rombel's wali kelas). Queries: 3, then the final grades of all its
 * subjects at once (reportGradesOfClasses: at most 16 whatever the number of subjects), so a
 * 14-subject leger takes about 19 (more the first time a class's scheme is read).
 */
async function legerOf(app: App, rombelId: number, homeroomOf?: number): Promise<Leger | null> {
  const found = await rombelInActiveSemester(app.db, rombelId);
  if (!found || (homeroomOf !== undefined && found.homeroomTeacherId !== homeroomOf)) return null;
  const subjects = await legerSubjectsOf(app.db, found.semester.id, rombelId);
  const roster = await rosterOf(app.db, rombelId);
  const reports = await reportGradesOfClasses(
    app.db,
    subjects.map((s) => s.klass),
  );
  const semester = { id: found.semester.id, label: semesterLabel({ school_year: found.semester.schoolYear, term: found.semester.term }) };
  return toLeger(
    found.rombel,
    semester,
    roster,
    subjects.map((s) => ({ classId: s.klass.id, subject: s.subject, teachers: s.teachers })),
    reports,
  );
}

/** GET …/leger and …/leger.xlsx under `base`, the leger found by `find` (null: 404). */
function legerRoutes(
  app: App,
  tags: string[],
  base: string,
  who: string,
  find: (rombelId: number, userId: number) => Promise<Leger | null>,
) {
  const schema = { tags, params: legerParams };
  const get = async (rombelId: number, userId: number) => {
    const found = await find(rombelId, userId);
    if (!found) throw notFound();
    return found;
  };
  app.get(
    base,
    {
      schema: {
        ...schema,
        summary:
          `The leger of the rombel in the active semester (${who}): its students × the subjects of its teaching assignments, ` +
          'each final grade (null: none yet), the mean of each student (2 decimals) and the rank by it (ties share, no mean: no rank)',
        response: { 200: ok(leger), 404: errorEnvelope },
      },
    },
    async (request) => ({ success: true as const, data: await get(request.params.rombelId, request.user.id) }),
  );
  app.get(
    `${base}.xlsx`,
    {
      config: { expensive: 'export' },
      schema: {
        ...schema,
        summary: `The leger as XLSX "Leger <rombel>": No, NISN, Nama, one column per subject, Rata-rata, Peringkat (${who})`,
      },
    },
    async (request, reply) => {
      const l = await get(request.params.rombelId, request.user.id);
      return attachment(reply, DOWNLOAD_TYPES.xlsx, xlsxFilename(`Leger ${l.rombel.name}`), await legerXlsx(l));
    },
  );
}

/** /api/teacher: a class's Nilai Akhir, the report descriptions, the wali kelas's leger (issue 39; contract schemas/report-grades.ts). */
export async function teacherRoutes(app: App): Promise<void> {
  const tags = ['teacher: report grades'];
  const base = '/online-classes/:classId/report-grades';

  app.get(
    base,
    {
      schema: {
        tags,
        summary:
          "The class's Nilai Akhir (docs/features/report-grades.md): its scheme, its graded work with categories and TPs, and per " +
          'student the final grade (rounded half up) with its breakdown per category (counted, dropped), the TP scores and the report description',
        params: reportGradesParams,
        response: { 200: ok(classReportGrades), 404: errorEnvelope },
      },
    },
    async (request) => {
      const klass = await classForTeacher(app.db, request.user, request.params.classId, 'read');
      return { success: true as const, data: await reportGradesOf(app.db, klass) };
    },
  );

  app.get(
    `${base}.xlsx`,
    {
      config: { expensive: 'export' },
      schema: {
        tags,
        summary:
          'The Nilai Akhir as XLSX "Nilai Akhir <kelas>": No, NIS, NISN, Nama, one column per category average, Nilai Akhir, then one column per TP',
        params: reportGradesParams,
      },
    },
    async (request, reply) => {
      const klass = await classForTeacher(app.db, request.user, request.params.classId, 'read');
      const report = await reportGradesOf(app.db, klass);
      return attachment(reply, DOWNLOAD_TYPES.xlsx, xlsxFilename(`Nilai Akhir ${klass.name}`), await classReportXlsx(report));
    },
  );

  app.put(
    `${base}/students/:studentId/description`,
    {
      schema: {
        tags,
        summary:
          "A student's report description in the class (each part at most 1000 characters; null or empty: written from the TPs " +
          "again). The student must be of the class's rombel (404); refused while the semester's grades are locked (409)",
        params: descriptionParams,
        body: descriptionBody,
        response: { 200: ok(studentReportGrade), 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      const { classId, studentId } = request.params;
      const klass = await classForTeacher(app.db, request.user, classId, 'write');
      if (!(await studentOfRombel(app.db, klass.rombelClassId, studentId))) throw notFound();
      await assertGradesOpen(app.db, classId);
      const { achieved, to_improve: toImprove } = request.body;
      // The description and its audit row (who changed which student's report text) commit together.
      await app.db.transaction(async (tx) => {
        await saveDescription(tx, { classId, studentId, achieved, toImprove, by: request.user.id });
        await recordAudit(tx, request, {
          action: 'grade.description',
          targetType: 'user',
          targetId: studentId,
          summary: `${klass.name}: deskripsi rapor`,
          after: { achieved, to_improve: toImprove },
        });
      });
      const report = await reportGradesOf(app.db, klass);
      const row = report.students.find((s) => s.student.id === studentId);
      if (!row) throw notFound();
      return { success: true as const, message: REPORT_MSG.descriptionSaved, data: row };
    },
  );

  legerRoutes(app, tags, '/homerooms/:rombelId/leger', 'its wali kelas in the active semester, else 404', (rombelId, userId) =>
    legerOf(app, rombelId, userId),
  );
}

/** /api/student: "Nilai Saya" per class. */
export async function studentRoutes(app: App): Promise<void> {
  app.get(
    '/report-grades',
    {
      schema: {
        tags: ['student: report grades'],
        summary:
          "The student's report part per (not archived) class of their rombel: the categories with their weights and the " +
          "student's own averages, the TPs in words, and the final grade and description once the teacher released them",
        response: { 200: ok(studentReportCard.array()) },
      },
    },
    async (request) => ({ success: true as const, data: await reportCardsOfStudent(app.db, request.user.id) }),
  );
}

/** /api/admin: any rombel's leger. */
export async function adminRoutes(app: App): Promise<void> {
  legerRoutes(app, ['admin: report grades'], '/rombels/:rombelId/leger', 'admin', (rombelId) => legerOf(app, rombelId));
}
