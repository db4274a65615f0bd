/**
 * Issue 39: the school's default grade scheme, a class's categories and weights (revision, work per
 * category, two teachers saving at once), the category and TPs of assignments and quizzes, and the
 * semester's grade lock ("Kunci nilai") with its audit rows.
 */
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ASSIGNMENT_MSG, GRADE_MSG, MSG, QUIZ_MSG, semesterLabel } from '@kelasku/contract';
import { assignments, auditLog, gradeCategories, quizzes, semesters } from '../src/db/schema.js';
import { useTestApp } from './helpers.js';
import type { TestUser } from './factory.js';
import { gradedAssignment, reportScene, type ReportScene } from './report-grades-scene.js';

const t = useTestApp();
const NO_SUCH_ID = 2_147_483_000;

const schemeUrl = (s: ReportScene, classId = s.classId) => `/api/teacher/online-classes/${classId}/grade-scheme`;
const lessonUrl = (s: ReportScene) => `/api/teacher/online-classes/${s.classId}/contents/${s.lessonId}`;

/** The body that sends the class's scheme back as it is, with changes. */
async function currentBody(as: TestUser, s: ReportScene) {
  const res = await t.as(as.token).get(schemeUrl(s));
  expect(res.status).toBe(200);
  const d = res.body.data;
  return {
    revision: d.revision as number,
    kktp: d.kktp as number,
    categories: (d.categories as Array<Record<string, unknown>>).map((c) => ({
      id: c.id,
      name: c.name,
      weight: c.weight,
      drop_lowest: c.drop_lowest,
      missing_counts_zero: c.missing_counts_zero,
      erapor_part: c.erapor_part,
    })),
  };
}

async function auditActions(action: string) {
  return t.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(asc(auditLog.id));
}

describe("the school's default scheme (admin)", () => {
  it('reads the defaults, refuses weights that do not total 100, and replaces them all with an audit row', async () => {
    const admin = await t.factory.admin();
    const got = await t.as(admin.token).get('/api/admin/grade-scheme');
    expect(got.status).toBe(200);
    expect(got.body.data.categories.map((c: { name: string; weight: number }) => `${c.name} ${c.weight}`)).toEqual([
      'Sumatif Lingkup Materi 60',
      'Sumatif Akhir Semester 40',
      'Formatif 0',
    ]);

    const bad = await t.as(admin.token).put('/api/admin/grade-scheme', {
      categories: [
        { name: 'Tugas', weight: 30 },
        { name: 'UH', weight: 60 },
      ],
    });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe('Jumlah bobot harus 100%, sekarang 90%');
    expect(bad.body.errors.categories).toEqual([GRADE_MSG.weightsTotal(90)]);

    const twice = await t.as(admin.token).put('/api/admin/grade-scheme', {
      categories: [
        { name: 'Tugas', weight: 50 },
        { name: 'tugas', weight: 50 },
      ],
    });
    expect(twice.status).toBe(422);
    expect(twice.body.message).toBe('Kategori "tugas" ada dua kali');

    const parts = await t.as(admin.token).put('/api/admin/grade-scheme', {
      categories: [
        { name: 'PTS', weight: 50, erapor_part: 'akhir_tes' },
        { name: 'PAS', weight: 50, erapor_part: 'akhir_tes' },
      ],
    });
    expect(parts.status).toBe(422);
    expect(parts.body.message).toBe('Kolom e-Rapor "Sumatif Akhir Semester — Tes" hanya boleh untuk satu kategori');

    const put = await t.as(admin.token).put('/api/admin/grade-scheme', {
      categories: [
        { name: 'Tugas', weight: 20, drop_lowest: 1 },
        { name: 'UH', weight: 30, erapor_part: 'lingkup_materi' },
        { name: 'PTS', weight: 20, missing_counts_zero: false },
        { name: 'PAS', weight: 30, erapor_part: 'akhir_tes' },
      ],
    });
    expect(put.status).toBe(200);
    expect(put.body.message).toBe(GRADE_MSG.defaultsSaved);
    expect(put.body.data.categories).toMatchObject([
      { name: 'Tugas', weight: 20, drop_lowest: 1, missing_counts_zero: true, erapor_part: null, position: 0 },
      { name: 'UH', weight: 30, erapor_part: 'lingkup_materi', position: 1 },
      { name: 'PTS', weight: 20, missing_counts_zero: false, position: 2 },
      { name: 'PAS', weight: 30, erapor_part: 'akhir_tes', position: 3 },
    ]);
    const [row] = await auditActions('grade.scheme_defaults');
    expect(row).toMatchObject({
      actorId: admin.id,
      targetType: 'grade_scheme',
      before: { categories: ['Sumatif Lingkup Materi 60%', 'Sumatif Akhir Semester 40%', 'Formatif 0%'] },
      after: { categories: ['Tugas 20% (buang 1 terendah)', 'UH 30%', 'PTS 20%', 'PAS 30%'] },
    });

    // A class made now copies the new default on its first read.
    const teacher = await t.factory.teacher();
    const klass = await t.factory.onlineClass(teacher.id);
    const read = await t.as(teacher.token).get(`/api/teacher/online-classes/${klass.id}/grade-scheme`);
    expect(read.body.data.categories.map((c: { name: string }) => c.name)).toEqual(['Tugas', 'UH', 'PTS', 'PAS']);
    expect(read.body.data).toMatchObject({ subject: null, grade: null, locked: false, revision: 1, kktp: 75, released_at: null });

    // The school's default as it was, for the scenes of the tests below.
    const back = await t.as(admin.token).put('/api/admin/grade-scheme', {
      categories: got.body.data.categories.map(({ id: _id, position: _p, ...c }: Record<string, unknown>) => c),
    });
    expect(back.status).toBe(200);
  });

  it('is the admin’s alone', async () => {
    const s = await reportScene(t, 1);
    for (const who of [s.teacher, s.students[0]!]) {
      expect((await t.as(who.token).get('/api/admin/grade-scheme')).status).toBe(403);
      expect((await t.as(who.token).put('/api/admin/grade-scheme', { categories: [{ name: 'A', weight: 100 }] })).status).toBe(403);
    }
    expect((await t.as(null).get('/api/admin/grade-scheme')).status).toBe(401);
  });
});

describe("a class's scheme (teacher)", () => {
  let s: ReportScene;
  beforeAll(async () => {
    s = await reportScene(t, 2);
  });

  it('shows the categories with their work (work without a category counts in the first), the subject and grade', async () => {
    const [slm, sas] = s.categories;
    await gradedAssignment(t, s, { categoryId: null, scores: [80] });
    await gradedAssignment(t, s, { categoryId: slm!.id, scores: [70] });
    await gradedAssignment(t, s, { categoryId: sas!.id, scores: [90] });
    const res = await t.as(s.teacher.token).get(schemeUrl(s));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      online_class_id: s.classId,
      kktp: 75,
      revision: 1,
      locked: false,
      released_at: null,
      subject: { id: s.subjectId, name: s.subjectName },
      grade: 10,
    });
    expect(res.body.data.categories.map((c: { name: string; work_count: number }) => [c.name, c.work_count])).toEqual([
      ['Sumatif Lingkup Materi', 2],
      ['Sumatif Akhir Semester', 1],
      ['Formatif', 0],
    ]);
    // The team's second teacher reads it too; another teacher, a student and the admin do not.
    expect((await t.as(s.coTeacher.token).get(schemeUrl(s))).status).toBe(200);
    expect((await t.as(s.otherTeacher.token).get(schemeUrl(s))).status).toBe(404);
    expect((await t.as(s.students[0]!.token).get(schemeUrl(s))).status).toBe(403);
    expect((await t.as((await t.factory.admin()).token).get(schemeUrl(s))).status).toBe(403);
    expect((await t.as(s.teacher.token).get(schemeUrl(s, s.outsiderClassId))).status).toBe(404);
  });

  it('saves a full replacement: renames, adds, deletes an empty category, bumps the revision, audits', async () => {
    const body = await currentBody(s.teacher, s);
    const [slm, sas] = body.categories;
    const res = await t.as(s.teacher.token).put(schemeUrl(s), {
      revision: body.revision,
      kktp: 80,
      categories: [
        { ...sas, weight: 30 },
        { ...slm, name: 'Sumatif Materi', weight: 50, drop_lowest: 1 },
        { name: 'Proyek', weight: 20, missing_counts_zero: false },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(GRADE_MSG.schemeSaved);
    expect(res.body.data).toMatchObject({ kktp: 80, revision: body.revision + 1 });
    expect(
      res.body.data.categories.map((c: { id: number; name: string; weight: number; work_count: number }) => [
        c.name,
        c.weight,
        c.work_count,
      ]),
    ).toEqual([
      // Work without a category now counts in Sumatif Akhir Semester, the first.
      ['Sumatif Akhir Semester', 30, 2],
      ['Sumatif Materi', 50, 1],
      ['Proyek', 20, 0],
    ]);
    expect(res.body.data.categories[0].id).toBe(sas!.id);
    expect(res.body.data.categories[1].id).toBe(slm!.id);
    const rows = await t.db.select().from(gradeCategories).where(eq(gradeCategories.onlineClassId, s.classId));
    expect(rows.map((r) => r.name).sort()).toEqual(['Proyek', 'Sumatif Akhir Semester', 'Sumatif Materi']);
    const [audit] = await auditActions('grade.scheme');
    expect(audit).toMatchObject({
      actorId: s.teacher.id,
      targetType: 'grade_scheme',
      targetId: s.classId,
      before: { kktp: 75 },
      after: { kktp: 80, categories: ['Sumatif Akhir Semester 30%', 'Sumatif Materi 50% (buang 1 terendah)', 'Proyek 20%'] },
    });
  });

  it('swaps two names in one save', async () => {
    const body = await currentBody(s.teacher, s);
    const [a, b, c] = body.categories;
    const res = await t.as(s.teacher.token).put(schemeUrl(s), {
      ...body,
      categories: [{ ...a, name: b!.name }, { ...b, name: a!.name }, c],
    });
    expect(res.status).toBe(200);
    expect(res.body.data.categories.map((x: { name: string }) => x.name)).toEqual(['Sumatif Materi', 'Sumatif Akhir Semester', 'Proyek']);
  });

  it('refuses a category deleted while it holds work, weights that do not total 100, a stale revision, another class’s category', async () => {
    const body = await currentBody(s.teacher, s);
    const [first, second, third] = body.categories;
    const holding = await t.as(s.teacher.token).put(schemeUrl(s), {
      ...body,
      categories: [
        { ...first, weight: 80 },
        { ...third, weight: 20 },
      ],
    });
    expect(holding.status).toBe(409);
    expect(holding.body.message).toBe(`Kategori "${second!.name}" masih berisi 1 tugas/kuis. Pindahkan dulu ke kategori lain.`);

    // Work without a category counts in the first: that one holds work too.
    const firstGone = await t.as(s.teacher.token).put(schemeUrl(s), {
      ...body,
      categories: [
        { ...second, weight: 80 },
        { ...third, weight: 20 },
      ],
    });
    expect(firstGone.status).toBe(409);
    expect(firstGone.body.message).toBe(GRADE_MSG.categoryHoldsWork(first!.name as string, 2));

    const weights = await t.as(s.teacher.token).put(schemeUrl(s), { ...body, categories: [{ ...first, weight: 50 }, second, third] });
    expect(weights.status).toBe(422);
    expect(weights.body.message).toBe(`Jumlah bobot harus 100%, sekarang ${50 + (second!.weight as number) + (third!.weight as number)}%`);

    const stale = await t.as(s.teacher.token).put(schemeUrl(s), { ...body, revision: body.revision - 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(GRADE_MSG.schemeChanged);

    const [foreign] = await t.db.select().from(gradeCategories).where(eq(gradeCategories.onlineClassId, s.outsiderClassId));
    const notOurs = await t.as(s.teacher.token).put(schemeUrl(s), {
      ...body,
      categories: [first, second, { ...third, id: foreign?.id ?? NO_SUCH_ID }],
    });
    expect(notOurs.status).toBe(422);
    expect(notOurs.body.message).toBe(GRADE_MSG.categoryNotInClass);

    const kktp = await t.as(s.teacher.token).put(schemeUrl(s), { ...body, kktp: 101 });
    expect(kktp.status).toBe(422);
    expect(kktp.body.message).toBe(GRADE_MSG.kktpRange);
    // Nothing of the refused saves was written.
    expect((await currentBody(s.teacher, s)).revision).toBe(body.revision);
  });

  it('two teachers of the class saving at once: one is saved, the other told to reload', async () => {
    const body = await currentBody(s.teacher, s);
    const [a, b, c] = body.categories;
    const [one, two] = await Promise.all([
      t.as(s.teacher.token).put(schemeUrl(s), { ...body, kktp: 70 }),
      t.as(s.coTeacher.token).put(schemeUrl(s), { ...body, categories: [a, b, { ...c, name: 'Proyek Akhir' }] }),
    ]);
    expect([one.status, two.status].sort()).toEqual([200, 409]);
    const refused = one.status === 409 ? one : two;
    expect(refused.body.message).toBe(GRADE_MSG.schemeChanged);
    expect((await currentBody(s.teacher, s)).revision).toBe(body.revision + 1);
  });

  it('another teacher, a student and the admin cannot save it', async () => {
    const body = await currentBody(s.teacher, s);
    expect((await t.as(s.otherTeacher.token).put(schemeUrl(s), body)).status).toBe(404);
    expect((await t.as(s.students[0]!.token).put(schemeUrl(s), body)).status).toBe(403);
    expect((await t.as((await t.factory.admin()).token).put(schemeUrl(s), body)).status).toBe(403);
    expect((await t.as(s.otherTeacher.token).post(`${schemeUrl(s)}/release`, { released: true })).status).toBe(404);
  });

  it('releases and hides the final grades', async () => {
    const on = await t.as(s.coTeacher.token).post(`${schemeUrl(s)}/release`, { released: true });
    expect(on.status).toBe(200);
    expect(on.body.message).toBe(GRADE_MSG.released);
    expect(on.body.data.released_at).not.toBeNull();
    const off = await t.as(s.teacher.token).post(`${schemeUrl(s)}/release`, { released: false });
    expect(off.body.message).toBe(GRADE_MSG.unreleased);
    expect(off.body.data.released_at).toBeNull();
    expect((await auditActions('grade.release')).map((r) => r.after)).toEqual([{ released: true }, { released: false }]);
    const bad = await t.as(s.teacher.token).post(`${schemeUrl(s)}/release`, { released: 'ya' });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe(MSG.invalid);
  });
});

describe('the category and TPs of work', () => {
  let s: ReportScene;
  beforeAll(async () => {
    s = await reportScene(t, 2);
  });

  it('tags an assignment: a category of this class and TPs of its subject and grade only', async () => {
    const a = await gradedAssignment(t, s, { categoryId: null, scores: [80] });
    const url = `${lessonUrl(s)}/assignments/${a.id}/grading`;
    const [foreignCategory] = await t.db.select().from(gradeCategories).where(eq(gradeCategories.onlineClassId, s.outsiderClassId));
    const otherClass = await t.as(s.teacher.token).put(url, { category_id: foreignCategory?.id ?? NO_SUCH_ID });
    expect(otherClass.status).toBe(422);
    expect(otherClass.body.message).toBe('Kategori tidak ditemukan di kelas ini');
    const otherSubject = await t.as(s.teacher.token).put(url, { objective_ids: [s.objectives[0]!.id, s.foreignObjectiveId] });
    expect(otherSubject.status).toBe(422);
    expect(otherSubject.body.message).toBe('Tujuan pembelajaran ini bukan untuk mata pelajaran dan tingkat kelas ini');
    expect(otherSubject.body.errors).toEqual({ objective_ids: [GRADE_MSG.objectiveNotInClass] });

    const ok = await t
      .as(s.coTeacher.token)
      .put(url, { category_id: s.categories[1]!.id, objective_ids: [s.objectives[1]!.id, s.objectives[0]!.id] });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe(GRADE_MSG.tagsSaved);
    expect(ok.body.data).toEqual({
      category_id: s.categories[1]!.id,
      objective_ids: [s.objectives[0]!.id, s.objectives[1]!.id].sort((x, y) => x - y),
    });
    // Absent fields stay; null puts it back in the first category.
    const back = await t.as(s.teacher.token).put(url, { category_id: null });
    expect(back.body.data.category_id).toBeNull();
    expect(back.body.data.objective_ids).toHaveLength(2);

    const read = await t.as(s.teacher.token).get(`${lessonUrl(s)}/assignments/${a.id}`);
    expect(read.body.data).toMatchObject({
      category_id: null,
      objective_ids: [s.objectives[0]!.id, s.objectives[1]!.id].sort((x, y) => x - y),
    });

    expect((await t.as(s.otherTeacher.token).put(url, { category_id: null })).status).toBe(404);
    expect((await t.as(s.students[0]!.token).put(url, { category_id: null })).status).toBe(403);
    expect((await t.as((await t.factory.admin()).token).put(url, { category_id: null })).status).toBe(403);
  });

  it('an assignment made or edited with its category and TPs; a TP of another subject writes nothing', async () => {
    const base = { title: 'Laporan praktik', description: 'Tulis laporan', deadline: '2030-01-10T23:59:00+07:00' };
    const before = await t.db.select().from(assignments);
    const refused = await t.as(s.teacher.token).post(`${lessonUrl(s)}/assignments`, { ...base, objective_ids: [s.foreignObjectiveId] });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(GRADE_MSG.objectiveNotInClass);
    expect(await t.db.select().from(assignments)).toHaveLength(before.length);

    const made = await t.as(s.teacher.token).post(`${lessonUrl(s)}/assignments`, {
      ...base,
      category_id: s.categories[0]!.id,
      objective_ids: [s.objectives[2]!.id],
    });
    expect(made.status).toBe(201);
    expect(made.body.message).toBe(ASSIGNMENT_MSG.created);
    expect(made.body.data).toMatchObject({ category_id: s.categories[0]!.id, objective_ids: [s.objectives[2]!.id] });

    const edited = await t.as(s.teacher.token).put(`${lessonUrl(s)}/assignments/${made.body.data.id}`, { ...base, title: 'Laporan akhir' });
    expect(edited.status).toBe(200);
    // Fields left out stay as they were.
    expect(edited.body.data).toMatchObject({
      title: 'Laporan akhir',
      category_id: s.categories[0]!.id,
      objective_ids: [s.objectives[2]!.id],
    });
    const moved = await t
      .as(s.teacher.token)
      .put(`${lessonUrl(s)}/assignments/${made.body.data.id}`, { ...base, category_id: s.categories[2]!.id, objective_ids: [] });
    expect(moved.body.data).toMatchObject({ category_id: s.categories[2]!.id, objective_ids: [] });
  });

  it('a quiz made with its category and TPs, tagged later, and one question tagged', async () => {
    const category = await t.factory.questionCategory(s.teacher.id);
    const q1 = await t.factory.question(category.id, s.teacher.id, { points: 12 });
    const q2 = await t.factory.question(category.id, s.teacher.id, { points: 8 });
    const body = { title: 'Kuis Jaringan', description: '', slots: [{ question_id: q1.id }, { question_id: q2.id }] };
    const refused = await t.as(s.teacher.token).post(`${lessonUrl(s)}/quizzes`, { ...body, category_id: NO_SUCH_ID });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(GRADE_MSG.categoryNotInClass);
    const made = await t.as(s.teacher.token).post(`${lessonUrl(s)}/quizzes`, {
      ...body,
      category_id: s.categories[1]!.id,
      objective_ids: [s.objectives[2]!.id],
    });
    expect(made.status).toBe(201);
    expect(made.body.message).toBe(QUIZ_MSG.created);
    expect(made.body.data).toMatchObject({ category_id: s.categories[1]!.id, objective_ids: [s.objectives[2]!.id] });
    const quizId = made.body.data.id as number;
    const slotId = made.body.data.slots[0].id as number;
    expect(made.body.data.slots[0]).toMatchObject({ question_id: q1.id, objective_ids: [] });

    const slotUrl = `${lessonUrl(s)}/quizzes/${quizId}/slots/${slotId}/objectives`;
    const foreign = await t.as(s.teacher.token).put(slotUrl, { objective_ids: [s.foreignObjectiveId] });
    expect(foreign.status).toBe(422);
    expect(foreign.body.message).toBe(GRADE_MSG.objectiveNotInClass);
    const tagged = await t.as(s.coTeacher.token).put(slotUrl, { objective_ids: [s.objectives[1]!.id] });
    expect(tagged.status).toBe(200);
    expect(tagged.body.data).toEqual({ slot_id: slotId, objective_ids: [s.objectives[1]!.id] });
    const otherSlot = await t.factory.quiz(s.lessonId, s.teacher.id, [q2.id]);
    const [foreignSlot] = (await t.as(s.teacher.token).get(`${lessonUrl(s)}/quizzes/${otherSlot.id}`)).body.data.slots;
    expect(
      (await t.as(s.teacher.token).put(`${lessonUrl(s)}/quizzes/${quizId}/slots/${foreignSlot.id}/objectives`, { objective_ids: [] }))
        .status,
    ).toBe(404);
    expect((await t.as(s.otherTeacher.token).put(slotUrl, { objective_ids: [] })).status).toBe(404);

    const grading = await t
      .as(s.teacher.token)
      .put(`${lessonUrl(s)}/quizzes/${quizId}/grading`, { objective_ids: [s.objectives[0]!.id, s.foreignObjectiveId] });
    expect(grading.status).toBe(422);
    expect(grading.body.message).toBe(GRADE_MSG.objectiveNotInClass);
    const regraded = await t
      .as(s.teacher.token)
      .put(`${lessonUrl(s)}/quizzes/${quizId}/grading`, { category_id: null, objective_ids: [s.objectives[0]!.id] });
    expect(regraded.body.data).toEqual({ category_id: null, objective_ids: [s.objectives[0]!.id] });
    const read = await t.as(s.teacher.token).get(`${lessonUrl(s)}/quizzes/${quizId}`);
    expect(read.body.data).toMatchObject({ category_id: null, objective_ids: [s.objectives[0]!.id] });
    expect(read.body.data.slots[0].objective_ids).toEqual([s.objectives[1]!.id]);
    expect((await t.db.select().from(quizzes).where(eq(quizzes.id, quizId)))[0]!.categoryId).toBeNull();
    expect((await t.as(s.otherTeacher.token).put(`${lessonUrl(s)}/quizzes/${quizId}/grading`, { category_id: null })).status).toBe(404);
  });

  it('a class without a teaching assignment has no TPs to tag', async () => {
    const teacher = await t.factory.teacher();
    const klass = await t.factory.onlineClass(teacher.id);
    const lesson = await t.factory.content(klass.id);
    const a = await t.factory.assignment(lesson.id, teacher.id);
    const res = await t.as(teacher.token).put(`/api/teacher/online-classes/${klass.id}/contents/${lesson.id}/assignments/${a.id}/grading`, {
      objective_ids: [s.objectives[0]!.id],
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(GRADE_MSG.objectiveNotInClass);
  });
});

describe('"Kunci nilai": the semester’s grade lock', () => {
  it('the admin locks and unlocks; every grade write of the semester’s classes is refused meanwhile; audited', async () => {
    const s = await reportScene(t, 1);
    const admin = await t.factory.admin();
    const [sem] = await t.db.select().from(semesters).where(eq(semesters.id, s.semesterId));
    const label = semesterLabel({ school_year: sem!.schoolYear, term: sem!.term });
    // A quiz with an essay answered, waiting for its hand grade.
    const category = await t.factory.questionCategory(s.teacher.id);
    const essay = await t.factory.question(category.id, s.teacher.id, { type: 'essay', points: 10 });
    const quiz = await t.factory.quiz(s.lessonId, s.teacher.id, [essay.id]);
    const attempt = await t.factory.quizAttempt(quiz.id, s.students[0]!.id, [essay.id], {
      score: null,
      maxScore: 10,
      answers: { [essay.id]: { text: 'Router menghubungkan jaringan.' } },
    });
    const gradeUrl = `${lessonUrl(s)}/quizzes/${quiz.id}/attempts/${attempt.id}/answers/${essay.id}/grade`;
    const a = await gradedAssignment(t, s, { categoryId: null, scores: [80] });
    const lockUrl = `/api/admin/semesters/${s.semesterId}/grade-lock`;

    expect((await t.as(s.teacher.token).post(lockUrl)).status).toBe(403);
    expect((await t.as(s.students[0]!.token).post(lockUrl)).status).toBe(403);
    expect((await t.as(admin.token).post(`/api/admin/semesters/${NO_SUCH_ID}/grade-lock`)).status).toBe(404);
    const lock = await t.as(admin.token).post(lockUrl);
    expect(lock.status).toBe(200);
    expect(lock.body.message).toBe(`Nilai ${label} dikunci`);
    expect(lock.body.data).toMatchObject({ id: s.semesterId, label });
    expect(lock.body.data.grades_locked_at).not.toBeNull();
    const again = await t.as(admin.token).post(lockUrl);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Nilai semester ini sudah dikunci');
    expect(
      (await t.as(admin.token).get('/api/admin/semesters')).body.data.find((x: { id: number }) => x.id === s.semesterId).grades_locked_at,
    ).not.toBeNull();

    const scheme = await currentBody(s.teacher, s);
    expect((await t.as(s.teacher.token).get(schemeUrl(s))).body.data.locked).toBe(true);
    const refusals = [
      await t.as(s.teacher.token).put(gradeUrl, { points: 8 }),
      await t.as(s.teacher.token).post(`${lessonUrl(s)}/quizzes/${quiz.id}/regrade`),
      await t.as(s.teacher.token).put(schemeUrl(s), { ...scheme, kktp: 70 }),
      await t.as(s.teacher.token).post(`${schemeUrl(s)}/release`, { released: true }),
      await t.as(s.teacher.token).put(`${lessonUrl(s)}/assignments/${a.id}/grading`, { category_id: s.categories[1]!.id }),
      await t.as(s.teacher.token).put(`${lessonUrl(s)}/quizzes/${quiz.id}/grading`, { objective_ids: [s.objectives[0]!.id] }),
      await t.as(s.teacher.token).put(`${lessonUrl(s)}/assignments/${a.id}`, {
        title: a.title,
        description: a.description,
        deadline: a.deadline.toISOString(),
        category_id: s.categories[2]!.id,
      }),
    ];
    for (const r of refusals) {
      expect(r.status).toBe(409);
      expect(r.body.message).toBe('Nilai semester ini sudah dikunci. Minta admin membuka kuncinya untuk mengubah nilai.');
    }
    // An edit that changes no grade (its title) still goes through.
    const title = await t.as(s.teacher.token).put(`${lessonUrl(s)}/assignments/${a.id}`, {
      title: 'Judul baru',
      description: a.description,
      deadline: a.deadline.toISOString(),
    });
    expect(title.status).toBe(200);

    const unlock = await t.as(admin.token).delete(lockUrl);
    expect(unlock.status).toBe(200);
    expect(unlock.body.message).toBe(`Kunci nilai ${label} dibuka`);
    expect(unlock.body.data.grades_locked_at).toBeNull();
    const notLocked = await t.as(admin.token).delete(lockUrl);
    expect(notLocked.status).toBe(409);
    expect(notLocked.body.message).toBe('Nilai semester ini tidak sedang dikunci');
    expect((await t.as(s.teacher.token).delete(lockUrl)).status).toBe(403);

    const graded = await t.as(s.teacher.token).put(gradeUrl, { points: 8 });
    expect(graded.status).toBe(200);
    expect(graded.body.message).toBe(QUIZ_MSG.graded);

    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'semester'), eq(auditLog.targetId, s.semesterId)))
      .orderBy(asc(auditLog.id));
    expect(rows.map((r) => [r.action, r.actorId, r.summary, r.after])).toEqual([
      ['grade.lock', admin.id, label, { locked: true }],
      ['grade.unlock', admin.id, label, { locked: false }],
    ]);
  });
});
