/**
 * Issue 41, "quizzes where students and teachers look": a quiz is in the student's "Tugas Saya"
 * (to do with its closing time as deadline, done once an attempt is finished, missed once closed
 * without one), in "Nilai Saya" with its grade only where show_results lets the student see it (and a
 * parent sees the same), in the teacher's "menunggu dinilai" while an essay waits for a hand grade,
 * and in its category of the Nilai Akhir. The lists stay a fixed number of statements.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GRADING_STATUS } from '@kelasku/contract';
import { quizAttempts, quizOverrides, quizzes } from '../src/db/schema.js';
import { useTestApp } from './helpers.js';
import { statementsDuring } from './admin-access.js';
import { quizScene, type QuizScene } from './quiz-scene.js';
import { copyDefaultCategories } from './report-grades-scene.js';

const t = useTestApp();
const HOUR = 3600_000;
const inHours = (h: number) => new Date(Date.now() + h * HOUR);
const WORK = '/api/student/assignments';
const GRADES = '/api/student/grades';

type Settings = Partial<typeof quizzes.$inferInsert>;

/** A quiz of the scene's class (one multiple-choice question of 2 points) with these settings. */
async function quizOf(s: QuizScene, title: string, settings: Settings = {}, lessonId = s.content.id) {
  const row = await t.factory.quiz(lessonId, s.teacher.id, [s.q.mc.id], { title });
  if (Object.keys(settings).length === 0) return row;
  const [changed] = await t.db.update(quizzes).set(settings).where(eq(quizzes.id, row.id)).returning();
  return changed!;
}

/** A finished attempt of the student scoring `score` of 2 points (null: an essay waits for a hand grade). */
async function finished(s: QuizScene, quizId: number, score: number | null, number = 1, student = s.student) {
  const a = await t.factory.quizAttempt(quizId, student.id, [s.q.mc.id], { number, score: score ?? 0, maxScore: 2 });
  if (score === null) await t.db.update(quizAttempts).set({ score: null }).where(eq(quizAttempts.id, a.id));
  return a;
}

const titles = (list: Array<{ title: string }>) => list.map((w) => w.title);

describe('quizzes in Tugas Saya', () => {
  it('lists an open quiz as to do by its closing time, a finished one as done, a closed untaken one as missed', async () => {
    const s = await quizScene(t);
    const assignment = await t.factory.assignment(s.content.id, s.teacher.id, { title: 'Tugas Laporan', deadline: inHours(3) });
    const open = await quizOf(s, 'Kuis Terbuka', { closesAt: inHours(5) });
    const forever = await quizOf(s, 'Latihan Bebas');
    const later = await quizOf(s, 'Ulangan Nanti', { opensAt: inHours(20), closesAt: inHours(22) });
    const missed = await quizOf(s, 'Kuis Terlewat', { opensAt: inHours(-5), closesAt: inHours(-1) });
    const done = await quizOf(s, 'Kuis Selesai', { closesAt: inHours(2) });
    await finished(s, done.id, 1);
    const extended = await quizOf(s, 'Kuis Diperpanjang', { closesAt: inHours(-2) });
    await t.db.insert(quizOverrides).values({ quizId: extended.id, studentId: s.student.id, closesAt: inHours(1) });
    // Never shown: a draft, a scheduled one, another rombel's.
    await quizOf(s, 'Masih Draf', { hidden: true, closesAt: inHours(1) });
    await quizOf(s, 'Terjadwal', { publishAt: inHours(1), closesAt: inHours(6) });
    await t.factory.quiz(s.otherLesson.id, s.otherTeacher.id, [s.foreignQuestion.id], { title: 'Rombel Lain' });
    // A classmate's attempt is theirs.
    const classmate = await t.factory.student({ rombelId: s.rombel.id });
    await finished(s, open.id, 2, 1, classmate);

    const todo = (await t.as(s.student.token).get(`${WORK}?tab=todo`)).body.data;
    expect(titles(todo)).toEqual(['Kuis Diperpanjang', 'Tugas Laporan', 'Kuis Terbuka', 'Ulangan Nanti', 'Latihan Bebas']);
    const klass = { id: s.klass.id, name: s.klass.name };
    expect(todo[2]).toEqual({
      kind: 'quiz',
      id: open.id,
      title: 'Kuis Terbuka',
      content_id: s.content.id,
      online_class: klass,
      deadline: open.closesAt!.toISOString(),
      closes_at: open.closesAt!.toISOString(),
      extended: false,
      opens_at: null,
      results_visible: true,
      state: 'todo',
      status_id: 1,
      grading_status: GRADING_STATUS.notSubmitted,
      submitted_at: null,
      score: null,
      last_score: null,
      feedback: null,
      returned_at: null,
    });
    expect(todo[1]).toMatchObject({ kind: 'assignment', id: assignment.id, opens_at: null, results_visible: true });
    expect(todo[0]).toMatchObject({ kind: 'quiz', id: extended.id, extended: true, deadline: expect.any(String) });
    expect(Date.parse(todo[0].deadline)).toBeGreaterThan(Date.now());
    expect(todo[3]).toMatchObject({ id: later.id, opens_at: later.opensAt!.toISOString(), deadline: later.closesAt!.toISOString() });
    expect(todo[4]).toMatchObject({ id: forever.id, deadline: null, closes_at: null });

    const late = (await t.as(s.student.token).get(`${WORK}?tab=late`)).body.data;
    expect(late).toEqual([
      expect.objectContaining({ kind: 'quiz', id: missed.id, state: 'late', deadline: missed.closesAt!.toISOString() }),
    ]);

    const doneTab = (await t.as(s.student.token).get(`${WORK}?tab=done`)).body.data;
    expect(doneTab).toEqual([
      expect.objectContaining({ kind: 'quiz', id: done.id, state: 'done', status_id: 2, score: 50, grading_status: GRADING_STATUS.graded }),
    ]);
    expect(doneTab[0].submitted_at).toEqual(expect.any(String));

    // Without a tab: everything, assignments and quizzes of the class by deadline.
    const all = (await t.as(s.student.token).get(WORK)).body.data;
    expect(all).toHaveLength(7);
    expect(all.filter((w: { kind: string }) => w.kind === 'quiz')).toHaveLength(6);
  });

  it('shows a grade only where show_results lets the student see it, by the grading method', async () => {
    const s = await quizScene(t);
    const now = await quizOf(s, 'Langsung', { closesAt: inHours(5) });
    await finished(s, now.id, 1);
    const never = await quizOf(s, 'Tidak Pernah', { showResults: 'never' });
    await finished(s, never.id, 2);
    const notYet = await quizOf(s, 'Setelah Tutup', { showResults: 'after_close', closesAt: inHours(5) });
    await finished(s, notYet.id, 2);
    const closed = await quizOf(s, 'Sudah Tutup', { showResults: 'after_close', opensAt: inHours(-5), closesAt: inHours(-1) });
    await finished(s, closed.id, 2);
    const highest = await quizOf(s, 'Tertinggi', { attemptsAllowed: 3 });
    await finished(s, highest.id, 2, 1);
    await finished(s, highest.id, 1, 2);
    const last = await quizOf(s, 'Terakhir', { attemptsAllowed: 3, gradingMethod: 'last' });
    await finished(s, last.id, 2, 1);
    await finished(s, last.id, 0, 2);
    const essay = await quizOf(s, 'Uraian');
    await finished(s, essay.id, null);

    const byTitle = new Map<string, any>(
      (await t.as(s.student.token).get(`${WORK}?tab=done`)).body.data.map((w: { title: string }) => [w.title, w]),
    );
    const seen = (title: string) => {
      const w = byTitle.get(title);
      return [w.score, w.results_visible, w.grading_status];
    };
    expect(seen('Langsung')).toEqual([50, true, GRADING_STATUS.graded]);
    expect(seen('Tidak Pernah')).toEqual([null, false, GRADING_STATUS.quizDone]);
    expect(seen('Setelah Tutup')).toEqual([null, false, GRADING_STATUS.quizDone]);
    expect(seen('Sudah Tutup')).toEqual([100, true, GRADING_STATUS.graded]);
    expect(seen('Tertinggi')).toEqual([100, true, GRADING_STATUS.graded]);
    expect(seen('Terakhir')).toEqual([0, true, GRADING_STATUS.graded]);
    expect(seen('Uraian')).toEqual([null, true, GRADING_STATUS.waiting]);
    // Finished quizzes are done, whatever their grade.
    expect(byTitle.size).toBe(7);

    // Nilai Saya: the class's average of the grades the student may see (50, 100, 100, 0).
    const grades = (await t.as(s.student.token).get(GRADES)).body.data;
    expect(grades).toHaveLength(1);
    expect(grades[0].average).toBe(62.5);
    expect(grades[0].items.map((w: { title: string; score: number | null }) => [w.title, w.score])).toEqual(
      expect.arrayContaining([
        ['Tidak Pernah', null],
        ['Setelah Tutup', null],
        ['Langsung', 50],
      ]),
    );

    // A parent sees what the child sees.
    const parent = await t.factory.parent([s.student.id]);
    const child = `/api/parent/children/${s.student.id}`;
    expect((await t.as(parent.token).get(`${child}/grades`)).body.data).toEqual(grades);
    expect((await t.as(parent.token).get(`${child}/work?tab=done`)).body.data).toEqual(
      (await t.as(s.student.token).get(`${WORK}?tab=done`)).body.data,
    );
  });

  it("judges 'after close' on the student's own closing time, as the quiz page does", async () => {
    const s = await quizScene(t);
    // Closed for the class an hour ago; this student's override keeps it open three more hours.
    const quiz = await quizOf(s, 'Ulangan Susulan', { showResults: 'after_close', opensAt: inHours(-5), closesAt: inHours(-1) });
    await finished(s, quiz.id, 2);
    await t.db.insert(quizOverrides).values({ quizId: quiz.id, studentId: s.student.id, closesAt: inHours(3) });
    const page = (await t.as(s.student.token).get(`/api/student/my-classes/${s.klass.id}/contents/${s.content.id}/quizzes/${quiz.id}`)).body
      .data;
    const work = (await t.as(s.student.token).get(`${WORK}?tab=done`)).body.data.find(
      (w: { title: string }) => w.title === 'Ulangan Susulan',
    );
    const grades = (await t.as(s.student.token).get(GRADES)).body.data[0].items.find(
      (w: { title: string }) => w.title === 'Ulangan Susulan',
    );
    // Not closed for this student yet: no grade on the quiz page, in Tugas Saya or in Nilai Saya.
    expect(page.grade).toBeNull();
    expect([work.score, work.results_visible, Date.parse(work.closes_at) > Date.now()]).toEqual([null, false, true]);
    expect(grades.score).toBeNull();
    // A classmate without the override, whose quiz has closed, sees their grade in both places.
    const classmate = await t.factory.student({ rombelId: s.rombel.id });
    await finished(s, quiz.id, 1, 1, classmate);
    const theirs = (await t.as(classmate.token).get(`${WORK}?tab=done`)).body.data.find(
      (w: { title: string }) => w.title === 'Ulangan Susulan',
    );
    expect([theirs.score, theirs.results_visible]).toEqual([50, true]);
  });

  it('keeps the student dashboard to an override: its own closing time and extra attempts', async () => {
    const s = await quizScene(t);
    const closedForAll = await quizOf(s, 'Tutup Untuk Semua', { closesAt: inHours(-1) });
    const usedUp = await quizOf(s, 'Satu Kesempatan', { closesAt: inHours(4) });
    await finished(s, usedUp.id, 1);
    await t.db.insert(quizOverrides).values([
      { quizId: closedForAll.id, studentId: s.student.id, closesAt: inHours(3) },
      { quizId: usedUp.id, studentId: s.student.id, extraAttempts: 1 },
    ]);
    const list = (await t.as(s.student.token).get('/api/student/upcoming-quizzes')).body.data;
    expect(list.map((q: { title: string; attempts_left: number | null }) => [q.title, q.attempts_left])).toEqual([
      ['Tutup Untuk Semua', 1],
      ['Satu Kesempatan', 1],
    ]);
    expect(Date.parse(list[0].closes_at)).toBeGreaterThan(Date.now());
    // A classmate without an override sees neither.
    const classmate = await t.factory.student({ rombelId: s.rombel.id });
    expect((await t.as(classmate.token).get('/api/student/upcoming-quizzes')).body.data.map((q: { title: string }) => q.title)).toEqual([
      'Satu Kesempatan',
    ]);
  });

  it('reads Tugas Saya, Nilai Saya and the dashboard in the same number of statements for 1 quiz or 12', async () => {
    const s = await quizScene(t);
    const q1 = await quizOf(s, 'Kuis 1', { closesAt: inHours(2) });
    await finished(s, q1.id, 1);
    const urls = [WORK, `${WORK}?tab=todo`, GRADES, '/api/student/upcoming-quizzes', '/api/student/upcoming-assignments'];
    const count = async () => {
      const out: number[] = [];
      for (const url of urls) out.push(await statementsDuring(t, () => t.as(s.student.token).get(url)));
      return out;
    };
    const few = await count();
    for (let i = 2; i <= 12; i++) {
      const q = await quizOf(s, `Kuis ${i}`, { closesAt: inHours(i % 2 ? -1 : 2 + i) });
      if (i % 3 === 0) await finished(s, q.id, i % 2);
    }
    expect(await count()).toEqual(few);
    expect((await t.as(s.student.token).get(WORK)).body.data).toHaveLength(12);
  });
});

describe('quizzes where the teacher looks', () => {
  it('counts an essay attempt waiting for a hand grade in "menunggu dinilai", until it is graded', async () => {
    const s = await quizScene(t, { students: 2 });
    const essay = await quizOf(s, 'Uraian', { attemptsAllowed: 2 });
    const waiting = await finished(s, essay.id, null);
    await finished(s, essay.id, null, 1, s.students[1]);
    await finished(s, essay.id, 2, 2, s.students[1]);
    // Running attempts and graded ones do not wait.
    const other = await quizOf(s, 'Pilihan Ganda');
    await t.factory.quizAttempt(other.id, s.student.id, [s.q.mc.id], { finished: false });
    await finished(s, other.id, 1, 1, s.students[1]);
    // A hand-in waiting too.
    const assignment = await t.factory.assignment(s.content.id, s.teacher.id);
    await t.factory.submission(assignment.id, s.student.id);

    const countOf = async () =>
      (await t.as(s.teacher.token).get('/api/teacher/online-classes')).body.data.find((c: { id: number }) => c.id === s.klass.id)
        .waiting_count;
    expect(await countOf()).toBe(3);
    await t.db.update(quizAttempts).set({ score: 4 }).where(eq(quizAttempts.id, waiting.id));
    expect(await countOf()).toBe(2);
  });

  it("counts a quiz's grade in its category of the Nilai Akhir", async () => {
    const s = await quizScene(t, { students: 2 });
    const categories = await copyDefaultCategories(t, s.klass.id);
    const sas = categories.find((c) => c.name === 'Sumatif Akhir Semester')!;
    const quiz = await quizOf(s, 'Ulangan Akhir', {
      categoryId: sas.id,
      showResults: 'never',
      closesAt: inHours(-1),
      opensAt: inHours(-3),
    });
    await finished(s, quiz.id, 1);

    const res = await t.as(s.teacher.token).get(`/api/teacher/online-classes/${s.klass.id}/report-grades`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.items).toContainEqual(expect.objectContaining({ key: `q${quiz.id}`, kind: 'quiz', category_id: sas.id }));
    const row = (id: number) => res.body.data.students.find((r: { student: { id: number } }) => r.student.id === id);
    expect(row(s.student.id).categories.find((c: { category_id: number }) => c.category_id === sas.id)).toMatchObject({
      average: 50,
      counted: [{ key: `q${quiz.id}`, score: 50, missing: false }],
    });
    // Closed without an attempt: missing, counted as 0 in that category.
    expect(row(s.students[1]!.id).categories.find((c: { category_id: number }) => c.category_id === sas.id)).toMatchObject({
      average: 0,
      counted: [{ key: `q${quiz.id}`, score: 0, missing: true }],
    });
  });
});
