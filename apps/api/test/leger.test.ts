/**
 * Issue 39: the wali kelas's leger (students × subjects of their rombel, the final grades, the mean
 * and the rank), for the wali kelas and the admin, as JSON and XLSX.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@kelasku/contract';
import { assignments, classGradeSettings, teachingAssignments, teachingAssignmentTeachers } from '../src/db/schema.js';
import { useTestApp, type TestContext } from './helpers.js';
import { statementsDuring } from './admin-access.js';
import { makeSubject, sheetRows } from './teaching-helpers.js';
import { copyDefaultCategories, gradedAssignment, reportScene, type ReportScene } from './report-grades-scene.js';
import type { TestUser } from './factory.js';

const t = useTestApp();
const TOMORROW = () => new Date(Date.now() + 24 * 3600_000);

/**
 * Another subject's class for the scene's rombel (its teaching assignment this semester), taught by
 * `teacher`, with one Sumatif Lingkup Materi assignment due tomorrow: `scores[i]` is students[i]'s.
 */
async function subjectClass(t: TestContext, s: ReportScene, name: string, teacher: TestUser, scores: Array<number | undefined>) {
  const subject = await makeSubject(t, `${name} ${s.rombelId}`);
  const klass = await t.factory.onlineClass(teacher.id, { rombelId: s.rombelId, name: `${subject.name} ${s.rombelName}` });
  const [ta] = await t.db
    .insert(teachingAssignments)
    .values({ semesterId: s.semesterId, rombelClassId: s.rombelId, subjectId: subject.id, onlineClassId: klass.id })
    .returning();
  await t.db.insert(teachingAssignmentTeachers).values({ assignmentId: ta!.id, teacherId: teacher.id, position: 0 });
  const [slm] = await copyDefaultCategories(t, klass.id);
  const lesson = await t.factory.content(klass.id);
  const a = await t.factory.assignment(lesson.id, teacher.id, { deadline: TOMORROW() });
  await t.db.update(assignments).set({ categoryId: slm!.id }).where(eq(assignments.id, a.id));
  for (const [i, score] of scores.entries()) if (score !== undefined) await t.factory.submission(a.id, s.students[i]!.id, { score });
  return { klass, subject };
}

describe('the leger', () => {
  let s: ReportScene;
  let math: Awaited<ReturnType<typeof subjectClass>>;
  let art: Awaited<ReturnType<typeof subjectClass>>;
  beforeAll(async () => {
    s = await reportScene(t, 5);
    // Only Sumatif Lingkup Materi has a score: the final grade is its average.
    await gradedAssignment(t, s, { categoryId: s.categories[0]!.id, scores: [80, 90, 70], deadline: TOMORROW() });
    math = await subjectClass(t, s, 'Matematika', s.otherTeacher, [90, 80, 75]);
    art = await subjectClass(t, s, 'Seni Budaya', s.otherTeacher, [85, 85, 76, 60]);
    await t.db.update(classGradeSettings).set({ releasedAt: new Date() }).where(eq(classGradeSettings.onlineClassId, math.klass.id));
  });
  const teacherUrl = (rombelId: number) => `/api/teacher/homerooms/${rombelId}/leger`;
  const adminUrl = (rombelId: number) => `/api/admin/rombels/${rombelId}/leger`;

  it('shows the wali kelas every subject, each final, the mean and the rank', async () => {
    const res = await t.as(s.homeroom.token).get(teacherUrl(s.rombelId));
    expect(res.status).toBe(200);
    const l = res.body.data;
    expect(l.rombel).toEqual({ id: s.rombelId, name: s.rombelName });
    expect(l.semester.id).toBe(s.semesterId);
    expect(l.subjects).toEqual([
      { class_id: s.classId, subject: s.subjectName, teachers: [s.teacher.name, s.coTeacher.name], released: false },
      { class_id: math.klass.id, subject: math.subject.name, teachers: [s.otherTeacher.name], released: true },
      { class_id: art.klass.id, subject: art.subject.name, teachers: [s.otherTeacher.name], released: false },
    ]);
    // S1 (80 + 90 + 85) / 3 = 85 and S2 (90 + 80 + 85) / 3 = 85 share rank 1; S3 (70 + 75 + 76) / 3 = 73.67 is 3rd;
    // S4 has only Seni Budaya 60: 4th; S5 has no grade: no mean, no rank.
    expect(l.students).toEqual(
      s.students.map((st, i) => ({
        id: st.id,
        name: st.name,
        nisn: st.nisn,
        finals: [
          [80, 90, 85],
          [90, 80, 85],
          [70, 75, 76],
          [null, null, 60],
          [null, null, null],
        ][i],
        average: [85, 85, 73.67, 60, null][i],
        rank: [1, 1, 3, 4, null][i],
      })),
    );
  });

  it('gives the admin any rombel, and the same as XLSX', async () => {
    const res = await t.as((await t.factory.admin()).token).get(adminUrl(s.rombelId));
    expect(res.status).toBe(200);
    expect(res.body.data.students[2].average).toBe(73.67);
    const admin = await t.factory.admin();
    const file = await t.as(admin.token).get(`${adminUrl(s.rombelId)}.xlsx`);
    expect(file.status).toBe(200);
    expect(String(file.headers['content-disposition'])).toContain(encodeURIComponent(`Leger ${s.rombelName}.xlsx`));
    const rows = await sheetRows(file.raw.rawPayload);
    expect(rows[0]).toEqual(['No', 'NISN', 'Nama', s.subjectName, math.subject.name, art.subject.name, 'Rata-rata', 'Peringkat']);
    expect(rows[3]).toEqual(['3', s.students[2]!.nisn, s.students[2]!.name, '70', '75', '76', '73.67', '3']);
    const wali = await t.as(s.homeroom.token).get(`${teacherUrl(s.rombelId)}.xlsx`);
    expect(wali.status).toBe(200);
    expect(await sheetRows(wali.raw.rawPayload)).toEqual(rows);
    const missing = await t.as(admin.token).get(adminUrl(2_147_483_000));
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(MSG.notFound);
  });

  it('is not for a teacher who is not the wali kelas, nor for students', async () => {
    for (const who of [s.teacher, s.otherTeacher]) {
      const res = await t.as(who.token).get(teacherUrl(s.rombelId));
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(MSG.notFound);
      expect((await t.as(who.token).get(`${teacherUrl(s.rombelId)}.xlsx`)).status).toBe(404);
      expect((await t.as(who.token).get(adminUrl(s.rombelId))).status).toBe(403);
    }
    // The wali kelas of this rombel only: another rombel is 404.
    expect((await t.as(s.homeroom.token).get(teacherUrl(s.outsiderRombelId))).status).toBe(404);
    const student = s.students[0]!;
    expect((await t.as(student.token).get(teacherUrl(s.rombelId))).status).toBe(403);
    expect((await t.as(student.token).get(adminUrl(s.rombelId))).status).toBe(403);
  });

  it('reads every subject at once: the same number of queries for more subjects', async () => {
    const read = () => t.as(s.homeroom.token).get(teacherUrl(s.rombelId));
    const before = await statementsDuring(t, read);
    await subjectClass(t, s, 'Sejarah', s.coTeacher, [70, 70, 70, 70, 70]);
    await subjectClass(t, s, 'Bahasa Inggris', s.coTeacher, [88]);
    // The new classes' schemes are read once (statementsDuring reads twice and counts the second).
    const after = await statementsDuring(t, read);
    expect(after).toBe(before);
    expect(after).toBeLessThanOrEqual(25);
    expect((await read()).body.data.subjects).toHaveLength(5);
  });
});
