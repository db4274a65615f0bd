import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ASSIGNMENT_MSG, GRADING_STATUS, LIMITS, MSG, SUBMISSION_MSG, SUBMISSION_STATUS } from '@kelasku/contract';
import { samples, useTestApp, type TestContext } from './helpers.js';
import { assignmentScene, expectNotFound, fileCounts, submissionRows, type Scene } from './assignment-scene.js';
import { assignments, submissionVersions } from '../src/db/schema.js';

const t = useTestApp();
const url = (id: number) => `/api/student/submissions/${id}`;
const HOUR = 3600_000;

type Part = { field?: string; name: string; data: Buffer };

/** A multipart hand-in with any number of files (all in the field `files` unless told) and text fields. */
function handIn(t: TestContext, token: string, assignmentId: number, files: Part[], fields: Record<string, string> = {}) {
  const boundary = `----loop${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'files'}"; filename="${f.name}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return t.as(token).request('POST', url(assignmentId), Buffer.concat(chunks), {
    'content-type': `multipart/form-data; boundary=${boundary}`,
  });
}

const photo = (i: number): Part => ({ name: `foto-${i}.png`, data: samples.png() });
const photos = (n: number) => Array.from({ length: n }, (_, i) => photo(i + 1));
const teacher = (s: Scene) => t.as(s.teacher.token);
const studentUrl = (s: Scene, studentId = s.student.id) => `${s.assignmentUrl}/students/${studentId}`;

describe('handing in several files and a text answer', () => {
  it('keeps three photos and the answer, in order, for the student and the teacher', async () => {
    const s = await assignmentScene(t);
    const res = await handIn(t, s.student.token, s.assignment.id, photos(3), { text: 'Jawaban saya ada di foto.' });
    expect(res.status).toBe(201);
    const sub = res.body.data.submission;
    expect(sub.files.map((f: { filename: string }) => f.filename)).toEqual(['foto-1.png', 'foto-2.png', 'foto-3.png']);
    expect(sub).toMatchObject({
      text_answer: 'Jawaban saya ada di foto.',
      status_id: 2,
      status: SUBMISSION_STATUS[2],
      grading_status: GRADING_STATUS.waiting,
      state: 'done',
      can_unsubmit: true,
    });
    expect(sub.files[0].mime).toBe('image/png');

    const column = (await teacher(s).get(`${s.assignmentUrl}/ungrading`)).body.data;
    expect(column).toHaveLength(1);
    expect(column[0].submission.files).toHaveLength(3);
    expect(column[0].submission.has_text).toBe(true);
    const work = (await teacher(s).get(studentUrl(s))).body.data;
    expect(work.submission.text_answer).toBe('Jawaban saya ada di foto.');
    // The signed links open the photos.
    const opened = await t.as().get(work.submission.files[1].file);
    expect(opened.status).toBe(200);
  });

  it('takes a text answer alone, and refuses a hand-in with neither file nor text (422)', async () => {
    const s = await assignmentScene(t);
    const empty = await handIn(t, s.student.token, s.assignment.id, [], { text: '   ' });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.files).toEqual([SUBMISSION_MSG.empty]);
    expect(await submissionRows(t, s.assignment.id)).toEqual([]);
    const text = await handIn(t, s.student.token, s.assignment.id, [], { text: 'Jawaban singkat' });
    expect(text.status).toBe(201);
    expect(text.body.data.submission).toMatchObject({ files: [], text_answer: 'Jawaban singkat', status_id: 2 });
  });

  /** A first hand-in that is refused with `status` and `message`, leaving no file and no row. */
  const refusedFirst = async (files: Part[], status: number, message: (body: any) => unknown, expected: unknown) => {
    const s = await assignmentScene(t);
    const before = await fileCounts(t);
    const res = await handIn(t, s.student.token, s.assignment.id, files);
    expect(res.status).toBe(status);
    expect(message(res.body)).toEqual(expected);
    expect(await fileCounts(t)).toEqual(before);
    expect(await submissionRows(t, s.assignment.id)).toEqual([]);
  };

  it('refuses 11 files (422) and stores none of them', async () => {
    await refusedFirst(photos(11), 422, (b) => b.errors.files, [SUBMISSION_MSG.tooManyFiles]);
  });

  it('refuses more than 10 files counting the kept ones', async () => {
    const s = await assignmentScene(t);
    const first = await handIn(t, s.student.token, s.assignment.id, photos(6));
    const keep = first.body.data.submission.files.map((f: { file_id: number }) => f.file_id).join(',');
    const before = await fileCounts(t);
    const res = await handIn(t, s.student.token, s.assignment.id, photos(5), { keep });
    expect(res.status).toBe(422);
    expect(res.body.errors.files).toEqual([SUBMISSION_MSG.tooManyFiles]);
    expect(await fileCounts(t)).toEqual(before);
    expect((await submissionRows(t, s.assignment.id))[0]!.fileIds).toHaveLength(6);
  });

  it('refuses 101 MB together (413) though each file is within 50 MB, storing nothing', async () => {
    const big = (n: number) => Buffer.concat([samples.pdf(`besar ${n}`), Buffer.alloc(LIMITS.fileBytes - 400 * 1024, 0x20)]);
    const files = [
      { name: 'a.pdf', data: big(1) },
      { name: 'b.pdf', data: big(2) },
      { name: 'c.pdf', data: samples.pdf('kecil') },
      { name: 'd.pdf', data: Buffer.concat([samples.pdf('d'), Buffer.alloc(1024 * 1024, 0x20)]) },
    ];
    await refusedFirst(files, 413, (b) => b.message, SUBMISSION_MSG.totalTooLarge);
  });

  it('refuses a file of a refused kind among good ones (415) and stores none of them', async () => {
    await refusedFirst([photo(1), { name: 'virus.exe', data: samples.exe() }, photo(2)], 415, (b) => b.message, MSG.fileType);
  });

  it('replaces ungraded work: kept files stay, the others are removed, new ones are added after the kept', async () => {
    const s = await assignmentScene(t);
    const first = (await handIn(t, s.student.token, s.assignment.id, photos(3), { text: 'v1' })).body.data.submission;
    const [a, b, c] = first.files.map((f: { file_id: number }) => f.file_id);
    const before = await fileCounts(t);
    const res = await handIn(t, s.student.token, s.assignment.id, [{ name: 'tambahan.pdf', data: samples.pdf('tambahan') }], {
      keep: `${c},${a}`,
      text: 'v2',
    });
    expect(res.status).toBe(200);
    const sub = res.body.data.submission;
    expect(sub.files.map((f: { file_id: number }) => f.file_id).slice(0, 2)).toEqual([c, a]);
    expect(sub.files[2].filename).toBe('tambahan.pdf');
    expect(sub).toMatchObject({ text_answer: 'v2', version: 1, history: [] });
    expect(sub.revision).toBe(first.revision + 1);
    // foto-2 is gone (row and bytes), the new one is stored: the count stays.
    expect(await fileCounts(t)).toEqual(before);
    expect((await t.as(s.student.token).get(first.files[1].file)).status).toBe(404);
    expect(b).not.toBe(a);
  });

  it('refuses to keep a file that is not part of the current work (422), storing nothing', async () => {
    const s = await assignmentScene(t);
    const other = await assignmentScene(t);
    const theirs = (await handIn(t, other.student.token, other.assignment.id, photos(1))).body.data.submission.files[0].file_id;
    await handIn(t, s.student.token, s.assignment.id, photos(1));
    const before = await fileCounts(t);
    const res = await handIn(t, s.student.token, s.assignment.id, photos(1), { keep: String(theirs) });
    expect(res.status).toBe(422);
    expect(res.body.errors.keep).toEqual([SUBMISSION_MSG.unknownKeep]);
    expect(await fileCounts(t)).toEqual(before);
  });
});

describe('unsubmit ("Batalkan pengiriman")', () => {
  it('takes the work back: status 1, the teacher sees the student under Ditugaskan, the files stay for the student', async () => {
    const s = await assignmentScene(t);
    await handIn(t, s.student.token, s.assignment.id, photos(2), { text: 'draf' });
    const res = await t.as(s.student.token).delete(`${url(s.assignment.id)}/hand-in`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(SUBMISSION_MSG.unsubmitted);
    expect(res.body.data.submission).toMatchObject({
      status_id: 1,
      status: SUBMISSION_STATUS[1],
      grading_status: GRADING_STATUS.notSubmitted,
      submitted_at: null,
      text_answer: 'draf',
      can_unsubmit: false,
      can_hand_in: true,
    });
    expect(res.body.data.submission.files).toHaveLength(2);
    const ids = (r: { body: { data: Array<{ student_id: number }> } }) => r.body.data.map((e) => e.student_id);
    expect(ids(await teacher(s).get(`${s.assignmentUrl}/unsubmitted`))).toContain(s.student.id);
    expect(ids(await teacher(s).get(`${s.assignmentUrl}/ungrading`))).toEqual([]);
    // The teacher cannot grade work that is not handed in.
    const grade = await teacher(s).post(`${s.assignmentUrl}/grade`, { student_id: s.student.id, score: 80 });
    expect(grade.status).toBe(422);
    expect(grade.body.errors.student_id).toEqual([MSG.notSubmitted]);
    // Handing in again with the same files needs no upload.
    const keep = res.body.data.submission.files.map((f: { file_id: number }) => f.file_id).join(',');
    const again = await handIn(t, s.student.token, s.assignment.id, [], { keep, text: 'final' });
    expect(again.status).toBe(200);
    expect(again.body.data.submission).toMatchObject({ status_id: 2, text_answer: 'final' });
    expect(again.body.data.submission.files).toHaveLength(2);
  });

  it('is refused after grading (409) and when nothing is handed in (409)', async () => {
    const s = await assignmentScene(t);
    const none = await t.as(s.student.token).delete(`${url(s.assignment.id)}/hand-in`);
    expect(none.status).toBe(409);
    expect(none.body.message).toBe(SUBMISSION_MSG.notHandedIn);
    await handIn(t, s.student.token, s.assignment.id, photos(1));
    await teacher(s).post(`${s.assignmentUrl}/grade`, { student_id: s.student.id, score: 70 });
    const graded = await t.as(s.student.token).delete(`${url(s.assignment.id)}/hand-in`);
    expect(graded.status).toBe(409);
    expect(graded.body.message).toBe(MSG.gradedLocked);
    expect((await submissionRows(t, s.assignment.id))[0]!.submittedAt).not.toBeNull();
  });

  it('marks lateness by the last hand-in', async () => {
    const s = await assignmentScene(t, { deadline: new Date(Date.now() + HOUR) });
    const onTime = await handIn(t, s.student.token, s.assignment.id, photos(1));
    expect(onTime.body.data.submission.status_id).toBe(2);
    await t.as(s.student.token).delete(`${url(s.assignment.id)}/hand-in`);
    await t.db
      .update(assignments)
      .set({ deadline: new Date(Date.now() - HOUR) })
      .where(eq(assignments.id, s.assignment.id));
    const keep = onTime.body.data.submission.files[0].file_id;
    const late = await handIn(t, s.student.token, s.assignment.id, [], { keep: String(keep) });
    expect(late.body.data.submission).toMatchObject({ status_id: 3, status: SUBMISSION_STATUS[3] });
  });
});

describe('closing time and extensions', () => {
  const closed = async () => {
    const s = await assignmentScene(t, { deadline: new Date(Date.now() - 2 * HOUR) });
    await t.db
      .update(assignments)
      .set({ closesAt: new Date(Date.now() - HOUR) })
      .where(eq(assignments.id, s.assignment.id));
    return s;
  };

  it('refuses a hand-in after the closing time with a clear message (409), storing nothing', async () => {
    const s = await closed();
    const before = await fileCounts(t);
    const res = await handIn(t, s.student.token, s.assignment.id, photos(2));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(SUBMISSION_MSG.closed);
    expect(await fileCounts(t)).toEqual(before);
    const view = (await t.as(s.student.token).get(url(s.assignment.id))).body.data;
    expect(view.submission).toMatchObject({ can_hand_in: false, state: 'late', extended: false });
    expect(view.closes_at).not.toBeNull();
  });

  it("an extension moves this student's deadline and closing time, and only theirs", async () => {
    const s = await closed();
    const [other] = [await t.factory.student({ rombelId: s.rombel.id })];
    const deadline = new Date(Date.now() + 24 * HOUR).toISOString();
    const res = await teacher(s).put(`${studentUrl(s)}/extension`, { deadline, closes_at: null });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(ASSIGNMENT_MSG.extended);
    expect(res.body.data.submission).toMatchObject({ extended: true, deadline, closes_at: null, can_hand_in: true, state: 'todo' });
    // The contents list puts each student's own state beside the link: to do against the extension,
    // late for the classmate without one.
    const linkOf = async (token: string) =>
      (await t.as(token).get(`/api/student/my-classes/${s.klass.id}/contents`)).body.data[0].assignment[0];
    expect(await linkOf(s.student.token)).toMatchObject({ id: s.assignment.id, state: 'todo' });
    expect(await linkOf(other.token)).toMatchObject({ id: s.assignment.id, state: 'late' });
    const handed = await handIn(t, s.student.token, s.assignment.id, photos(1));
    expect(handed.status).toBe(201);
    expect(handed.body.data.submission.status_id).toBe(2); // on time against the extension
    const refused = await handIn(t, other.token, s.assignment.id, photos(1));
    expect(refused.status).toBe(409);
    const column = (await teacher(s).get(`${s.assignmentUrl}/ungrading`)).body.data;
    expect(column[0]).toMatchObject({ student_id: s.student.id, extended: true });
    // Removing it brings back the assignment's times: the hand-in now counts as late.
    const removed = await teacher(s).delete(`${studentUrl(s)}/extension`);
    expect(removed.body.message).toBe(ASSIGNMENT_MSG.extensionRemoved);
    expect(removed.body.data.submission).toMatchObject({ extended: false, status_id: 3 });
  });

  it('refuses an extension for a student of another rombel (404) and a closing time before the deadline (422)', async () => {
    const s = await closed();
    await expectNotFound(t, s.teacher.token, [
      ['PUT', `${studentUrl(s, s.outsider.id)}/extension`, { deadline: new Date(Date.now() + HOUR).toISOString() }],
      ['DELETE', `${studentUrl(s, s.outsider.id)}/extension`],
    ]);
    const bad = await teacher(s).put(`${studentUrl(s)}/extension`, {
      deadline: '2030-01-02T10:00:00+07:00',
      closes_at: '2030-01-01T10:00:00+07:00',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.closes_at).toEqual([ASSIGNMENT_MSG.closesBeforeDeadline]);
    const other = await teacher(s).put(
      `${s.assignmentUrl.replace(String(s.assignment.id), String(s.otherAssignment.id))}/students/${s.student.id}/extension`,
      {
        deadline: '2030-01-02T10:00:00+07:00',
      },
    );
    expect(other.status).toBe(404);
  });

  it('an assignment form with a closing time before the deadline is refused with the message on closes_at', async () => {
    const s = await assignmentScene(t);
    const create = (closes: string) =>
      teacher(s).post(s.assignmentsUrl, {
        title: 'Tugas',
        description: 'Kerjakan',
        deadline: '2030-01-02T23:59:00+07:00',
        closes_at: closes,
      });
    const res = await create('2030-01-02T12:00:00+07:00');
    expect(res.status).toBe(422);
    expect(res.body.errors.closes_at).toEqual([ASSIGNMENT_MSG.closesBeforeDeadline]);
    const ok = await create('2030-01-05T23:59:00+07:00');
    expect(ok.status).toBe(201);
    expect(ok.body.data.closes_at).toBe('2030-01-05T16:59:00.000Z');
  });
});

describe('grading with feedback, return and history', () => {
  it('grades with feedback, returns, and a new hand-in keeps the returned version in the history', async () => {
    const s = await assignmentScene(t);
    const v1 = (await handIn(t, s.student.token, s.assignment.id, photos(2), { text: 'versi 1' })).body.data.submission;
    const graded = await teacher(s).post(`${s.assignmentUrl}/grade`, {
      student_id: s.student.id,
      score: 65,
      feedback: 'Langkah 3 kurang lengkap.',
      revision: v1.revision,
    });
    expect(graded.status).toBe(200);
    // Graded and not returned: the student cannot change it.
    const locked = await handIn(t, s.student.token, s.assignment.id, photos(1));
    expect(locked.status).toBe(409);
    expect(locked.body.message).toBe(MSG.gradedLocked);

    const returned = await teacher(s).post(`${s.assignmentUrl}/return`, { student_id: s.student.id });
    expect(returned.status).toBe(200);
    expect(returned.body.message).toBe(ASSIGNMENT_MSG.returned);
    const mine = (await t.as(s.student.token).get(url(s.assignment.id))).body.data.submission;
    expect(mine).toMatchObject({
      score: 65,
      feedback: 'Langkah 3 kurang lengkap.',
      grading_status: GRADING_STATUS.returned,
      can_hand_in: true,
      can_unsubmit: false,
    });

    const keep = String(v1.files[0].file_id);
    const v2 = await handIn(t, s.student.token, s.assignment.id, photos(1), { keep, text: 'versi 2' });
    expect(v2.status).toBe(200);
    const sub = v2.body.data.submission;
    expect(sub).toMatchObject({ version: 2, score: null, feedback: null, returned_at: null, text_answer: 'versi 2' });
    expect(sub.files).toHaveLength(2);
    expect(sub.history).toHaveLength(1);
    expect(sub.history[0]).toMatchObject({ version: 1, score: 65, feedback: 'Langkah 3 kurang lengkap.', text_answer: 'versi 1' });
    expect(sub.history[0].files.map((f: { filename: string }) => f.filename)).toEqual(['foto-1.png', 'foto-2.png']);
    // The earlier version's files stay readable (both by the student and the teacher).
    expect((await t.as().get(sub.history[0].files[1].file)).status).toBe(200);
    const work = (await teacher(s).get(studentUrl(s))).body.data;
    expect(work.submission.history[0].score).toBe(65);
    const ungrading = (await teacher(s).get(`${s.assignmentUrl}/ungrading`)).body.data;
    expect(ungrading.map((e: { student_id: number }) => e.student_id)).toEqual([s.student.id]);
  });

  it('refuses to return ungraded work (409) and a student of another rombel (404)', async () => {
    const s = await assignmentScene(t);
    await handIn(t, s.student.token, s.assignment.id, photos(1));
    const res = await teacher(s).post(`${s.assignmentUrl}/return`, { student_id: s.student.id });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(ASSIGNMENT_MSG.returnUngraded);
    expect((await submissionRows(t, s.assignment.id))[0]!.returnedAt).toBeNull();
    await expectNotFound(t, s.teacher.token, [['POST', `${s.assignmentUrl}/return`, { student_id: s.outsider.id }]]);
  });

  it('grading while the student replaces files never grades the new files unseen and loses no version', async () => {
    const s = await assignmentScene(t, { students: 4 });
    for (const [i, st] of s.students.entries()) {
      const seen = (await handIn(t, st.token, s.assignment.id, photos(2), { text: `lama ${i}` })).body.data.submission;
      const [grade, replace] = await Promise.all([
        teacher(s).post(`${s.assignmentUrl}/grade`, { student_id: st.id, score: 77, revision: seen.revision }),
        handIn(t, st.token, s.assignment.id, [{ name: 'baru.pdf', data: samples.pdf(`baru ${i}`) }], { text: `baru ${i}` }),
      ]);
      expect([grade.status, replace.status].sort()).toEqual([200, 409]);
      const [row] = (await submissionRows(t, s.assignment.id)).filter((r) => r.studentId === st.id);
      if (grade.status === 200) {
        expect(replace.body.message).toBe(MSG.gradedLocked);
        expect(row).toMatchObject({ score: 77, textAnswer: `lama ${i}`, revision: seen.revision });
        expect(row!.fileIds).toEqual(seen.files.map((f: { file_id: number }) => f.file_id));
      } else {
        expect(grade.body.message).toBe(ASSIGNMENT_MSG.fileChanged);
        expect(row).toMatchObject({ score: null, textAnswer: `baru ${i}` });
      }
    }
  });

  it('moves between the students who handed in, by name', async () => {
    const s = await assignmentScene(t, { students: 3 });
    const byName = [...s.students].sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id - b.id);
    for (const st of s.students) await handIn(t, st.token, s.assignment.id, photos(1));
    const first = (await teacher(s).get(studentUrl(s, byName[0]!.id))).body.data;
    expect(first).toMatchObject({ previous_student_id: null, next_student_id: byName[1]!.id });
    const last = (await teacher(s).get(studentUrl(s, byName[2]!.id))).body.data;
    expect(last).toMatchObject({ previous_student_id: byName[1]!.id, next_student_id: null });
    await expectNotFound(t, s.teacher.token, [['GET', studentUrl(s, s.outsider.id)]]);
    await expectNotFound(t, s.otherTeacher.token, [['GET', studentUrl(s)]]);
  });

  it('keeps the returned versions when the assignment has many rounds', async () => {
    const s = await assignmentScene(t);
    for (let round = 1; round <= 3; round++) {
      const sub = (await handIn(t, s.student.token, s.assignment.id, photos(1), { text: `ronde ${round}` })).body.data.submission;
      await teacher(s).post(`${s.assignmentUrl}/grade`, { student_id: s.student.id, score: 50 + round * 10, revision: sub.revision });
      await teacher(s).post(`${s.assignmentUrl}/return`, { student_id: s.student.id });
    }
    const final = await handIn(t, s.student.token, s.assignment.id, photos(1), { text: 'akhir' });
    expect(final.body.data.submission.history.map((h: { version: number; score: number }) => [h.version, h.score])).toEqual([
      [3, 80],
      [2, 70],
      [1, 60],
    ]);
    const [row] = await submissionRows(t, s.assignment.id);
    expect(await t.db.select().from(submissionVersions).where(eq(submissionVersions.submissionId, row!.id))).toHaveLength(3);
  });
});

describe('private comments', () => {
  it('a thread only the student and the teacher see', async () => {
    const s = await assignmentScene(t, { students: 2 });
    const [a, b] = s.students;
    const sent = await t.as(a!.token).post(`${url(s.assignment.id)}/comments`, { body: 'Pak, foto kedua buram?' });
    expect(sent.status).toBe(201);
    expect(sent.body.message).toBe(ASSIGNMENT_MSG.commentSent);
    const reply = await teacher(s).post(`${studentUrl(s, a!.id)}/comments`, { body: 'Tidak apa-apa, masih terbaca.' });
    expect(reply.body.data.map((c: { body: string }) => c.body)).toEqual(['Pak, foto kedua buram?', 'Tidak apa-apa, masih terbaca.']);
    expect(reply.body.data[1].author).toMatchObject({ id: s.teacher.id, role: 2 });
    // The other student's thread is their own and empty; the teacher's route is closed to students.
    expect((await t.as(b!.token).get(`${url(s.assignment.id)}/comments`)).body.data).toEqual([]);
    const peek = await t.as(b!.token).get(`${studentUrl(s, a!.id)}/comments`);
    expect(peek.status).toBe(403);
    await expectNotFound(t, s.outsider.token, [['GET', `${url(s.assignment.id)}/comments`]]);
    await expectNotFound(t, s.otherTeacher.token, [['GET', `${studentUrl(s, a!.id)}/comments`]]);
    await expectNotFound(t, s.teacher.token, [['POST', `${studentUrl(s, s.outsider.id)}/comments`, { body: 'Halo' }]]);
    // Shown in the grading view too.
    expect((await teacher(s).get(studentUrl(s, a!.id))).body.data.comments).toHaveLength(2);
  });

  it('refuses an empty or too long comment with the Indonesian messages', async () => {
    const s = await assignmentScene(t);
    const empty = await t.as(s.student.token).post(`${url(s.assignment.id)}/comments`, { body: '  ' });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.body).toEqual([MSG.commentEmpty]);
    const long = await teacher(s).post(`${studentUrl(s)}/comments`, { body: 'x'.repeat(LIMITS.commentMax + 1) });
    expect(long.status).toBe(422);
    expect(long.body.errors.body).toEqual([MSG.commentMax]);
  });
});

describe('"Tugas Saya" and "Nilai Saya"', () => {
  it('sorts the work into to do, late and done, with this student’s deadline and score', async () => {
    const s = await assignmentScene(t, { deadline: new Date(Date.now() + 48 * HOUR) });
    const f = t.factory;
    const soon = await f.assignment(s.content.id, s.teacher.id, { title: 'Besok', deadline: new Date(Date.now() + 20 * HOUR) });
    const missed = await f.assignment(s.content.id, s.teacher.id, { title: 'Lewat', deadline: new Date(Date.now() - 20 * HOUR) });
    const extended = await f.assignment(s.content.id, s.teacher.id, { title: 'Diperpanjang', deadline: new Date(Date.now() - HOUR) });
    const done = await f.assignment(s.content.id, s.teacher.id, { title: 'Selesai', deadline: new Date(Date.now() - 30 * HOUR) });
    await teacher(s).put(`${s.assignmentsUrl}/${extended.id}/students/${s.student.id}/extension`, {
      deadline: new Date(Date.now() + 5 * HOUR).toISOString(),
    });
    const sub = (await handIn(t, s.student.token, done.id, photos(1))).body.data.submission;
    await teacher(s).post(`${s.assignmentsUrl}/${done.id}/grade`, {
      student_id: s.student.id,
      score: 88,
      feedback: 'Bagus',
      revision: sub.revision,
    });

    const tab = async (name: string) =>
      (await t.as(s.student.token).get(`/api/student/assignments?tab=${name}`)).body.data.map((i: { title: string }) => i.title);
    expect(await tab('todo')).toEqual(['Diperpanjang', 'Besok', s.assignment.title]);
    expect(await tab('late')).toEqual(['Lewat']);
    const doneItems = (await t.as(s.student.token).get('/api/student/assignments?tab=done')).body.data;
    expect(doneItems).toHaveLength(1);
    expect(doneItems[0]).toMatchObject({
      title: 'Selesai',
      score: 88,
      feedback: 'Bagus',
      status_id: 3,
      grading_status: GRADING_STATUS.graded,
    });
    const bad = await t.as(s.student.token).get('/api/student/assignments?tab=semua');
    expect(bad.status).toBe(422);

    const grades = (await t.as(s.student.token).get('/api/student/grades')).body.data;
    expect(grades).toHaveLength(1);
    expect(grades[0]).toMatchObject({ online_class: { id: s.klass.id }, average: 88 });
    expect(grades[0].items).toHaveLength(5);
    // Another rombel's student sees none of it.
    expect((await t.as(s.outsider.token).get('/api/student/assignments')).body.data.map((i: { id: number }) => i.id)).not.toContain(
      soon.id,
    );
    expect(missed.id).toBeGreaterThan(0);
  });

  it("shows each assignment link's state beside it in the student's contents", async () => {
    const s = await assignmentScene(t);
    await handIn(t, s.student.token, s.assignment.id, photos(1));
    const lessons = (await t.as(s.student.token).get(`/api/student/my-classes/${s.klass.id}/contents`)).body.data;
    expect(lessons[0].assignment[0]).toMatchObject({ id: s.assignment.id, state: 'done', score: null });
    const detail = (await t.as(s.student.token).get(`/api/student/my-classes/${s.klass.id}/contents/${s.content.id}`)).body.data;
    expect(detail.assignment[0].state).toBe('done');
    // A classmate's link shows the classmate's own work: none yet.
    const classmate = await t.factory.student({ rombelId: s.rombel.id });
    const theirs = (await t.as(classmate.token).get(`/api/student/my-classes/${s.klass.id}/contents`)).body.data;
    expect(theirs[0].assignment[0]).toMatchObject({ id: s.assignment.id, state: 'todo', score: null });
    // The teacher's view has no student state.
    const mine = (await teacher(s).get(`/api/teacher/online-classes/${s.klass.id}/contents/${s.content.id}`)).body.data;
    expect(mine.assignment[0].state).toBeUndefined();
  });
});
