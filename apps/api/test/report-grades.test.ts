/**
 * Issue 39: a class's Nilai Akhir through the HTTP API, worked by hand (docs/features/report-grades.md,
 * "Nilai Akhir: cara menghitung"), the report description, the student's "Nilai Saya", and who may
 * reach them. The pure rules are in report-grades-compute.test.ts.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { GRADE_MSG, MSG, REPORT_MSG } from '@kelasku/contract';
import {
  assignmentExtensions,
  assignments,
  classGradeSettings,
  gradeCategories,
  quizAnswers,
  quizSlotObjectives,
  quizSlots,
  quizzes,
  semesters,
} from '../src/db/schema.js';
import { useTestApp } from './helpers.js';
import { statementsDuring } from './admin-access.js';
import { sheetRows } from './teaching-helpers.js';
import { gradedAssignment, handedInAgain, reportScene, tagQuiz, type ReportScene } from './report-grades-scene.js';

const t = useTestApp();
const HOUR = 3600_000;

/**
 * The worked example. Categories: Sumatif Lingkup Materi (SLM) 60 % dropping its lowest 1, Sumatif
 * Akhir Semester (SAS) 40 %, Formatif 0 %. KKTP 75.
 *   A1 (SLM, TP 1), due and closed yesterday:   S1 80  S2 90       S3 not handed in  S4 70
 *   A2 (SLM, TP 1+2), due yesterday, closes tomorrow: S1 70  S2 handed in, not graded  S3 60  S4 not handed in
 *   A3 (SLM, TP 2), closed yesterday:           S1 75 then handed in again (waiting)  S2 not handed in
 *                                               but extended: closes tomorrow  S3 50  S4 not handed in
 *   A4 (Formatif, TP 1):                        S1 100
 *   Q1 (SAS, TP 3; its 12-point question tagged TP 2, the other is worth 8), closed an hour ago:
 *                                               S1 19/20 (12 + 7)  S2 16/20 (8 + 8)  S3 no attempt  S4 20/20
 */
async function workedExample(t: Parameters<typeof reportScene>[0], s: ReportScene) {
  const [slm, sas, formatif] = s.categories;
  const [tp1, tp2, tp3] = s.objectives;
  await t.db.update(gradeCategories).set({ dropLowest: 1 }).where(eq(gradeCategories.id, slm!.id));
  const yesterday = new Date(Date.now() - 24 * HOUR);
  const a1 = await gradedAssignment(t, s, { title: 'A1', categoryId: slm!.id, objectiveIds: [tp1!.id], scores: [80, 90, 'missing', 70] });
  const a2 = await gradedAssignment(t, s, {
    title: 'A2',
    categoryId: slm!.id,
    objectiveIds: [tp1!.id, tp2!.id],
    scores: [70, 'waiting', 60, 'missing'],
  });
  await t.db
    .update(assignments)
    .set({ closesAt: new Date(Date.now() + 24 * HOUR) })
    .where(eq(assignments.id, a2.id));
  const a3 = await gradedAssignment(t, s, { title: 'A3', categoryId: slm!.id, objectiveIds: [tp2!.id], scores: [75, 'missing', 50] });
  await handedInAgain(t, a3.id, s.students[0]!.id);
  await t.db.insert(assignmentExtensions).values({
    assignmentId: a3.id,
    studentId: s.students[1]!.id,
    deadline: new Date(Date.now() - HOUR),
    closesAt: new Date(Date.now() + 24 * HOUR),
  });
  await gradedAssignment(t, s, { title: 'A4', categoryId: formatif!.id, objectiveIds: [tp1!.id], scores: [100], deadline: yesterday });

  const bank = await t.factory.questionCategory(s.teacher.id);
  const qa = await t.factory.question(bank.id, s.teacher.id, { points: 12 });
  const qb = await t.factory.question(bank.id, s.teacher.id, { points: 8 });
  const quiz = await t.factory.quiz(s.lessonId, s.teacher.id, [qa.id, qb.id], { title: 'Q1', closesAt: new Date(Date.now() - HOUR) });
  await t.db.update(quizzes).set({ categoryId: sas!.id }).where(eq(quizzes.id, quiz.id));
  await tagQuiz(t, quiz.id, [tp3!.id]);
  const [slotA] = await t.db.select().from(quizSlots).where(eq(quizSlots.questionId, qa.id));
  await t.db.insert(quizSlotObjectives).values({ slotId: slotA!.id, objectiveId: tp2!.id });
  const attempts: Array<[number, number, number]> = [
    [0, 12, 7],
    [1, 8, 8],
    [3, 12, 8],
  ];
  for (const [i, pa, pb] of attempts) {
    const at = await t.factory.quizAttempt(quiz.id, s.students[i]!.id, [qa.id, qb.id], { score: pa + pb, maxScore: 20 });
    await t.db.insert(quizAnswers).values([
      { attemptId: at.id, questionId: qa.id, answer: 'o1', autoPoints: pa },
      { attemptId: at.id, questionId: qb.id, answer: 'o1', autoPoints: pb },
    ]);
  }
  return { a1, a2, a3, quiz };
}

const url = (s: ReportScene) => `/api/teacher/online-classes/${s.classId}/report-grades`;

describe('Nilai Akhir worked by hand', () => {
  let s: ReportScene;
  let work: Awaited<ReturnType<typeof workedExample>>;
  beforeAll(async () => {
    s = await reportScene(t);
    work = await workedExample(t, s);
  });

  it('computes each student as the docs work it out', async () => {
    const res = await t.as(s.teacher.token).get(url(s));
    expect(res.status).toBe(200);
    const r = res.body.data;
    const [slm, sas, formatif] = s.categories.map((c) => c.id);
    const [tp1, tp2, tp3] = s.objectives.map((o) => o.id);
    expect(r.kktp).toBe(75);
    expect(r.released_at).toBeNull();
    expect(r.locked).toBe(false);
    expect(r.objectives.map((o: { code: string }) => o.code)).toEqual(['TP 1', 'TP 2', 'TP 3']);
    expect(r.items.find((i: { key: string }) => i.key === `q${work.quiz.id}`).objective_ids.sort()).toEqual([tp2, tp3].sort());
    const [s1, s2, s3, s4] = r.students;
    expect(r.students.map((x: { student: { id: number } }) => x.student.id)).toEqual(s.students.map((x) => x.id));

    // S1: SLM 80, 70, 75 (the last grade while A3 waits) → drop 70 → 77.5; SAS 95;
    // 0.6 × 77.5 + 0.4 × 95 = 46.5 + 38 = 84.5 → 85.
    expect(s1.final_exact).toBe(84.5);
    expect(s1.final).toBe(85);
    expect(s1.awaiting_regrade).toBe(true);
    expect(s1.categories).toEqual([
      {
        category_id: slm,
        average: 77.5,
        counted: [
          { key: `a${work.a1.id}`, score: 80, missing: false },
          { key: `a${work.a2.id}`, score: 70, missing: false },
          { key: `a${work.a3.id}`, score: 75, missing: false },
        ],
        dropped: [`a${work.a2.id}`],
      },
      { category_id: sas, average: 95, counted: [{ key: `q${work.quiz.id}`, score: 95, missing: false }], dropped: [] },
      { category_id: formatif, average: 100, counted: [expect.objectContaining({ score: 100 })], dropped: [] },
    ]);
    // TP 1: A1 80, A2 70 (A4 is formatif) → 75 reached. TP 2: A2 70, A3 75, the tagged question 12/12 = 100 → 81.67 → 82.
    // TP 3: the quiz 95.
    expect(s1.objectives).toEqual([
      { objective_id: tp1, score: 75, reached: true },
      { objective_id: tp2, score: 82, reached: true },
      { objective_id: tp3, score: 95, reached: true },
    ]);
    expect(s1.description).toEqual({
      achieved: 'Menunjukkan penguasaan yang baik dalam mengonfigurasi alamat IP pada perangkat, membuat kabel UTP straight dan cross',
      to_improve: null,
      edited: false,
    });

    // S2: SLM only A1 90 (A2 waits for a grade; A3 is past its deadline but open till tomorrow by the extension);
    // SAS 80 → 0.6 × 90 + 0.4 × 80 = 86. TP 2: only the tagged question 8/12 = 66.67 → 67.
    expect(s2.final).toBe(86);
    expect(s2.final_exact).toBe(86);
    expect(s2.categories[0]).toEqual({
      category_id: slm,
      average: 90,
      counted: [{ key: `a${work.a1.id}`, score: 90, missing: false }],
      dropped: [],
    });
    expect(s2.objectives).toEqual([
      { objective_id: tp1, score: 90, reached: true },
      { objective_id: tp2, score: 67, reached: false },
      { objective_id: tp3, score: 80, reached: true },
    ]);
    expect(s2.description).toEqual({
      achieved:
        'Menunjukkan penguasaan yang baik dalam menjelaskan konsep dasar jaringan komputer, mengonfigurasi alamat IP pada perangkat',
      to_improve: 'Perlu ditingkatkan dalam membuat kabel UTP straight dan cross',
      edited: false,
    });

    // S3: A1 not handed in and closed → 0, A2 60, A3 50 → drop the 0 → 55; the quiz closed without an attempt → 0.
    // 0.6 × 55 + 0.4 × 0 = 33.
    expect(s3.categories[0].counted).toContainEqual({ key: `a${work.a1.id}`, score: 0, missing: true });
    expect(s3.categories[0].average).toBe(55);
    expect(s3.categories[1]).toEqual({
      category_id: sas,
      average: 0,
      counted: [{ key: `q${work.quiz.id}`, score: 0, missing: true }],
      dropped: [],
    });
    expect(s3.final).toBe(33);
    expect(s3.objectives).toEqual([
      { objective_id: tp1, score: 30, reached: false },
      { objective_id: tp2, score: 37, reached: false },
      { objective_id: tp3, score: 0, reached: false },
    ]);

    // S4: A1 70; A2 is past its deadline but not closed → left out; A3 closed → 0; drop the 0 → 70; SAS 100.
    // 0.6 × 70 + 0.4 × 100 = 82.
    expect(s4.categories[0].counted.map((c: { key: string }) => c.key)).toEqual([`a${work.a1.id}`, `a${work.a3.id}`]);
    expect(s4.categories[0].dropped).toEqual([`a${work.a3.id}`]);
    expect(s4.final).toBe(82);
    expect(s4.awaiting_regrade).toBe(false);
  });

  it('gives the same numbers in "Nilai Akhir <kelas>.xlsx"', async () => {
    const res = await t.as(s.teacher.token).get(`${url(s)}.xlsx`);
    expect(res.status).toBe(200);
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent(`Nilai Akhir ${s.className}.xlsx`));
    const rows = await sheetRows(res.raw.rawPayload);
    expect(rows[0]).toEqual([
      'No',
      'NIS',
      'NISN',
      'Nama',
      'Sumatif Lingkup Materi',
      'Sumatif Akhir Semester',
      'Formatif',
      'Nilai Akhir',
      'TP 1',
      'TP 2',
      'TP 3',
    ]);
    expect(rows[1]).toEqual(['1', '1234', s.students[0]!.nisn, s.students[0]!.name, '77.5', '95', '100', '85', '75', '82', '95']);
    // An empty cell (no Formatif grade) reads as a hole of the row.
    expect(Array.from(rows[3]!, (v) => v ?? '')).toEqual([
      '3',
      '1234',
      s.students[2]!.nisn,
      s.students[2]!.name,
      '55',
      '0',
      '',
      '33',
      '30',
      '37',
      '0',
    ]);
  });

  it('lets the co-teacher of the team-taught class read it, and nobody else', async () => {
    const co = await t.as(s.coTeacher.token).get(url(s));
    expect(co.status).toBe(200);
    expect(co.body.data.students[0].final).toBe(85);
    for (const who of [s.otherTeacher, s.homeroom]) {
      const res = await t.as(who.token).get(url(s));
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(MSG.notFound);
      expect((await t.as(who.token).get(`${url(s)}.xlsx`)).status).toBe(404);
    }
  });

  it('runs a fixed number of queries whatever the size of the class', async () => {
    const read = () => t.as(s.teacher.token).get(url(s));
    const before = await statementsDuring(t, read);
    expect(before).toBeLessThanOrEqual(20);
    // Two more pieces of work for every student, and more tags.
    await gradedAssignment(t, s, { categoryId: s.categories[0]!.id, objectiveIds: [s.objectives[0]!.id], scores: [90, 90, 90, 90] });
    await gradedAssignment(t, s, {
      categoryId: s.categories[1]!.id,
      objectiveIds: [s.objectives[2]!.id],
      scores: [60, 'waiting', 'missing'],
    });
    expect(await statementsDuring(t, read)).toBe(before);
  });
});

describe('the report description', () => {
  let s: ReportScene;
  beforeAll(async () => {
    s = await reportScene(t);
    await gradedAssignment(t, s, {
      categoryId: s.categories[0]!.id,
      objectiveIds: [s.objectives[0]!.id, s.objectives[1]!.id],
      scores: [90, 60],
    });
  });
  const descUrl = (s: ReportScene, studentId: number) => `${url(s)}/students/${studentId}/description`;

  it('keeps what the teacher wrote, writes an emptied part from the TPs again', async () => {
    const res = await t
      .as(s.teacher.token)
      .put(descUrl(s, s.students[1]!.id), { achieved: '  Sangat aktif dalam praktik merakit kabel  ', to_improve: '' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(REPORT_MSG.descriptionSaved);
    expect(res.body.data.student.id).toBe(s.students[1]!.id);
    expect(res.body.data.description).toEqual({
      achieved: 'Sangat aktif dalam praktik merakit kabel',
      to_improve: 'Perlu ditingkatkan dalam menjelaskan konsep dasar jaringan komputer, membuat kabel UTP straight dan cross',
      edited: true,
    });
    const read = await t.as(s.coTeacher.token).get(url(s));
    expect(read.body.data.students[1].description.achieved).toBe('Sangat aktif dalam praktik merakit kabel');
    expect(read.body.data.students[0].description.edited).toBe(false);
    // Both parts emptied: written from the TPs again.
    const back = await t.as(s.coTeacher.token).put(descUrl(s, s.students[1]!.id), { achieved: null, to_improve: null });
    expect(back.body.data.description).toEqual({
      achieved: null,
      to_improve: 'Perlu ditingkatkan dalam menjelaskan konsep dasar jaringan komputer, membuat kabel UTP straight dan cross',
      edited: false,
    });
  });

  it('refuses 1001 characters, a student of another rombel, another teacher', async () => {
    const long = await t.as(s.teacher.token).put(descUrl(s, s.students[0]!.id), { achieved: 'a'.repeat(1001), to_improve: null });
    expect(long.status).toBe(422);
    expect(long.body.message).toBe(REPORT_MSG.descriptionMax);
    expect(long.body.errors.achieved).toEqual([REPORT_MSG.descriptionMax]);
    const ok = await t.as(s.teacher.token).put(descUrl(s, s.students[0]!.id), { achieved: 'a'.repeat(1000), to_improve: null });
    expect(ok.status).toBe(200);
    const outsider = await t.as(s.teacher.token).put(descUrl(s, s.outsider.id), { achieved: 'Baik', to_improve: null });
    expect(outsider.status).toBe(404);
    expect(outsider.body.message).toBe(MSG.notFound);
    const other = await t.as(s.otherTeacher.token).put(descUrl(s, s.students[0]!.id), { achieved: 'Baik', to_improve: null });
    expect(other.status).toBe(404);
  });

  it('refuses a change while the semester is locked', async () => {
    await t.db.update(semesters).set({ gradesLockedAt: new Date() }).where(eq(semesters.id, s.semesterId));
    try {
      const res = await t.as(s.teacher.token).put(descUrl(s, s.students[0]!.id), { achieved: 'Baik sekali', to_improve: null });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(GRADE_MSG.locked);
      const read = await t.as(s.teacher.token).get(url(s));
      expect(read.body.data.locked).toBe(true);
      expect(read.body.data.students[0].description.achieved).toBe('a'.repeat(1000));
    } finally {
      await t.db.update(semesters).set({ gradesLockedAt: null }).where(eq(semesters.id, s.semesterId));
    }
  });
});

describe('"Nilai Saya" of the student', () => {
  let s: ReportScene;
  beforeAll(async () => {
    s = await reportScene(t);
    await gradedAssignment(t, s, { categoryId: s.categories[0]!.id, objectiveIds: [s.objectives[0]!.id], scores: [80, 70] });
    await gradedAssignment(t, s, { categoryId: s.categories[1]!.id, objectiveIds: [s.objectives[1]!.id], scores: [90, 'waiting'] });
  });
  const mine = async (token: string) => {
    const res = await t.as(token).get('/api/student/report-grades');
    expect(res.status).toBe(200);
    return res.body.data.find((c: { online_class: { id: number } }) => c.online_class.id === s.classId);
  };

  it('shows the categories and TPs in words, not the final grade before it is released', async () => {
    const card = await mine(s.students[0]!.token);
    expect(card).toEqual({
      online_class: { id: s.classId, name: s.className, subject: s.subjectName },
      categories: [
        { id: s.categories[0]!.id, name: 'Sumatif Lingkup Materi', weight: 60, drop_lowest: 0, average: 80 },
        { id: s.categories[1]!.id, name: 'Sumatif Akhir Semester', weight: 40, drop_lowest: 0, average: 90 },
        { id: s.categories[2]!.id, name: 'Formatif', weight: 0, drop_lowest: 0, average: null },
      ],
      released: false,
      final: null,
      description: null,
      objectives: [
        { code: 'TP 1', description: s.objectives[0]!.description, score: 80, words: REPORT_MSG.reached },
        { code: 'TP 2', description: s.objectives[1]!.description, score: 90, words: REPORT_MSG.reached },
        { code: 'TP 3', description: s.objectives[2]!.description, score: null, words: REPORT_MSG.noScore },
      ],
      awaiting_regrade: false,
    });
    const second = await mine(s.students[1]!.token);
    expect(second.objectives.map((o: { words: string }) => o.words)).toEqual([
      REPORT_MSG.notReached,
      REPORT_MSG.noScore,
      REPORT_MSG.noScore,
    ]);
    // A student of another rombel does not see this class.
    const outsider = await t.as(s.outsider.token).get('/api/student/report-grades');
    expect(outsider.body.data.map((c: { online_class: { id: number } }) => c.online_class.id)).not.toContain(s.classId);
  });

  it('shows the final grade and the description once released', async () => {
    await t.db.update(classGradeSettings).set({ releasedAt: new Date() }).where(eq(classGradeSettings.onlineClassId, s.classId));
    const card = await mine(s.students[0]!.token);
    // 0.6 × 80 + 0.4 × 90 = 84.
    expect(card.released).toBe(true);
    expect(card.final).toBe(84);
    expect(card.description).toEqual({
      achieved: 'Menunjukkan penguasaan yang baik dalam membuat kabel UTP straight dan cross, menjelaskan konsep dasar jaringan komputer',
      to_improve: null,
    });
    // Only SLM 70 counts (SAS waits for a grade): 70.
    const second = await mine(s.students[1]!.token);
    expect(second.final).toBe(70);
    expect(second.description).toEqual({
      achieved: null,
      to_improve: 'Perlu ditingkatkan dalam menjelaskan konsep dasar jaringan komputer',
    });
  });

  it("equals each student's row of the teacher's Nilai Akhir, though only that student's work is read", async () => {
    const rows = (await t.as(s.teacher.token).get(url(s))).body.data.students;
    expect(rows.length).toBe(s.students.length);
    for (const student of s.students) {
      const row = rows.find((r: { student: { id: number } }) => r.student.id === student.id);
      const card = await mine(student.token);
      expect(card.final, student.username).toBe(row.final);
      expect(card.categories.map((c: { average: number | null }) => c.average)).toEqual(
        row.categories.map((c: { average: number | null }) => c.average),
      );
      expect(card.objectives.map((o: { score: number | null }) => o.score)).toEqual(
        row.objectives.map((o: { score: number | null }) => o.score),
      );
    }
  });

  it('is for students only', async () => {
    expect((await t.as(s.teacher.token).get('/api/student/report-grades')).status).toBe(403);
  });
});
