/**
 * The teacher's quizzes (issue 25, docs/features/quizzes.md "Quizzes"): making and editing them against the
 * teacher's bank, the quiz as an item of its content (lists, order, visibility, notifications),
 * results by the grading method, hand grading, regrading after a key is fixed, item statistics
 * against hand-computed numbers, and the quiz's grade in the gradebook (screen, CSV, XLSX).
 */
import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { QUIZ_MSG } from '@kelasku/contract';
import { notifications, onlineClasses, questions, quizAttempts } from '../src/db/schema.js';
import { useTestApp } from './helpers.js';
import { createQuiz, quizBody, quizScene, startAttempt, studentPaths, type QuizScene } from './quiz-scene.js';
import type { TestUser } from './factory.js';

const t = useTestApp();

/** The student takes the quiz: saves the given answers (by question id) and hands in; returns the attempt id. */
async function take(s: QuizScene, quizId: number, student: TestUser, answers: Record<number, unknown>): Promise<number> {
  const p = studentPaths(s, quizId);
  const a = await startAttempt(t, s, quizId, student);
  for (const [qid, answer] of Object.entries(answers)) {
    const res = await t.as(student.token).put(p.answer(a.id, Number(qid)), { answer });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  expect((await t.as(student.token).post(p.submit(a.id))).status).toBe(200);
  return a.id;
}

const gradebookOf = async (s: QuizScene) =>
  (await t.as(s.teacher.token).get(`/api/teacher/online-classes/${s.klass.id}/gradebook`)).body.data;
const resultsOf = async (s: QuizScene, quizId: number) => (await t.as(s.teacher.token).get(`${s.teacherBase}/${quizId}/results`)).body.data;

describe('making a quiz', () => {
  it('takes the settings and slots, shows fixed questions with their keys, and checks the slots against the bank', async () => {
    const s = await quizScene(t);
    const res = await t.as(s.teacher.token).post(
      s.teacherBase,
      quizBody(s, {
        time_limit_minutes: 45,
        attempts_allowed: 2,
        grading_method: 'last',
        slots: [{ question_id: s.q.mc.id }, { category_id: s.category.id, count: 2 }],
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.message).toBe(QUIZ_MSG.created);
    const q = res.body.data;
    expect(q).toMatchObject({
      title: 'Ulangan Harian 1',
      time_limit_minutes: 45,
      attempts_allowed: 2,
      grading_method: 'last',
      attempt_count: 0,
    });
    expect(q.slots[0]).toMatchObject({ position: 1, question_id: s.q.mc.id, category_id: null });
    expect(q.slots[0].question.data.options.find((o: any) => o.correct).id).toBe('o1');
    expect(q.slots[1]).toMatchObject({
      position: 2,
      question: null,
      category_id: s.category.id,
      category_name: s.category.name,
      count: 2,
      available: 6,
    });
    expect(q.question_count).toBe(3);
    // The category's questions carry different points: an attempt's total depends on the draw.
    expect(q.total_points).toBeNull();
    const got = await t.as(s.teacher.token).get(`${s.teacherBase}/${q.id}`);
    expect(got.body.data).toEqual(q);

    const bad = async (slots: unknown, field: string, message: string) => {
      const r = await t.as(s.teacher.token).post(s.teacherBase, quizBody(s, { slots: slots as never }));
      expect(r.status, JSON.stringify(slots)).toBe(422);
      expect(r.body.errors[field], JSON.stringify(r.body)).toEqual([message]);
    };
    await bad([{ question_id: s.foreignQuestion.id }], 'slots.0.question_id', QUIZ_MSG.questionUnknown);
    await bad([{ question_id: s.q.mc.id }, { question_id: s.q.mc.id }], 'slots.1.question_id', QUIZ_MSG.duplicateQuestion);
    await bad([{ category_id: s.otherCategory.id, count: 1 }], 'slots.0.category_id', QUIZ_MSG.categoryUnknown);
    // Six questions in the category, one of them fixed: six more cannot be drawn.
    await bad([{ question_id: s.q.mc.id }, { category_id: s.category.id, count: 6 }], 'slots.1.count', QUIZ_MSG.categoryTooFew);
    const none = await t.as(s.teacher.token).post(s.teacherBase, quizBody(s, { slots: [] }));
    expect(none.status).toBe(422);
    const window = await t
      .as(s.teacher.token)
      .post(s.teacherBase, quizBody(s, { opens_at: '2030-01-02T08:00:00+07:00', closes_at: '2030-01-01T08:00:00+07:00' }));
    expect(window.status).toBe(422);
    expect(window.body.errors.closes_at).toEqual([QUIZ_MSG.closesBeforeOpens]);
    // Another teacher's content, and the other teacher on this one: 404.
    expect((await t.as(s.otherTeacher.token).post(s.teacherBase, quizBody(s))).status).toBe(404);
    expect((await t.as(s.otherTeacher.token).get(`${s.teacherBase}/${q.id}`)).status).toBe(404);
  });

  it('draws category questions at random, never one that is fixed in the quiz, and never twice', async () => {
    const s = await quizScene(t);
    const quizId = await createQuiz(t, s, { slots: [{ question_id: s.q.mc.id }, { category_id: s.category.id, count: 5 }] });
    for (let i = 0; i < 3; i++) {
      const student = await t.factory.student({ rombelId: s.rombel.id });
      const a = await startAttempt(t, s, quizId, student);
      const ids = a.questions.map((q: any) => q.id);
      expect(ids).toHaveLength(6);
      expect(new Set(ids).size).toBe(6);
      expect(ids[0]).toBe(s.q.mc.id);
      const [row] = await t.db.select().from(quizAttempts).where(eq(quizAttempts.id, a.id));
      expect(row!.maxScore).toBe(14);
    }
  });

  it('edits the settings any time, the slots only while nobody has started (409 after; the same slots are no change)', async () => {
    const s = await quizScene(t);
    const quizId = await createQuiz(t, s);
    const url = `${s.teacherBase}/${quizId}`;
    const fewer = await t.as(s.teacher.token).put(url, quizBody(s, { slots: [{ question_id: s.q.mc.id }] }));
    expect(fewer.status).toBe(200);
    expect(fewer.body.data.question_count).toBe(1);
    await startAttempt(t, s, quizId);
    const change = await t.as(s.teacher.token).put(url, quizBody(s, { slots: [{ question_id: s.q.tf.id }] }));
    expect(change.status).toBe(409);
    expect(change.body.message).toBe(QUIZ_MSG.hasAttempts);
    const rename = await t.as(s.teacher.token).put(url, quizBody(s, { title: 'Ulangan Diubah', slots: [{ question_id: s.q.mc.id }] }));
    expect(rename.status).toBe(200);
    expect(rename.body.data).toMatchObject({ title: 'Ulangan Diubah', attempt_count: 1, question_count: 1 });
  });

  it('deletes a quiz with its attempts; an archived class is read-only', async () => {
    const s = await quizScene(t);
    const quizId = await createQuiz(t, s);
    await startAttempt(t, s, quizId);
    await t.db.update(onlineClasses).set({ archivedAt: new Date() }).where(eq(onlineClasses.id, s.klass.id));
    expect((await t.as(s.teacher.token).get(`${s.teacherBase}/${quizId}`)).status).toBe(200);
    expect((await t.as(s.teacher.token).delete(`${s.teacherBase}/${quizId}`)).status).toBe(409);
    expect((await t.as(s.teacher.token).post(s.teacherBase, quizBody(s))).status).toBe(409);
    // Gone for its students.
    expect((await t.as(s.student.token).get(studentPaths(s, quizId).quiz)).status).toBe(404);
    await t.db.update(onlineClasses).set({ archivedAt: null }).where(eq(onlineClasses.id, s.klass.id));
    const del = await t.as(s.teacher.token).delete(`${s.teacherBase}/${quizId}`);
    expect(del.status).toBe(200);
    expect(await t.db.select().from(quizAttempts).where(eq(quizAttempts.quizId, quizId))).toEqual([]);
    expect((await t.as(s.teacher.token).get(`${s.teacherBase}/${quizId}`)).status).toBe(404);
  });
});

describe('a quiz in its content', () => {
  it('is listed in the content (teacher: all; student: what is shown), ordered with kind "quizzes", and announced to the students', async () => {
    const s = await quizScene(t);
    const first = await createQuiz(t, s, { title: 'Kuis Satu' });
    const second = await createQuiz(t, s, { title: 'Kuis Dua', hidden: true });
    const lessonUrl = `/api/teacher/online-classes/${s.klass.id}/contents/${s.content.id}`;
    const teacherView = (await t.as(s.teacher.token).get(lessonUrl)).body.data;
    expect(teacherView.quizzes.map((q: any) => [q.title, q.hidden])).toEqual([
      ['Kuis Satu', false],
      ['Kuis Dua', true],
    ]);
    const studentUrl = `/api/student/my-classes/${s.klass.id}/contents/${s.content.id}`;
    expect((await t.as(s.student.token).get(studentUrl)).body.data.quizzes.map((q: any) => q.id)).toEqual([first]);
    const classList = (await t.as(s.student.token).get(`/api/student/my-classes/${s.klass.id}/contents`)).body.data;
    expect(classList.find((c: any) => c.id === s.content.id).quizzes.map((q: any) => q.id)).toEqual([first]);

    const order = await t.as(s.teacher.token).put(`${lessonUrl}/order`, { kind: 'quizzes', ids: [second, first] });
    expect(order.status).toBe(200);
    expect((await t.as(s.teacher.token).get(lessonUrl)).body.data.quizzes.map((q: any) => q.id)).toEqual([second, first]);
    const foreign = await t.factory.content(s.otherClass.id);
    void foreign;
    expect((await t.as(s.teacher.token).put(`${lessonUrl}/order`, { kind: 'quizzes', ids: [999999] })).status).toBe(404);

    // The shown quiz was announced once; the hidden one when it is shown.
    const heard = async () =>
      (
        await t.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, s.student.id), eq(notifications.kind, 'quiz')))
      ).map((n) => n.subject);
    expect(await heard()).toEqual(['Kuis Satu']);
    const shown = await t.as(s.teacher.token).put(`${lessonUrl}/quizzes/${second}/visibility`, { hidden: false });
    expect(shown.status).toBe(200);
    expect((await heard()).sort()).toEqual(['Kuis Dua', 'Kuis Satu']);
    const bell = await t.as(s.student.token).get('/api/notifications');
    expect(JSON.stringify(bell.body)).toContain('Kuis baru \\"Kuis Dua\\"');
  });
});

describe('results, grading and the gradebook', () => {
  it('the counting attempt: highest or last, as the grading method says', async () => {
    const s = await quizScene(t);
    const slots = [{ question_id: s.q.mc.id }];
    const quizId = await createQuiz(t, s, { attempts_allowed: 2, grading_method: 'highest', slots });
    await take(s, quizId, s.student, { [s.q.mc.id]: { option: 'o1' } });
    await take(s, quizId, s.student, { [s.q.mc.id]: { option: 'o2' } });
    let rows = await resultsOf(s, quizId);
    const mine = rows.find((r: any) => r.student.id === s.student.id);
    expect(mine.attempts.map((a: any) => a.grade)).toEqual([100, 0]);
    expect(mine.grade).toBe(100);
    expect((await gradebookOf(s)).students[0].quiz_cells).toEqual([{ quiz_id: quizId, state: 'graded', score: 100 }]);

    const put = await t
      .as(s.teacher.token)
      .put(`${s.teacherBase}/${quizId}`, quizBody(s, { attempts_allowed: 2, grading_method: 'last', slots }));
    expect(put.status).toBe(200);
    rows = await resultsOf(s, quizId);
    expect(rows.find((r: any) => r.student.id === s.student.id).grade).toBe(0);
    expect((await gradebookOf(s)).students[0].quiz_cells[0]).toEqual({ quiz_id: quizId, state: 'graded', score: 0 });
  });

  it('essays wait for a hand grade (needs_grading); the grade sums the attempt again and reaches the gradebook', async () => {
    const s = await quizScene(t, { students: 2 });
    const quizId = await createQuiz(t, s, { slots: [{ question_id: s.q.mc.id }, { question_id: s.q.essay.id }] });
    const attemptId = await take(s, quizId, s.student, {
      [s.q.mc.id]: { option: 'o1' },
      [s.q.essay.id]: { text: 'Router menghubungkan jaringan.' },
    });
    let row = (await resultsOf(s, quizId)).find((r: any) => r.student.id === s.student.id);
    expect(row).toMatchObject({ grade: null, needs_grading: true });
    expect(row.attempts[0]).toMatchObject({ score: null, max_score: 7 });
    let book = await gradebookOf(s);
    expect(book.quizzes).toEqual([
      expect.objectContaining({
        id: quizId,
        title: 'Ulangan Harian 1',
        content: { id: s.content.id, title: s.content.title },
        average: null,
      }),
    ]);
    const cell = (b: any, studentId: number) => b.students.find((x: any) => x.id === studentId).quiz_cells[0];
    expect(cell(book, s.student.id)).toEqual({ quiz_id: quizId, state: 'waiting', score: null });
    expect(cell(book, s.students[1]!.id)).toEqual({ quiz_id: quizId, state: 'todo', score: null });

    const detailUrl = `${s.teacherBase}/${quizId}/attempts/${attemptId}`;
    const detail = (await t.as(s.teacher.token).get(detailUrl)).body.data;
    expect(detail).toMatchObject({ needs_grading: true, score: null });
    const essay = detail.questions.find((q: any) => q.question.type === 'essay');
    expect(essay).toMatchObject({ answer: { text: 'Router menghubungkan jaringan.' }, auto_points: null, needs_grading: true });
    expect(detail.questions.find((q: any) => q.question.type === 'multiple_choice')).toMatchObject({ auto_points: 2, points: 2 });

    const gradeUrl = `${detailUrl}/answers/${s.q.essay.id}/grade`;
    const tooMuch = await t.as(s.teacher.token).put(gradeUrl, { points: 6 });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.errors.points).toEqual([QUIZ_MSG.pointsRange(5)]);
    const graded = await t.as(s.teacher.token).put(gradeUrl, { points: 4, feedback: 'Kurang lengkap.' });
    expect(graded.status, JSON.stringify(graded.body)).toBe(200);
    expect(graded.body.data).toMatchObject({ score: 6, max_score: 7, grade: 86, needs_grading: false });
    row = (await resultsOf(s, quizId)).find((r: any) => r.student.id === s.student.id);
    expect(row).toMatchObject({ grade: 86, needs_grading: false });
    book = await gradebookOf(s);
    expect(cell(book, s.student.id)).toEqual({ quiz_id: quizId, state: 'graded', score: 86 });
    expect(book.quizzes[0].average).toBe(86);
    expect(book.students.find((x: any) => x.id === s.student.id).average).toBe(86);
    // The student sees the score and the feedback.
    const review = (await t.as(s.student.token).get(studentPaths(s, quizId).review(attemptId))).body.data;
    expect(review).toMatchObject({ score: 6, grade: 86 });
    expect(review.questions.find((q: any) => q.type === 'essay').feedback).toBe('Kurang lengkap.');
    // An override of an automatic score too.
    const override = await t.as(s.teacher.token).put(`${detailUrl}/answers/${s.q.mc.id}/grade`, { points: 1 });
    expect(override.body.data).toMatchObject({ score: 5, grade: 71 });
    // A question not in the attempt: 404; an attempt still running: 409.
    expect((await t.as(s.teacher.token).put(`${detailUrl}/answers/${s.q.tf.id}/grade`, { points: 1 })).status).toBe(404);
    const running = await startAttempt(t, s, quizId, s.students[1]);
    const open = await t
      .as(s.teacher.token)
      .put(`${s.teacherBase}/${quizId}/attempts/${running.id}/answers/${s.q.essay.id}/grade`, { points: 1 });
    expect(open.status).toBe(409);
    expect(open.body.message).toBe(QUIZ_MSG.notGradable);
    // Another teacher: 404.
    expect((await t.as(s.otherTeacher.token).put(gradeUrl, { points: 1 })).status).toBe(404);
  });

  it('a regrade after the key is fixed changes the score and the gradebook', async () => {
    const s = await quizScene(t);
    const quizId = await createQuiz(t, s, { slots: [{ question_id: s.q.mc.id }, { question_id: s.q.tf.id }] });
    await take(s, quizId, s.student, { [s.q.mc.id]: { option: 'o2' }, [s.q.tf.id]: { value: true } });
    expect((await gradebookOf(s)).students[0].quiz_cells[0].score).toBe(33);
    // The teacher finds the key wrong: o2 is the right choice.
    const data = s.q.mc.data as { options: Array<{ id: string; text: string; correct: boolean }> };
    await t.db
      .update(questions)
      .set({ data: { options: data.options.map((o) => ({ ...o, correct: o.id === 'o2' })) } })
      .where(eq(questions.id, s.q.mc.id));
    // Nothing changes until the regrade.
    expect((await gradebookOf(s)).students[0].quiz_cells[0].score).toBe(33);
    const res = await t.as(s.teacher.token).post(`${s.teacherBase}/${quizId}/regrade`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ regraded: 1 });
    expect((await gradebookOf(s)).students[0].quiz_cells[0]).toEqual({ quiz_id: quizId, state: 'graded', score: 100 });
    expect((await resultsOf(s, quizId))[0].grade).toBe(100);
  });

  it('the gradebook XLSX and CSV carry the quiz column after the assignments', async () => {
    const s = await quizScene(t, { students: 2 });
    const assignment = await t.factory.assignment(s.content.id, s.teacher.id, { title: 'Tugas 1' });
    await t.factory.submission(assignment.id, s.student.id, { score: 70 });
    const quizId = await createQuiz(t, s, { title: 'Ulangan Bab 1', slots: [{ question_id: s.q.mc.id }, { question_id: s.q.tf.id }] });
    await take(s, quizId, s.student, { [s.q.mc.id]: { option: 'o1' }, [s.q.tf.id]: { value: false } });
    const book = await gradebookOf(s);
    const me = book.students.find((x: any) => x.id === s.student.id);
    expect(me.cells[0].score).toBe(70);
    expect(me.quiz_cells[0].score).toBe(67);
    expect(me.average).toBe(68.5);

    const base = `/api/teacher/online-classes/${s.klass.id}/gradebook`;
    const csv = (await t.as(s.teacher.token).get(`${base}.csv`)).raw.body;
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('No;NIS;Nama;Tugas 1;Kuis: Ulangan Bab 1;Rata-rata');
    const mine = lines.find((l: string) => l.includes(s.student.name))!;
    expect(mine.split(';').slice(3)).toEqual(['70', '67', '68,5']);

    const res = await t.as(s.teacher.token).get(`${base}.xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.raw.rawPayload as unknown as ExcelJS.Buffer);
    const ws = wb.worksheets[0]!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(['No', 'NIS', 'Nama', 'Tugas 1', 'Kuis: Ulangan Bab 1', 'Rata-rata']);
    const rowNo = [2, 3].find((r) => ws.getRow(r).getCell(3).value === s.student.name)!;
    expect(ws.getRow(rowNo).getCell(5).value).toBe(67);
  });
});

describe('statistics', () => {
  it('facility, discrimination (from 10 students) and option counts match the hand-computed numbers', async () => {
    const s = await quizScene(t, { students: 10 });
    const { mc, tf, ma } = s.q;
    const quizId = await createQuiz(t, s, { slots: [mc, tf, ma].map((q) => ({ question_id: q.id })) });
    // Per student: multiple choice (o1 right, 2 points), true/false (true right, 1 point), multiple answer (o1+o2 right, 2 points).
    // Score / 5 → grade:  s0 5 (100), s1 4 (80), s2 3 (60), s3 4 (80), s4 3 (60), s5 2 (40), s6 2 (40), s7 0, s8 2 (40), s9 0.
    const plan: Array<[string | null, boolean | null, string[] | null]> = [
      ['o1', true, ['o1', 'o2']],
      ['o1', true, ['o1']],
      ['o1', true, ['o1', 'o3']],
      ['o1', false, ['o1', 'o2']],
      ['o1', false, ['o2']],
      ['o1', false, []],
      ['o2', true, ['o1', 'o2', 'o3']],
      ['o2', false, ['o3']],
      ['o3', true, ['o1']],
      [null, null, null],
    ];
    const answersOf = ([m, b, list]: (typeof plan)[number]) => ({
      ...(m ? { [mc.id]: { option: m } } : {}),
      ...(b !== null ? { [tf.id]: { value: b } } : {}),
      ...(list ? { [ma.id]: { options: list } } : {}),
    });
    for (let i = 0; i < 9; i++) await take(s, quizId, s.students[i]!, answersOf(plan[i]!));
    const url = `${s.teacherBase}/${quizId}/statistics`;
    const nine = (await t.as(s.teacher.token).get(url)).body.data;
    expect(nine.students).toBe(9);
    expect(nine.questions.map((q: any) => q.discrimination)).toEqual([null, null, null]);
    await take(s, quizId, s.students[9]!, answersOf(plan[9]!));

    const stats = (await t.as(s.teacher.token).get(url)).body.data;
    expect(stats).toMatchObject({ attempts: 10, students: 10 });
    const [qmc, qtf, qma] = stats.questions;
    // Facility: mean share of the points. mc 6 of 10 right; tf 5 of 10; ma shares 1 .5 0 1 .5 0 .5 0 .5 0 = 4 of 10.
    expect([qmc.facility, qtf.facility, qma.facility]).toEqual([60, 50, 40]);
    // Ranked by grade (ties by attempt): s0 100, s1 80, s3 80 | … | s8 40, s7 0, s9 0; groups of round(0.27 × 10) = 3.
    // mc: upper 3/3, lower 0/3 → 1. tf: upper (1+1+0)/3, lower (1+0+0)/3 → 0.33. ma: upper (1+.5+1)/3, lower (.5+0+0)/3 → 0.67.
    expect([qmc.discrimination, qtf.discrimination, qma.discrimination]).toEqual([1, 0.33, 0.67]);
    expect(qmc.options).toEqual([
      { id: 'o1', text: 'Pilihan A', chosen: 6, correct: true },
      { id: 'o2', text: 'Pilihan B', chosen: 2, correct: false },
      { id: 'o3', text: 'Pilihan C', chosen: 1, correct: false },
      { id: 'o4', text: 'Pilihan D', chosen: 0, correct: false },
    ]);
    expect(qtf.options).toEqual([
      { id: 'true', text: 'Benar', chosen: 5, correct: true },
      { id: 'false', text: 'Salah', chosen: 4, correct: false },
    ]);
    expect(qma.options.map((o: any) => [o.id, o.chosen, o.correct])).toEqual([
      ['o1', 6, true],
      ['o2', 4, true],
      ['o3', 3, false],
      ['o4', 0, false],
    ]);
    expect(qmc).toMatchObject({ question_id: mc.id, type: 'multiple_choice', points: 2, attempts: 10 });
  });
});
