/**
 * Issue 39: quick grading (the table of every student, one row saved at a time, "Nilai &
 * kembalikan" in one act), "Kembalikan semua yang sudah dinilai", "Kembalikan" with a message, one
 * notification per grading act with the score, and the semester's grade lock on every grade write.
 */
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ASSIGNMENT_MSG, GRADE_MSG, MSG, QUICK_MSG, RUBRIC_MSG, type QuickGradingRow } from '@kelasku/contract';
import { assignments, auditLog, rubrics, semesters, submissionComments, submissions } from '../src/db/schema.js';
import { useTestApp, type TestContext } from './helpers.js';
import type { TestUser } from './factory.js';
import { handedInAgain, reportScene, type ReportScene } from './report-grades-scene.js';
import { expectNotFound, expectOtherRolesRefused } from './assignment-scene.js';

const t = useTestApp();
const HOUR = 3600_000;

/** The bell's texts of a user, newest first. */
async function texts(user: TestUser): Promise<string[]> {
  const res = await t.as(user.token).get('/api/notifications?limit=50');
  expect(res.status).toBe(200);
  return (res.body.data.items as Array<{ text: string }>).map((n) => n.text);
}

/**
 * The scene's class with "Laporan Praktik" (due an hour ago): students[0] graded 80 with feedback
 * and returned, students[1] handed in late (waiting), students[2] nothing (missing), students[3]
 * graded 85, returned and handed in again (awaiting a new grade).
 */
async function quickScene(t: TestContext) {
  const s = await reportScene(t);
  const a = await t.factory.assignment(s.lessonId, s.teacher.id, { title: 'Laporan Praktik', deadline: new Date(Date.now() - HOUR) });
  const [s0, s1, s2, s3] = s.students as [TestUser, TestUser, TestUser, TestUser];
  const early = new Date(Date.now() - 2 * HOUR);
  await t.factory.submission(a.id, s0.id, { score: 80, feedback: 'Rapi', submittedAt: early, returnedAt: new Date() });
  await t.factory.submission(a.id, s1.id);
  await t.factory.submission(a.id, s3.id, { score: 85, submittedAt: early, returnedAt: new Date() });
  await handedInAgain(t, a.id, s3.id);
  const base = `/api/teacher/online-classes/${s.classId}/contents/${s.lessonId}/assignments/${a.id}`;
  return { ...s, a, s0, s1, s2, s3, base };
}

const revisionOf = async (assignmentId: number, studentId: number) => {
  const [row] = await t.db
    .select({ revision: submissions.revision })
    .from(submissions)
    .where(and(eq(submissions.assignmentId, assignmentId), eq(submissions.studentId, studentId)));
  return row!.revision;
};

const lock = (s: ReportScene) => t.db.update(semesters).set({ gradesLockedAt: new Date() }).where(eq(semesters.id, s.semesterId));
const unlock = (s: ReportScene) => t.db.update(semesters).set({ gradesLockedAt: null }).where(eq(semesters.id, s.semesterId));

describe('the quick table', () => {
  it("lists every student of the class's rombel by name with the gradebook's state, score, last grade and revision", async () => {
    const s = await quickScene(t);
    const res = await t.as(s.teacher.token).get(`${s.base}/quick-grading`);
    expect(res.status).toBe(200);
    const rows: QuickGradingRow[] = res.body.data;
    const rev = (u: TestUser) => revisionOf(s.a.id, u.id);
    const who = (u: TestUser) => ({ id: u.id, name: u.name, nis: '1234' });
    expect(rows).toEqual([
      {
        student: who(s.s0),
        state: 'graded',
        score: 80,
        last_score: null,
        feedback: 'Rapi',
        revision: await rev(s.s0),
        late: false,
        returned: true,
      },
      {
        student: who(s.s1),
        state: 'waiting',
        score: null,
        last_score: null,
        feedback: null,
        revision: await rev(s.s1),
        late: true,
        returned: false,
      },
      { student: who(s.s2), state: 'missing', score: null, last_score: null, feedback: null, revision: null, late: false, returned: false },
      {
        student: who(s.s3),
        state: 'waiting',
        score: null,
        last_score: 85,
        feedback: null,
        revision: await rev(s.s3),
        late: true,
        returned: false,
      },
    ]);
    // The outsider (another rombel) is not in it; a co-teacher of the class reads it too.
    expect((await t.as(s.coTeacher.token).get(`${s.base}/quick-grading`)).body.data).toHaveLength(4);
  });

  it('saves one row as the grade route does: score, feedback, audit row, one notification with the score', async () => {
    const s = await quickScene(t);
    const teacher = t.as(s.teacher.token);
    const res = await teacher.put(`${s.base}/quick-grading/${s.s1.id}`, {
      score: '88',
      feedback: ' Bagus ',
      revision: await revisionOf(s.a.id, s.s1.id),
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(QUICK_MSG.saved);
    expect(res.body.data).toMatchObject({ student: { id: s.s1.id }, state: 'graded', score: 88, last_score: null, feedback: ' Bagus ' });
    expect(await texts(s.s1)).toEqual(['Tugas "Laporan Praktik" dinilai: 88']);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'grade.assignment')).orderBy(asc(auditLog.id));
    expect(audit.at(-1)).toMatchObject({ before: { score: null, feedback: null }, after: { score: 88, feedback: ' Bagus ' } });
    // Graded again with other feedback: "masukan baru", with the score.
    const again = await teacher.put(`${s.base}/quick-grading/${s.s1.id}`, {
      score: 90,
      feedback: 'Lengkapi daftar pustaka',
      revision: await revisionOf(s.a.id, s.s1.id),
    });
    expect(again.status).toBe(200);
    expect((await texts(s.s1))[0]).toBe('Ada masukan baru dari guru untuk tugas "Laporan Praktik", nilai 90');
  });

  it('"Nilai & kembalikan": the awaiting work graded and returned in one act, one notification', async () => {
    const s = await quickScene(t);
    const res = await t.as(s.teacher.token).put(`${s.base}/quick-grading/${s.s3.id}`, {
      score: 92,
      revision: await revisionOf(s.a.id, s.s3.id),
      and_return: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(QUICK_MSG.savedAndReturned);
    expect(res.body.data).toMatchObject({ state: 'graded', score: 92, last_score: null, returned: true });
    expect(await texts(s.s3)).toEqual(['Tugas "Laporan Praktik" dikembalikan dengan nilai 92']);
  });

  it('refuses a stale revision (409), work not handed in (422), a bad score (422), a student of another rombel (404)', async () => {
    const s = await quickScene(t);
    const teacher = t.as(s.teacher.token);
    const stale = await teacher.put(`${s.base}/quick-grading/${s.s1.id}`, { score: 70, revision: (await revisionOf(s.a.id, s.s1.id)) + 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(ASSIGNMENT_MSG.fileChanged);
    const none = await teacher.put(`${s.base}/quick-grading/${s.s2.id}`, { score: 70, revision: 1 });
    expect(none.status).toBe(422);
    expect(none.body.message).toBe(QUICK_MSG.notSubmitted);
    for (const score of [101, -1, 'sembilan', 85.5]) {
      const bad = await teacher.put(`${s.base}/quick-grading/${s.s1.id}`, { score, revision: 1 });
      expect(bad.status, String(score)).toBe(422);
      expect(bad.body.errors.score).toEqual([MSG.scoreRange]);
    }
    const outsider = await teacher.put(`${s.base}/quick-grading/${s.outsider.id}`, { score: 70, revision: 1 });
    expect(outsider.status).toBe(404);
    expect(outsider.body).toEqual({ success: false, message: MSG.notFound });
    const rows = await t.db.select().from(submissions).where(eq(submissions.assignmentId, s.a.id));
    expect(rows.filter((r) => r.score === 70)).toEqual([]);
    expect(await texts(s.s1)).toEqual([]);
  });

  it('an assignment with a rubric: the marks are checked (the score must be their sum) and kept', async () => {
    const s = await quickScene(t);
    const [rubric] = await t.db
      .insert(rubrics)
      .values({
        teacherId: s.teacher.id,
        title: 'Rubrik laporan',
        criteria: [
          {
            title: 'Isi',
            description: null,
            max_points: 4,
            levels: [
              { title: 'Kurang', description: null, points: 1 },
              { title: 'Baik', description: null, points: 4 },
            ],
          },
          {
            title: 'Bahasa',
            description: null,
            max_points: 4,
            levels: [
              { title: 'Kurang', description: null, points: 2 },
              { title: 'Baik', description: null, points: 4 },
            ],
          },
        ],
      })
      .returning();
    await t.db.update(assignments).set({ rubricId: rubric!.id }).where(eq(assignments.id, s.a.id));
    const revision = await revisionOf(s.a.id, s.s1.id);
    const put = (score: number) =>
      t.as(s.teacher.token).put(`${s.base}/quick-grading/${s.s1.id}`, {
        score,
        revision,
        rubric_marks: [
          { level: 1, comment: null },
          { level: 0, comment: 'Perbaiki ejaan' },
        ],
      });
    const wrong = await put(80);
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toBe(RUBRIC_MSG.scoreMismatch);
    expect((await put(75)).status).toBe(200);
    const [row] = await t.db
      .select()
      .from(submissions)
      .where(and(eq(submissions.assignmentId, s.a.id), eq(submissions.studentId, s.s1.id)));
    expect(row).toMatchObject({
      score: 75,
      rubricMarks: [
        { level: 1, comment: null },
        { level: 0, comment: 'Perbaiki ejaan' },
      ],
    });
  });
});

describe('returning work', () => {
  it('"Kembalikan semua": every graded, not yet returned work of the rombel, the message in each thread, one notification each', async () => {
    const s = await quickScene(t);
    const teacher = t.as(s.teacher.token);
    for (const [u, score] of [
      [s.s1, 70],
      [s.s3, 95],
    ] as const)
      expect((await teacher.put(`${s.base}/quick-grading/${u.id}`, { score, revision: await revisionOf(s.a.id, u.id) })).status).toBe(200);
    const res = await teacher.post(`${s.base}/return-all`, { message: '  Sudah saya periksa, lihat catatannya.  ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: QUICK_MSG.returnedAll(2), data: { returned: 2 } });
    const told = (score: number) =>
      `Tugas "Laporan Praktik" dikembalikan dengan nilai ${score}. Pesan guru: Sudah saya periksa, lihat catatannya.`;
    expect((await texts(s.s1))[0]).toBe(told(70));
    expect((await texts(s.s3))[0]).toBe(told(95));
    expect(await texts(s.s0)).toEqual([]); // returned before: not again
    const thread = await t.db.select().from(submissionComments).where(eq(submissionComments.assignmentId, s.a.id));
    expect(thread.map((c) => [c.studentId, c.authorId, c.body]).sort()).toEqual(
      [
        [s.s1.id, s.teacher.id, 'Sudah saya periksa, lihat catatannya.'],
        [s.s3.id, s.teacher.id, 'Sudah saya periksa, lihat catatannya.'],
      ].sort(),
    );
    const table: QuickGradingRow[] = (await teacher.get(`${s.base}/quick-grading`)).body.data;
    expect(table.map((r) => r.returned)).toEqual([true, true, false, true]);
    // Nothing left: 0, no notification.
    const again = await teacher.post(`${s.base}/return-all`, {});
    expect(again.body).toMatchObject({ message: QUICK_MSG.returnedAll(0), data: { returned: 0 } });
    expect(await texts(s.s1)).toHaveLength(2);
    const long = await teacher.post(`${s.base}/return-all`, { message: 'x'.repeat(1001) });
    expect(long.status).toBe(422);
    expect(long.body.message).toBe(QUICK_MSG.returnMessageMax);
  });

  it('"Kembalikan" with a message: in the private thread and in the one notification, with the score', async () => {
    const s = await quickScene(t);
    const teacher = t.as(s.teacher.token);
    expect(
      (await teacher.put(`${s.base}/quick-grading/${s.s1.id}`, { score: 77, revision: await revisionOf(s.a.id, s.s1.id) })).status,
    ).toBe(200);
    const res = await teacher.post(`${s.base}/return`, { student_id: s.s1.id, message: 'Perbaiki grafiknya ya.' });
    expect(res.status).toBe(200);
    expect(res.body.data.comments.map((c: { body: string }) => c.body)).toEqual(['Perbaiki grafiknya ya.']);
    expect(await texts(s.s1)).toEqual([
      'Tugas "Laporan Praktik" dikembalikan dengan nilai 77. Pesan guru: Perbaiki grafiknya ya.',
      'Tugas "Laporan Praktik" dinilai: 77',
    ]);
    // Without a message: the thread is untouched.
    const s3 = await teacher.put(`${s.base}/quick-grading/${s.s3.id}`, { score: 60, revision: await revisionOf(s.a.id, s.s3.id) });
    expect(s3.status).toBe(200);
    expect((await teacher.post(`${s.base}/return`, { student_id: s.s3.id })).body.data.comments).toEqual([]);
    expect((await texts(s.s3))[0]).toBe('Tugas "Laporan Praktik" dikembalikan dengan nilai 60');
  });
});

describe('who may', () => {
  it('admins and students are refused (403), callers without a token (401), another teacher gets 404', async () => {
    const s = await quickScene(t);
    const admin = await t.factory.admin();
    const calls = [
      ['GET', `${s.base}/quick-grading`],
      ['PUT', `${s.base}/quick-grading/${s.s1.id}`, { score: 70, revision: 1 }],
      ['POST', `${s.base}/return-all`, {}],
    ] as Array<['GET' | 'PUT' | 'POST', string, unknown?]>;
    await expectOtherRolesRefused(t, [admin, s.s1], calls);
    await expectNotFound(t, s.otherTeacher.token, calls);
    // Another teacher's class under their own path: the assignment is not theirs.
    const foreign = await t.factory.assignment(s.lessonId, s.teacher.id);
    const otherBase = `/api/teacher/online-classes/${s.outsiderClassId}/contents/${s.lessonId}/assignments/${foreign.id}`;
    await expectNotFound(t, s.otherTeacher.token, [['GET', `${otherBase}/quick-grading`]]);
    expect(await texts(s.s1)).toEqual([]);
  });
});

describe('the grade lock', () => {
  it('refuses every grade write (409) while the semester is locked; reading stays; unlocked, it works again', async () => {
    const s = await quickScene(t);
    const teacher = t.as(s.teacher.token);
    await lock(s);
    const revision = await revisionOf(s.a.id, s.s1.id);
    const writes = [
      () => teacher.put(`${s.base}/quick-grading/${s.s1.id}`, { score: 70, revision }),
      () => teacher.post(`${s.base}/return-all`, {}),
      () => teacher.post(`${s.base}/grade`, { student_id: s.s1.id, score: 70, revision }),
      () => teacher.post(`${s.base}/return`, { student_id: s.s0.id }),
    ];
    for (const write of writes) {
      const res = await write();
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(GRADE_MSG.locked);
    }
    expect((await teacher.get(`${s.base}/quick-grading`)).status).toBe(200);
    const [row] = await t.db
      .select()
      .from(submissions)
      .where(and(eq(submissions.assignmentId, s.a.id), eq(submissions.studentId, s.s1.id)));
    expect(row!.score).toBeNull();
    expect(await texts(s.s1)).toEqual([]);
    await unlock(s);
    expect((await writes[0]!()).status).toBe(200);
  });
});
