import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ASSIGNMENT_MSG, MSG } from '@kelasku/contract';
import { samples, useTestApp } from './helpers.js';
import { statementsDuring } from './admin-access.js';
import { assignmentScene, expectNotFound, expectOtherRolesRefused, submissionRows, submit, type Scene } from './assignment-scene.js';
import { students, users } from '../src/db/schema.js';
import type { Tx } from '../src/db/client.js';
import { gradeSubmission } from '../src/features/grading/queries.js';
import { writeHandIn } from '../src/features/submissions/queries.js';

const t = useTestApp();
const LISTS = ['unsubmitted', 'ungrading', 'graded'] as const;

describe('access', () => {
  it('refuses the grading endpoints to admins and students (403) and without a token (401)', async () => {
    const s = await assignmentScene(t);
    await t.factory.submission(s.assignment.id, s.student.id);
    await expectOtherRolesRefused(
      t,
      [s.admin, s.student],
      [
        ...LISTS.map((l) => ['GET', `${s.assignmentUrl}/${l}`] as ['GET', string]),
        ['POST', `${s.assignmentUrl}/grade`, { student_id: s.student.id, score: 100 }],
      ],
    );
    expect((await submissionRows(t, s.assignment.id))[0]!.score).toBeNull();
  });

  it("answers 404 to another teacher and for another class's assignment in the path", async () => {
    const s = await assignmentScene(t);
    await t.factory.submission(s.assignment.id, s.student.id);
    const calls = (url: string) => [
      ...LISTS.map((l) => ['GET', `${url}/${l}`] as ['GET', string]),
      ['POST', `${url}/grade`, { student_id: s.student.id, score: 90 }] as ['POST', string, unknown],
    ];
    await expectNotFound(t, s.otherTeacher.token, calls(s.assignmentUrl));
    const foreign = `/api/teacher/online-classes/${s.klass.id}/contents/${s.content.id}/assignments/${s.otherAssignment.id}`;
    await expectNotFound(t, s.teacher.token, calls(foreign));
    expect((await submissionRows(t, s.assignment.id))[0]!.score).toBeNull();
  });
});

describe('grading lists', () => {
  it("splits the rombel's students into Ditugaskan, Diserahkan and Dinilai, by name, with their submissions", async () => {
    const s = await assignmentScene(t, { students: 4 });
    const [a, b, c, d] = s.students;
    await t.db.update(users).set({ name: 'dewi' }).where(eq(users.id, a!.id));
    await t.db.update(users).set({ name: 'Budi' }).where(eq(users.id, b!.id));
    await t.db.update(users).set({ name: 'Citra' }).where(eq(users.id, c!.id));
    await t.db.update(users).set({ name: 'Ani' }).where(eq(users.id, d!.id));
    const late = new Date(s.assignment.deadline.getTime() + 60_000);
    const onTime = new Date(s.assignment.deadline.getTime() - 60_000);
    await t.factory.submission(s.assignment.id, a!.id, { submittedAt: late });
    await t.factory.submission(s.assignment.id, c!.id, { submittedAt: onTime, score: 0 });
    await t.factory.submission(s.assignment.id, b!.id, { submittedAt: s.assignment.deadline });
    // Another assignment's and another rombel's submissions do not count.
    await t.factory.submission(s.otherAssignment.id, s.outsider.id);

    const get = async (l: string) => {
      const res = await t.as(s.teacher.token).get(`${s.assignmentUrl}/${l}`);
      expect(res.status).toBe(200);
      return res.body.data as any[];
    };
    const unsubmitted = await get('unsubmitted');
    expect(unsubmitted).toEqual([{ student_id: d!.id, name: 'Ani', nis: '1234', avatar: null, extended: false, submission: null }]);

    const ungrading = await get('ungrading');
    expect(ungrading.map((e) => e.name)).toEqual(['Budi', 'dewi']);
    const budi = ungrading[0];
    expect(budi.submission).toEqual({
      files: [
        {
          file_id: expect.any(Number),
          file: expect.stringMatching(/^\/api\/files\/\d+\?e=\d+&s=/),
          filename: 'jawaban.pdf',
          file_extension: 'pdf',
          size: expect.any(Number),
          mime: 'application/pdf',
        },
      ],
      has_text: false,
      score: null,
      submitted_at: s.assignment.deadline.toISOString(),
      graded_at: null,
      returned_at: null,
      revision: expect.any(Number),
      status_id: 2,
      status: 'Sudah Mengumpulkan',
    });
    expect(ungrading[1].submission).toMatchObject({ status_id: 3, status: 'Terlambat', score: null });
    // The signed link opens the handed-in file.
    const file = await t.app.inject({ method: 'GET', url: budi.submission.files[0].file });
    expect(file.statusCode).toBe(200);

    const graded = await get('graded');
    expect(graded.map((e) => [e.name, e.submission.score, e.submission.status_id])).toEqual([['Citra', 0, 2]]);
  });

  it('runs the same number of statements for a class of 3 and of 30 students', async () => {
    const counts: Record<string, number[]> = { unsubmitted: [], ungrading: [], graded: [] };
    for (const n of [3, 30]) {
      const s = await assignmentScene(t, { students: n });
      for (const [i, st] of s.students.entries()) {
        if (i % 3 === 0) continue;
        await t.factory.submission(s.assignment.id, st.id, { score: i % 3 === 1 ? 75 : null });
      }
      for (const l of LISTS) {
        let res: any;
        counts[l]!.push(await statementsDuring(t, async () => (res = await t.as(s.teacher.token).get(`${s.assignmentUrl}/${l}`))));
        expect(res.body.data.length).toBe(n / 3);
      }
    }
    for (const l of LISTS) expect(counts[l]![0], l).toBe(counts[l]![1]);
  });
});

describe('POST …/assignments/{id}/grade', () => {
  it('grades a handed-in submission with 0 and 100, moves it to Dinilai, and grading again changes the score', async () => {
    const s = await assignmentScene(t, { students: 2 });
    const [a, b] = s.students;
    await t.factory.submission(s.assignment.id, a!.id);
    await t.factory.submission(s.assignment.id, b!.id);
    const zero = await t.as(s.teacher.token).post(`${s.assignmentUrl}/grade`, { student_id: a!.id, score: 0 });
    expect(zero.status).toBe(200);
    expect(zero.body.message).toBe(ASSIGNMENT_MSG.graded);
    expect(zero.body.data).toMatchObject({ student_id: a!.id, submission: { score: 0, graded_at: expect.any(String) } });
    const hundred = await t.as(s.teacher.token).post(`${s.assignmentUrl}/grade`, { student_id: b!.id, score: 100 });
    expect(hundred.status).toBe(200);
    expect(hundred.body.data.submission.score).toBe(100);
    const again = await t.as(s.teacher.token).post(`${s.assignmentUrl}/grade`, { student_id: a!.id, score: '85' });
    expect(again.status).toBe(200);
    expect(again.body.data.submission.score).toBe(85);
    const graded = await t.as(s.teacher.token).get(`${s.assignmentUrl}/graded`);
    expect(graded.body.data.map((e: any) => [e.student_id, e.submission.score]).sort()).toEqual(
      [
        [a!.id, 85],
        [b!.id, 100],
      ].sort(),
    );
    expect((await t.as(s.teacher.token).get(`${s.assignmentUrl}/ungrading`)).body.data).toEqual([]);
    // The student sees the score and "Sudah dinilai".
    const mine = await t.as(a!.token).get(`/api/student/submissions/${s.assignment.id}`);
    expect(mine.body.data.submission).toMatchObject({ score: 85, grading_status: 'Sudah dinilai' });
  });

  it('refuses scores outside 0–100 and non-integers with the SPEC message', async () => {
    const s = await assignmentScene(t);
    await t.factory.submission(s.assignment.id, s.student.id);
    for (const score of [-1, 101, 50.5, 'abc', '12x', true, [50]]) {
      const res = await t.as(s.teacher.token).post(`${s.assignmentUrl}/grade`, { student_id: s.student.id, score });
      expect(res.status, JSON.stringify(score)).toBe(422);
      expect(res.body).toEqual({ success: false, message: MSG.scoreRange, errors: { score: [MSG.scoreRange] } });
    }
    const missing = await t.as(s.teacher.token).post(`${s.assignmentUrl}/grade`, { student_id: s.student.id });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ score: [MSG.required] });
    expect((await submissionRows(t, s.assignment.id))[0]!.score).toBeNull();
  });

  it("grades only a student of the class's rombel who handed in", async () => {
    const s = await assignmentScene(t, { students: 2 });
    const [handedIn, idle] = s.students;
    await t.factory.submission(s.assignment.id, handedIn!.id);
    await t.factory.submission(s.otherAssignment.id, s.outsider.id);
    const notSubmitted = await t.as(s.teacher.token).post(`${s.assignmentUrl}/grade`, { student_id: idle!.id, score: 70 });
    expect(notSubmitted.status).toBe(422);
    expect(notSubmitted.body).toEqual({ success: false, message: MSG.notSubmitted, errors: { student_id: [MSG.notSubmitted] } });
    for (const studentId of [s.outsider.id, s.teacher.id, 999999]) {
      const res = await t.as(s.teacher.token).post(`${s.assignmentUrl}/grade`, { student_id: studentId, score: 70 });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({
        success: false,
        message: ASSIGNMENT_MSG.studentNotInClass,
        errors: { student_id: [ASSIGNMENT_MSG.studentNotInClass] },
      });
    }
    // A student who handed in and then moved to another rombel is no longer in the class.
    const moved = await t.factory.student({ rombelId: s.rombel.id });
    await t.factory.submission(s.assignment.id, moved.id);
    await t.db.update(students).set({ rombelClassId: s.otherRombel.id }).where(eq(students.userId, moved.id));
    const movedRes = await t.as(s.teacher.token).post(`${s.assignmentUrl}/grade`, { student_id: moved.id, score: 70 });
    expect(movedRes.status).toBe(422);
    expect(movedRes.body.message).toBe(ASSIGNMENT_MSG.studentNotInClass);
    const missing = await t.as(s.teacher.token).post(`${s.assignmentUrl}/grade`, { score: 70 });
    expect(missing.body.errors).toEqual({ student_id: [MSG.required] });
    const outsiderRow = (await submissionRows(t, s.otherAssignment.id))[0]!;
    expect(outsiderRow.score).toBeNull();
  });
});

describe('grading and replacing at the same time', () => {
  it('grades only the work the teacher saw (revision): a hand-in made meanwhile is refused with 409', async () => {
    const s = await assignmentScene(t);
    await submit(t, s.student.token, s.assignment.id, samples.pdf('versi 1'), 'v1.pdf');
    const seen = (await t.as(s.teacher.token).get(`${s.assignmentUrl}/ungrading`)).body.data[0].submission.revision;
    await submit(t, s.student.token, s.assignment.id, samples.pdf('versi 2'), 'v2.pdf');
    const res = await t.as(s.teacher.token).post(`${s.assignmentUrl}/grade`, { student_id: s.student.id, score: 90, revision: seen });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ success: false, message: ASSIGNMENT_MSG.fileChanged, errors: { revision: [ASSIGNMENT_MSG.fileChanged] } });
    const [row] = await submissionRows(t, s.assignment.id);
    expect(row!.score).toBeNull();
    const current = (await t.as(s.teacher.token).get(`${s.assignmentUrl}/ungrading`)).body.data[0].submission;
    expect(current.files.map((f: any) => f.filename)).toEqual(['v2.pdf']);
    expect(current.revision).not.toBe(seen);
    const ok = await t
      .as(s.teacher.token)
      .post(`${s.assignmentUrl}/grade`, { student_id: s.student.id, score: 90, revision: current.revision });
    expect(ok.status).toBe(200);
    expect(ok.body.data.submission).toMatchObject({ score: 90, revision: current.revision });
    expect(ok.body.data.submission.files.map((f: any) => f.filename)).toEqual(['v2.pdf']);
  });

  it('never leaves a graded submission with work the teacher did not see when both race', async () => {
    const s = await assignmentScene(t, { students: 6 });
    for (const [i, st] of s.students.entries()) {
      await submit(t, st.token, s.assignment.id, samples.pdf(`lama ${i}`), 'lama.pdf');
      const [before] = (await submissionRows(t, s.assignment.id)).filter((r) => r.studentId === st.id);
      const [grade, replace] = await Promise.all([
        t.as(s.teacher.token).post(`${s.assignmentUrl}/grade`, { student_id: st.id, score: 77, revision: before!.revision }),
        submit(t, st.token, s.assignment.id, samples.pdf(`baru ${i}`), 'baru.pdf'),
      ]);
      const [row] = (await submissionRows(t, s.assignment.id)).filter((r) => r.studentId === st.id);
      // Exactly one of them wins.
      expect([grade.status, replace.status].sort()).toEqual([200, 409]);
      if (grade.status === 200) {
        expect(replace.body.message).toBe(MSG.gradedLocked);
        expect(row).toMatchObject({ score: 77, revision: before!.revision, fileIds: before!.fileIds });
      } else {
        expect(grade.body.message).toBe(ASSIGNMENT_MSG.fileChanged);
        expect(row!.score).toBeNull();
        expect(row!.revision).not.toBe(before!.revision);
        expect(row!.fileIds).toHaveLength(1);
        expect(row!.fileIds).not.toEqual(before!.fileIds);
      }
    }
  });
});

describe('grading and replacing at the same time, inside the database', () => {
  /** Runs `first` in a transaction held open until `second` has been started, then commits it. */
  async function overlap<A, B>(first: (tx: Tx) => Promise<A>, second: () => Promise<B>) {
    let holding!: () => void;
    const held = new Promise<void>((r) => (holding = r));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const a = t.db.transaction(async (tx) => {
      const out = await first(tx);
      holding();
      await gate;
      return out;
    });
    await held;
    const b = second().then(
      (v) => ({ ok: true as const, v }),
      (e: unknown) => ({ ok: false as const, e }),
    );
    await new Promise((r) => setTimeout(r, 100));
    release();
    return { first: await a, second: await b };
  }

  async function handedIn() {
    const s = await assignmentScene(t);
    await submit(t, s.student.token, s.assignment.id, samples.pdf('lama'), 'lama.pdf');
    const [row] = await submissionRows(t, s.assignment.id);
    return { s, seen: row!.revision, seenFiles: row!.fileIds };
  }

  const newFile = async (tx: Tx) =>
    t.app.files.record(tx, await t.app.files.receiveBuffer('baru.pdf', 'application/pdf', samples.pdf('baru')));
  const grade = (db: Tx | typeof t.db, s: Scene, seen: number) =>
    gradeSubmission(db, {
      assignmentId: s.assignment.id,
      rombelId: s.rombel.id,
      studentId: s.student.id,
      score: 60,
      feedback: null,
      seenRevision: seen,
    });
  const handIn = async (s: Scene, tx: Tx, fileId: number) =>
    writeHandIn(tx, { assignmentId: s.assignment.id, studentId: s.student.id, newFileIds: [fileId], keep: undefined, text: null });

  it('a grade waiting for a hand-in in progress finds the work changed and grades nothing', async () => {
    const { s, seen, seenFiles } = await handedIn();
    const out = await overlap(
      async (tx) => handIn(s, tx, await newFile(tx)),
      () => grade(t.db, s, seen),
    );
    expect(out.first).toEqual({ created: false, released: seenFiles });
    expect(out.second).toEqual({ ok: true, v: 'changed' });
    const [row] = await submissionRows(t, s.assignment.id);
    expect(row!.score).toBeNull();
    expect(row!.revision).not.toBe(seen);
    expect(row!.fileIds).not.toEqual(seenFiles);
  });

  it('a hand-in waiting for a grade in progress is refused as graded', async () => {
    const { s, seen, seenFiles } = await handedIn();
    let stored: number | null = null;
    const out = await overlap(
      (tx) => grade(tx, s, seen),
      () =>
        t.db.transaction(async (tx) => {
          stored = await newFile(tx);
          return handIn(s, tx, stored);
        }),
    );
    expect(out.first).toBe('graded');
    expect(out.second.ok).toBe(false);
    expect((out.second as { e: { statusCode: number; message: string } }).e).toMatchObject({ statusCode: 409, message: MSG.gradedLocked });
    const [row] = await submissionRows(t, s.assignment.id);
    expect(row).toMatchObject({ score: 60, revision: seen, fileIds: seenFiles });
    expect(stored).not.toBeNull();
  });
});
