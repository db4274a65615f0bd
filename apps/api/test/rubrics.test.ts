import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MSG, RUBRIC_MSG, type RubricBody } from '@kelasku/contract';
import { useTestApp } from './helpers.js';
import { reportScene, type ReportScene } from './report-grades-scene.js';
import { expectNotFound, expectOtherRolesRefused } from './assignment-scene.js';
import { assignments, rubrics, submissions } from '../src/db/schema.js';

const t = useTestApp();

/** Kerapian 10 (4 levels), Isi 20 (3 levels): max total 30. */
const body = (title = 'Rubrik Laporan'): RubricBody => ({
  title,
  criteria: [
    {
      title: 'Kerapian',
      description: 'Tulisan rapi dan terbaca',
      max_points: 10,
      levels: [
        { title: 'Sangat baik', description: null, points: 10 },
        { title: 'Baik', description: null, points: 7 },
        { title: 'Cukup', description: null, points: 4 },
        { title: 'Kurang', description: null, points: 1 },
      ],
    },
    {
      title: 'Isi',
      description: null,
      max_points: 20,
      levels: [
        { title: 'Lengkap', description: 'Semua bagian ada', points: 20 },
        { title: 'Sebagian', description: null, points: 10 },
        { title: 'Kosong', description: null, points: 0 },
      ],
    },
  ],
});

const R = '/api/teacher/rubrics';
const assignmentUrl = (s: Pick<ReportScene, 'classId' | 'lessonId'>, id: number) =>
  `/api/teacher/online-classes/${s.classId}/contents/${s.lessonId}/assignments/${id}`;

async function create(token: string, b: RubricBody = body()) {
  const res = await t.as(token).post(R, b);
  expect(res.status).toBe(201);
  return res.body.data as { id: number; title: string };
}

/** A scene with a rubric attached to an assignment (deadline ahead) the first student handed in. */
async function graded() {
  const s = await reportScene(t, 2);
  const r = await create(s.teacher.token);
  const a = await t.factory.assignment(s.lessonId, s.teacher.id, { title: 'Laporan Praktikum' });
  const url = assignmentUrl(s, a.id);
  const attach = await t.as(s.teacher.token).put(`${url}/rubric`, { rubric_id: r.id });
  expect(attach.status).toBe(200);
  const sub = await t.factory.submission(a.id, s.students[0]!.id);
  return { s, r, a, url, sub };
}

describe('rubric CRUD', () => {
  it('creates, lists, reads, changes and deletes a rubric of the teacher', async () => {
    const s = await reportScene(t, 1);
    const created = await t.as(s.teacher.token).post(R, { ...body('  Rubrik Laporan  ') });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe(RUBRIC_MSG.created);
    expect(created.body.data).toMatchObject({
      title: 'Rubrik Laporan',
      max_total: 30,
      used_for_grading: false,
      assignment_count: 0,
      criteria: body().criteria,
    });
    const id = created.body.data.id as number;
    const older = await create(s.teacher.token, body('Rubrik Lama'));
    await t.db
      .update(rubrics)
      .set({ updatedAt: new Date(Date.now() - 3600_000) })
      .where(eq(rubrics.id, older.id));

    const list = await t.as(s.teacher.token).get(R);
    expect(list.status).toBe(200);
    expect(list.body.data.map((r: { title: string }) => r.title)).toEqual(['Rubrik Laporan', 'Rubrik Lama']);
    expect(list.body.data[0]).toMatchObject({ id, criteria_count: 2, max_total: 30, used_for_grading: false, assignment_count: 0 });
    expect(list.body.data[0].criteria).toBeUndefined();
    // Another teacher sees none of them.
    expect((await t.as(s.otherTeacher.token).get(R)).body.data).toEqual([]);

    expect((await t.as(s.teacher.token).get(`${R}/${id}`)).body.data.title).toBe('Rubrik Laporan');
    const changed = await t.as(s.teacher.token).put(`${R}/${id}`, { ...body('Rubrik Laporan Akhir') });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ message: RUBRIC_MSG.updated, data: { id, title: 'Rubrik Laporan Akhir' } });

    const gone = await t.as(s.teacher.token).delete(`${R}/${id}`);
    expect(gone.body).toEqual({ success: true, message: RUBRIC_MSG.deleted });
    expect((await t.as(s.teacher.token).get(`${R}/${id}`)).status).toBe(404);
  });

  it('copies any of the teacher\'s rubrics as "Salinan <judul>", even one that graded work', async () => {
    const { s, r, url } = await graded();
    const g = await t.as(s.teacher.token).post(`${url}/grade`, {
      student_id: s.students[0]!.id,
      // Baik (7) + Lengkap (20) = 27 of 30 → 90.
      score: 90,
      rubric_marks: [{ level: 1 }, { level: 0 }],
    });
    expect(g.status).toBe(200);
    const copy = await t.as(s.teacher.token).post(`${R}/${r.id}/copy`);
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({
      message: RUBRIC_MSG.copied,
      data: { title: 'Salinan Rubrik Laporan', used_for_grading: false, assignment_count: 0, criteria: body().criteria },
    });
    expect(copy.body.data.id).not.toBe(r.id);
    // The copy can be changed; the original cannot.
    expect((await t.as(s.teacher.token).put(`${R}/${copy.body.data.id}`, body('Rubrik Baru'))).status).toBe(200);
    const refused = await t.as(s.teacher.token).put(`${R}/${r.id}`, body('Rubrik Baru'));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(RUBRIC_MSG.usedForGrading);
    expect((await t.as(s.teacher.token).get(`${R}/${r.id}`)).body.data).toMatchObject({ title: 'Rubrik Laporan', used_for_grading: true });
  });

  it('refuses deleting a rubric while an assignment uses it (409 with the count)', async () => {
    const s = await reportScene(t, 1);
    const r = await create(s.teacher.token);
    for (const title of ['Tugas A', 'Tugas B']) {
      const a = await t.factory.assignment(s.lessonId, s.teacher.id, { title });
      expect((await t.as(s.teacher.token).put(`${assignmentUrl(s, a.id)}/rubric`, { rubric_id: r.id })).status).toBe(200);
    }
    expect((await t.as(s.teacher.token).get(`${R}/${r.id}`)).body.data.assignment_count).toBe(2);
    const res = await t.as(s.teacher.token).delete(`${R}/${r.id}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(RUBRIC_MSG.inUse(2));
    expect(res.body.message).toBe('Rubrik ini dipakai di 2 tugas. Lepaskan dulu dari tugas tersebut.');
    expect(await t.db.select().from(rubrics).where(eq(rubrics.id, r.id))).toHaveLength(1);
  });

  it("answers 404 for another teacher's rubric, and refuses admins and students", async () => {
    const s = await reportScene(t, 1);
    const r = await create(s.teacher.token);
    await expectNotFound(t, s.otherTeacher.token, [
      ['GET', `${R}/${r.id}`],
      ['PUT', `${R}/${r.id}`, body('Punya saya')],
      ['DELETE', `${R}/${r.id}`],
      ['POST', `${R}/${r.id}/copy`, {}],
      ['GET', `${R}/2147483000`],
    ]);
    const admin = await t.factory.admin();
    await expectOtherRolesRefused(
      t,
      [admin, s.students[0]!],
      [
        ['GET', R],
        ['POST', R, body()],
        ['GET', `${R}/${r.id}`],
        ['PUT', `${R}/${r.id}`, body()],
        ['DELETE', `${R}/${r.id}`],
        ['POST', `${R}/${r.id}/copy`, {}],
      ],
    );
    expect((await t.as(s.teacher.token).get(`${R}/${r.id}`)).body.data.title).toBe('Rubrik Laporan');
  });
});

describe('rubric validation', () => {
  const level = (points: number, title = 'Level') => ({ title, description: null, points });
  const criterion = (over: Record<string, unknown> = {}) => ({
    title: 'Kriteria',
    description: null,
    max_points: 10,
    levels: [level(10), level(5)],
    ...over,
  });
  const cases: Array<[string, unknown, string, string]> = [
    ['an empty title', { title: '  ', criteria: [criterion()] }, 'title', RUBRIC_MSG.title],
    ['a title over 120 characters', { title: 'x'.repeat(121), criteria: [criterion()] }, 'title', RUBRIC_MSG.title],
    ['no criteria', { title: 'R', criteria: [] }, 'criteria', RUBRIC_MSG.criteriaCount],
    ['13 criteria', { title: 'R', criteria: Array.from({ length: 13 }, () => criterion()) }, 'criteria', RUBRIC_MSG.criteriaCount],
    ['a criterion without a title', { title: 'R', criteria: [criterion({ title: '' })] }, 'criteria.0.title', RUBRIC_MSG.criterionTitle],
    ['one level', { title: 'R', criteria: [criterion({ levels: [level(10)] })] }, 'criteria.0.levels', RUBRIC_MSG.levelsCount],
    [
      '7 levels',
      { title: 'R', criteria: [criterion({ levels: Array.from({ length: 7 }, () => level(10)) })] },
      'criteria.0.levels',
      RUBRIC_MSG.levelsCount,
    ],
    [
      'a maximum of 0',
      { title: 'R', criteria: [criterion({ max_points: 0, levels: [level(0), level(0)] })] },
      'criteria.0.max_points',
      RUBRIC_MSG.maxPoints,
    ],
    ['a maximum of 2.5', { title: 'R', criteria: [criterion({ max_points: 2.5 })] }, 'criteria.0.max_points', RUBRIC_MSG.maxPoints],
    [
      'a level without a title',
      { title: 'R', criteria: [criterion({ levels: [level(10, ''), level(5)] })] },
      'criteria.0.levels.0.title',
      RUBRIC_MSG.levelTitle,
    ],
    [
      'negative level points',
      { title: 'R', criteria: [criterion({ levels: [level(10), level(-1)] })] },
      'criteria.0.levels.1.points',
      RUBRIC_MSG.levelPoints,
    ],
    [
      "a level above the criterion's maximum",
      { title: 'R', criteria: [criterion({ levels: [level(10), level(12)] })] },
      'criteria.0.levels.1.points',
      RUBRIC_MSG.levelAboveMax(10),
    ],
    [
      'no level worth the maximum',
      { title: 'R', criteria: [criterion({ levels: [level(8), level(5)] })] },
      'criteria.0.levels',
      RUBRIC_MSG.noTopLevel,
    ],
    [
      'a description over 500 characters',
      { title: 'R', criteria: [criterion({ description: 'x'.repeat(501) })] },
      'criteria.0.description',
      'Deskripsi maksimal 500 karakter',
    ],
  ];
  it.each(cases)('refuses %s with its message (422), nothing saved', async (_what, input, field, message) => {
    const s = await reportScene(t, 1);
    for (const send of [
      (b: unknown) => t.as(s.teacher.token).post(R, b),
      async (b: unknown) => {
        const r = await create(s.teacher.token);
        return t.as(s.teacher.token).put(`${R}/${r.id}`, b);
      },
    ]) {
      const res = await send(input);
      expect(res.status).toBe(422);
      expect(res.body.errors[field]).toContain(message);
    }
    expect(RUBRIC_MSG.levelAboveMax(10)).toBe('Skor level tidak boleh melebihi skor maksimal kriteria (10)');
    const titles = (await t.db.select().from(rubrics).where(eq(rubrics.teacherId, s.teacher.id))).map((r) => r.title);
    expect(titles).toEqual(['Rubrik Laporan']);
  });
});

describe('attaching a rubric to an assignment', () => {
  it('attaches and detaches; the assignment reply names it', async () => {
    const s = await reportScene(t, 1);
    const r = await create(s.teacher.token);
    const a = await t.factory.assignment(s.lessonId, s.teacher.id);
    const url = assignmentUrl(s, a.id);
    const on = await t.as(s.teacher.token).put(`${url}/rubric`, { rubric_id: r.id });
    expect(on.body).toMatchObject({
      success: true,
      message: RUBRIC_MSG.attached,
      data: { id: r.id, title: 'Rubrik Laporan', assignment_count: 1 },
    });
    expect((await t.as(s.teacher.token).get(url)).body.data.rubric_id).toBe(r.id);
    const off = await t.as(s.teacher.token).put(`${url}/rubric`, { rubric_id: null });
    expect(off.body).toEqual({ success: true, message: RUBRIC_MSG.detached, data: null });
    expect((await t.as(s.teacher.token).get(url)).body.data.rubric_id).toBeNull();
  });

  it("answers 404 for another teacher's rubric, another teacher's class, and to other roles", async () => {
    const s = await reportScene(t, 1);
    const mine = await create(s.teacher.token);
    const theirs = await create(s.otherTeacher.token, body('Rubrik Guru Lain'));
    const a = await t.factory.assignment(s.lessonId, s.teacher.id);
    const url = `${assignmentUrl(s, a.id)}/rubric`;
    // Decision: another teacher's rubric is "not found" (404), like its own routes.
    await expectNotFound(t, s.teacher.token, [['PUT', url, { rubric_id: theirs.id }]]);
    await expectNotFound(t, s.otherTeacher.token, [['PUT', url, { rubric_id: theirs.id }]]);
    const lesson = await t.factory.content(s.outsiderClassId);
    const foreign = await t.factory.assignment(lesson.id, s.otherTeacher.id);
    await expectNotFound(t, s.teacher.token, [
      [
        'PUT',
        `/api/teacher/online-classes/${s.outsiderClassId}/contents/${lesson.id}/assignments/${foreign.id}/rubric`,
        { rubric_id: mine.id },
      ],
    ]);
    const admin = await t.factory.admin();
    await expectOtherRolesRefused(t, [admin, s.students[0]!], [['PUT', url, { rubric_id: mine.id }]]);
    const [row] = await t.db.select().from(assignments).where(eq(assignments.id, a.id));
    expect(row!.rubricId).toBeNull();
    const bad = await t.as(s.teacher.token).put(url, { rubric_id: 'x' });
    expect(bad.status).toBe(422);
  });

  it('refuses changing the rubric once work was graded with marks (409); the same rubric again is fine', async () => {
    const { s, r, url } = await graded();
    expect(
      (
        await t
          .as(s.teacher.token)
          .post(`${url}/grade`, { student_id: s.students[0]!.id, score: 100, rubric_marks: [{ level: 0 }, { level: 0 }] })
      ).status,
    ).toBe(200);
    const other = await create(s.teacher.token, body('Rubrik Lain'));
    for (const rubric_id of [other.id, null]) {
      const res = await t.as(s.teacher.token).put(`${url}/rubric`, { rubric_id });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(RUBRIC_MSG.attachedAfterGrading);
    }
    expect((await t.as(s.teacher.token).put(`${url}/rubric`, { rubric_id: r.id })).status).toBe(200);
    const del = await t.as(s.teacher.token).delete(`${R}/${r.id}`);
    expect(del.body.message).toBe(RUBRIC_MSG.inUse(1));
  });
});

describe('grading with a rubric', () => {
  it('stores the marks when the score is their sum scaled to 100; the student sees the rubric before and the marks after', async () => {
    const { s, r, a, url } = await graded();
    const student = t.as(s.students[0]!.token);
    // Before grading: the rubric is there, no marks.
    const before = await student.get(`/api/student/submissions/${a.id}`);
    expect(before.status).toBe(200);
    expect(before.body.data.rubric).toMatchObject({ id: r.id, title: 'Rubrik Laporan', max_total: 30, criteria: body().criteria });
    expect(before.body.data.submission.rubric_marks).toBeNull();
    const other = await t.as(s.students[1]!.token).get(`/api/student/submissions/${a.id}`);
    expect(other.body.data.rubric.title).toBe('Rubrik Laporan');

    // Baik (7) + Sebagian (10) = 17 of 30 → 56.67 → 57.
    const res = await t.as(s.teacher.token).post(`${url}/grade`, {
      student_id: s.students[0]!.id,
      score: 57,
      feedback: 'Lengkapi bagian isi',
      rubric_marks: [{ level: 1, comment: ' Cukup rapi ' }, { level: 1 }],
    });
    expect(res.status).toBe(200);
    expect(res.body.data.submission.score).toBe(57);
    const marks = [
      { level: 1, comment: 'Cukup rapi' },
      { level: 1, comment: null },
    ];
    const [row] = await t.db
      .select()
      .from(submissions)
      .where(and(eq(submissions.assignmentId, a.id), eq(submissions.studentId, s.students[0]!.id)));
    expect(row!.rubricMarks).toEqual(marks);

    const after = await student.get(`/api/student/submissions/${a.id}`);
    expect(after.body.data.submission).toMatchObject({ score: 57, rubric_marks: marks });
    const work = await t.as(s.teacher.token).get(`${url}/students/${s.students[0]!.id}`);
    expect(work.body.data.rubric.id).toBe(r.id);
    expect(work.body.data.submission.rubric_marks).toEqual(marks);
    expect((await t.as(s.teacher.token).get(`${R}/${r.id}`)).body.data.used_for_grading).toBe(true);
  });

  it("refuses a score other than the rubric's, a wrong number of marks and an unknown level (422), nothing saved", async () => {
    const { s, url, a } = await graded();
    const grade = (score: number, rubric_marks: unknown) =>
      t.as(s.teacher.token).post(`${url}/grade`, { student_id: s.students[0]!.id, score, rubric_marks });
    const mismatch = await grade(60, [{ level: 1 }, { level: 1 }]);
    expect(mismatch.status).toBe(422);
    expect(mismatch.body).toMatchObject({ message: RUBRIC_MSG.scoreMismatch, errors: { score: [RUBRIC_MSG.scoreMismatch] } });
    const count = await grade(33, [{ level: 0 }]);
    expect(count.status).toBe(422);
    expect(count.body.message).toBe(RUBRIC_MSG.marksCount(2));
    expect(count.body.message).toBe('Pilih level untuk setiap kriteria (2 kriteria)');
    const unknown = await grade(100, [{ level: 0 }, { level: 3 }]);
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({ message: RUBRIC_MSG.levelUnknown, errors: { 'rubric_marks.1.level': [RUBRIC_MSG.levelUnknown] } });
    const negative = await grade(100, [{ level: -1 }, { level: 0 }]);
    expect(negative.status).toBe(422);
    expect(negative.body.message).toBe(RUBRIC_MSG.levelUnknown);
    const longComment = await grade(100, [{ level: 0, comment: 'x'.repeat(501) }, { level: 0 }]);
    expect(longComment.body.message).toBe(RUBRIC_MSG.commentMax);
    const [row] = await t.db.select().from(submissions).where(eq(submissions.assignmentId, a.id));
    expect(row).toMatchObject({ score: null, rubricMarks: null });
    // A level left unchosen counts 0: Sangat baik (10) of 30 → 33.
    expect((await grade(33, [{ level: 0 }, { level: null }])).status).toBe(200);
  });

  it('grades without marks as before; marks on an assignment without a rubric are not kept', async () => {
    const s = await reportScene(t, 1);
    const a = await t.factory.assignment(s.lessonId, s.teacher.id);
    await t.factory.submission(a.id, s.students[0]!.id);
    const res = await t.as(s.teacher.token).post(`${assignmentUrl(s, a.id)}/grade`, {
      student_id: s.students[0]!.id,
      score: 88,
      rubric_marks: [{ level: 0 }],
    });
    expect(res.status).toBe(200);
    const student = await t.as(s.students[0]!.token).get(`/api/student/submissions/${a.id}`);
    expect(student.body.data).toMatchObject({ rubric: null, submission: { score: 88, rubric_marks: null } });
  });

  it('answers 404 to the grade with marks by another teacher', async () => {
    const { s, url } = await graded();
    await expectNotFound(t, s.otherTeacher.token, [
      ['POST', `${url}/grade`, { student_id: s.students[0]!.id, score: 100, rubric_marks: [{ level: 0 }, { level: 0 }] }],
    ]);
    expect(MSG.notFound).toBeTruthy();
  });
});
