/**
 * GET /api/student/upcoming-quizzes (issue 23): the quizzes on the student's dashboard. Only what the
 * student can still take in the classes of their rombel, by closing time; the quiz page itself
 * (GET …/quizzes/:quizId) agrees on every quiz.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { QUIZ_MSG } from '@kelasku/contract';
import { lessons, onlineClasses, quizAttempts, quizzes } from '../src/db/schema.js';
import { useTestApp } from './helpers.js';
import { statementsDuring } from './admin-access.js';
import { expectOtherRolesRefused } from './assignment-scene.js';
import { quizScene } from './quiz-scene.js';

const t = useTestApp();
const UPCOMING = '/api/student/upcoming-quizzes';
const HOUR = 3600_000;
const inHours = (h: number) => new Date(Date.now() + h * HOUR);

type Settings = Partial<typeof quizzes.$inferInsert>;

describe('GET /api/student/upcoming-quizzes', () => {
  it('is for students only', async () => {
    const s = await quizScene(t);
    await expectOtherRolesRefused(t, [s.admin, s.teacher], [['GET', UPCOMING]]);
  });

  it('lists the quizzes the student can still take, by closing time, those that never close last', async () => {
    const s = await quizScene(t);
    const f = t.factory;
    const question = [s.q.mc.id];
    const quiz = async (title: string, settings: Settings = {}, lessonId = s.content.id, teacherId = s.teacher.id) => {
      const row = await f.quiz(lessonId, teacherId, question, { title });
      const [changed] = await t.db.update(quizzes).set(settings).where(eq(quizzes.id, row.id)).returning();
      return changed!;
    };
    // A second class of the student's rombel, taught by another teacher.
    const second = await f.onlineClass(s.otherTeacher.id, { rombelId: s.rombel.id, name: 'Basis Data' });
    const secondLesson = await f.content(second.id);

    // Listed.
    const soon = await quiz('Kuis Segera', { closesAt: inHours(2), timeLimitMinutes: 30 }, secondLesson.id, s.otherTeacher.id);
    const later = await quiz('Ulangan Besok', { opensAt: inHours(20), closesAt: inHours(22) });
    const forever = await quiz('Latihan Bebas', { attemptsAllowed: 0 });
    const running = await quiz('Sedang Dikerjakan', { closesAt: inHours(5), timeLimitMinutes: 60 });
    await t.db
      .insert(quizAttempts)
      .values({ quizId: running.id, studentId: s.student.id, number: 1, layout: [], dueAt: inHours(0.5), maxScore: 1 });
    const again = await quiz('Boleh Dua Kali', { attemptsAllowed: 2, closesAt: inHours(48) });
    await f.quizAttempt(again.id, s.student.id, question);
    const published = await quiz('Sudah Terbit', { publishAt: new Date(Date.now() - HOUR), closesAt: inHours(72) });
    // A classmate's attempts are theirs.
    const classmate = await f.student({ rombelId: s.rombel.id });
    await f.quizAttempt(soon.id, classmate.id, question);

    // Not listed: attempts used up, time of the attempt up, closed, a draft, scheduled, in a draft
    // content, in an archived class, in another rombel's class.
    const used = await quiz('Sudah Selesai', { closesAt: inHours(3) });
    await f.quizAttempt(used.id, s.student.id, question);
    const timedOut = await quiz('Waktu Habis', { closesAt: inHours(4), timeLimitMinutes: 10 });
    await t.db
      .insert(quizAttempts)
      .values({ quizId: timedOut.id, studentId: s.student.id, number: 1, layout: [], dueAt: new Date(Date.now() - 1000), maxScore: 1 });
    const closed = await quiz('Sudah Ditutup', { opensAt: inHours(-5), closesAt: new Date(Date.now() - 1000) });
    const draft = await quiz('Masih Draf', { hidden: true, closesAt: inHours(1) });
    const scheduled = await quiz('Terjadwal', { publishAt: inHours(1), closesAt: inHours(6) });
    const hiddenLesson = await f.content(s.klass.id);
    await t.db.update(lessons).set({ hidden: true }).where(eq(lessons.id, hiddenLesson.id));
    const inDraftLesson = await quiz('Di Konten Draf', { closesAt: inHours(1) }, hiddenLesson.id);
    const archived = await f.onlineClass(s.teacher.id, { rombelId: s.rombel.id, name: 'Kelas Lama' });
    const archivedLesson = await f.content(archived.id);
    const inArchived = await quiz('Kelas Diarsipkan', { closesAt: inHours(1) }, archivedLesson.id);
    await t.db.update(onlineClasses).set({ archivedAt: new Date() }).where(eq(onlineClasses.id, archived.id));
    const foreign = await quiz('Rombel Lain', { closesAt: inHours(1) }, s.otherLesson.id, s.otherTeacher.id);

    const res = await t.as(s.student.token).get(UPCOMING);
    expect(res.status).toBe(200);
    const own = { id: s.klass.id, name: s.klass.name };
    const iso = (d: Date | null) => d?.toISOString() ?? null;
    expect(res.body).toEqual({
      success: true,
      data: [
        {
          id: soon.id,
          title: 'Kuis Segera',
          content_id: secondLesson.id,
          online_class: { id: second.id, name: 'Basis Data' },
          opens_at: null,
          closes_at: iso(soon.closesAt),
          time_limit: 30,
          attempts_left: 1,
          in_progress: false,
        },
        {
          id: running.id,
          title: 'Sedang Dikerjakan',
          content_id: s.content.id,
          online_class: own,
          opens_at: null,
          closes_at: iso(running.closesAt),
          time_limit: 60,
          attempts_left: 0,
          in_progress: true,
        },
        {
          id: later.id,
          title: 'Ulangan Besok',
          content_id: s.content.id,
          online_class: own,
          opens_at: iso(later.opensAt),
          closes_at: iso(later.closesAt),
          time_limit: null,
          attempts_left: 1,
          in_progress: false,
        },
        expect.objectContaining({ id: again.id, attempts_left: 1, in_progress: false }),
        expect.objectContaining({ id: published.id, attempts_left: 1 }),
        {
          id: forever.id,
          title: 'Latihan Bebas',
          content_id: s.content.id,
          online_class: own,
          opens_at: null,
          closes_at: null,
          time_limit: null,
          attempts_left: null,
          in_progress: false,
        },
      ],
    });

    // The quiz page agrees: each listed quiz may be started (or continued, or opens later); the
    // others cannot be started, or are not there for this student at all.
    const page = (q: { id: number; lessonId: number }, classId: number) =>
      t.as(s.student.token).get(`/api/student/my-classes/${classId}/contents/${q.lessonId}/quizzes/${q.id}`);
    const classOf = new Map([
      [s.content.id, s.klass.id],
      [secondLesson.id, second.id],
      [hiddenLesson.id, s.klass.id],
      [archivedLesson.id, archived.id],
      [s.otherLesson.id, s.otherClass.id],
    ]);
    for (const q of [soon, running, later, again, published, forever]) {
      const intro = (await page(q, classOf.get(q.lessonId)!)).body.data;
      expect(intro.can_start || intro.open_attempt_id !== null || intro.reason_if_not === QUIZ_MSG.notOpen, q.title).toBe(true);
    }
    for (const [q, reason] of [
      [used, QUIZ_MSG.attemptsUsed],
      [timedOut, QUIZ_MSG.attemptsUsed],
      [closed, QUIZ_MSG.closed],
    ] as const) {
      const intro = (await page(q, classOf.get(q.lessonId)!)).body.data;
      expect([intro.can_start, intro.reason_if_not], q.title).toEqual([false, reason]);
    }
    for (const q of [draft, scheduled, inDraftLesson, inArchived, foreign]) {
      expect((await page(q, classOf.get(q.lessonId)!)).status, q.title).toBe(404);
    }

    // The other rombel's student sees their own class's quiz only. The student's attempts are theirs
    // alone: the classmate has used "Kuis Segera" and has all the others still to take.
    const outsider = await t.as(s.outsider.token).get(UPCOMING);
    expect(outsider.body.data.map((q: { id: number }) => q.id)).toEqual([foreign.id]);
    const theirs = await t.as(classmate.token).get(UPCOMING);
    expect(theirs.body.data.map((q: { id: number }) => q.id)).toEqual([
      used.id,
      timedOut.id,
      running.id,
      later.id,
      again.id,
      published.id,
      forever.id,
    ]);
    expect(theirs.body.data[2]).toMatchObject({ in_progress: false, attempts_left: 1 });
    expect(theirs.body.data[4]).toMatchObject({ attempts_left: 2 });
  });

  it('drops a quiz once its last attempt is handed in, and is empty for a student without a rombel', async () => {
    const s = await quizScene(t);
    const row = await t.factory.quiz(s.content.id, s.teacher.id, [s.q.tf.id], { closesAt: inHours(3) });
    const student = t.as(s.student.token);
    expect((await student.get(UPCOMING)).body.data.map((q: { id: number }) => q.id)).toEqual([row.id]);
    const base = `${s.studentBase}/${row.id}/attempts`;
    const started = await student.post(base);
    expect(started.status).toBe(201);
    expect((await student.get(UPCOMING)).body.data).toEqual([expect.objectContaining({ id: row.id, in_progress: true, attempts_left: 0 })]);
    expect((await student.post(`${base}/${started.body.data.id}/submit`)).status).toBe(200);
    expect((await student.get(UPCOMING)).body.data).toEqual([]);

    const loner = await t.factory.student({ rombelId: null });
    const res = await t.as(loner.token).get(UPCOMING);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: [] });
  });

  it('runs the same number of statements for 1 and for 12 quizzes with attempts', async () => {
    const counts: number[] = [];
    for (const n of [1, 12]) {
      const s = await quizScene(t);
      for (let i = 0; i < n; i++) {
        const row = await t.factory.quiz(s.content.id, s.teacher.id, [s.q.mc.id], { attemptsAllowed: 3, closesAt: inHours(i + 1) });
        await t.factory.quizAttempt(row.id, s.student.id, [s.q.mc.id]);
      }
      let res: { body: { data: unknown[] } } | undefined;
      counts.push(await statementsDuring(t, async () => (res = await t.as(s.student.token).get(UPCOMING))));
      expect(res!.body.data).toHaveLength(n);
    }
    expect(counts[0]).toBe(counts[1]);
  });
});
