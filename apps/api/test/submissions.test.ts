import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { LIMITS, MSG, SUBMISSION_MSG } from '@kelasku/contract';
import { samples, useTestApp } from './helpers.js';
import { assignmentScene, expectNotFound, expectOtherRolesRefused, fileCounts, submissionRows, submit } from './assignment-scene.js';
import { assignments, submissions } from '../src/db/schema.js';

const t = useTestApp();
const url = (id: number) => `/api/student/submissions/${id}`;
const pdfFile = (text = 'jawaban') => ({ file: { name: 'jawaban.pdf', data: samples.pdf(text) } });

describe('access', () => {
  it('refuses the submission endpoints to admins and teachers (403) and without a token (401)', async () => {
    const s = await assignmentScene(t);
    await expectOtherRolesRefused(
      t,
      [s.admin, s.teacher],
      [
        ['GET', url(s.assignment.id)],
        ['POST', url(s.assignment.id)],
        ['PUT', url(s.assignment.id)],
      ],
    );
    expect(await submissionRows(t, s.assignment.id)).toEqual([]);
  });

  it("answers 404 for an assignment of another rombel's class or one that does not exist, storing nothing", async () => {
    const s = await assignmentScene(t);
    await expectNotFound(t, s.outsider.token, [['GET', url(s.assignment.id)]]);
    await expectNotFound(t, s.student.token, [
      ['GET', url(s.otherAssignment.id)],
      ['GET', url(999999)],
      ['GET', '/api/student/submissions/x'],
    ]);
    const before = await fileCounts(t);
    for (const [token, id] of [
      [s.outsider.token, s.assignment.id],
      [s.student.token, s.otherAssignment.id],
      [s.student.token, 999999],
    ] as const) {
      for (const method of ['POST', 'PUT'] as const) {
        const res = await t.as(token).upload(method, url(id), { _method: 'PUT' }, pdfFile());
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ success: false, message: MSG.notFound });
      }
    }
    expect(await fileCounts(t)).toEqual(before);
    expect(await submissionRows(t, s.assignment.id)).toEqual([]);
  });
});

describe('GET /api/student/submissions/{assignmentId}', () => {
  it('shows the assignment and "Belum Mengumpulkan" before anything is handed in', async () => {
    const s = await assignmentScene(t);
    const res = await t.as(s.student.token).get(url(s.assignment.id));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: s.assignment.id,
      assignment_id: s.assignment.id,
      content_id: s.content.id,
      title: s.assignment.title,
      description: s.assignment.description,
      deadline: s.assignment.deadline.toISOString(),
      closes_at: null,
      author: s.teacher.name,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      online_class: { id: s.klass.id, name: s.klass.name },
      rubric_id: null,
      rubric: null,
      submission: {
        status_id: 1,
        status: 'Belum Mengumpulkan',
        grading_status: 'Belum Mengumpulkan',
        state: 'todo',
        score: null,
        last_score: null,
        feedback: null,
        text_answer: null,
        submitted_at: null,
        graded_at: null,
        returned_at: null,
        version: 1,
        revision: 0,
        files: [],
        history: [],
        deadline: s.assignment.deadline.toISOString(),
        closes_at: null,
        extended: false,
        can_hand_in: true,
        can_unsubmit: false,
        rubric_marks: null,
      },
    });
  });
});

describe('POST/PUT /api/student/submissions/{assignmentId}', () => {
  it('hands in a file (POST with _method=PUT): 201, status 2 on time, waiting to be graded, file readable', async () => {
    const s = await assignmentScene(t);
    const res = await submit(t, s.student.token, s.assignment.id, samples.pdf('tugas saya'), 'Tugas Jaringan.PDF');
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    expect(res.body.message).toBe(MSG.submissionSaved);
    const sub = res.body.data.submission;
    expect(sub).toEqual({
      status_id: 2,
      status: 'Sudah Mengumpulkan',
      grading_status: 'Menunggu untuk dinilai',
      state: 'done',
      score: null,
      last_score: null,
      feedback: null,
      text_answer: null,
      submitted_at: expect.any(String),
      graded_at: null,
      returned_at: null,
      version: 1,
      revision: expect.any(Number),
      files: [
        {
          file_id: expect.any(Number),
          file: expect.stringMatching(/^\/api\/files\/\d+\?e=\d+&s=/),
          filename: 'Tugas Jaringan.PDF',
          file_extension: 'pdf',
          size: samples.pdf('tugas saya').length,
          mime: 'application/pdf',
        },
      ],
      history: [],
      deadline: s.assignment.deadline.toISOString(),
      closes_at: null,
      extended: false,
      can_hand_in: true,
      can_unsubmit: true,
      rubric_marks: null,
    });
    expect(Math.abs(Date.parse(sub.submitted_at) - Date.now())).toBeLessThan(60_000);
    const file = await t.app.inject({ method: 'GET', url: sub.files[0].file });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(samples.pdf('tugas saya'))).toBe(true);
    expect((await t.as(s.student.token).get(url(s.assignment.id))).body.data.submission).toEqual(sub);
  });

  it('replaces the files while ungraded (plain PUT too): 200, one row, the files not kept removed', async () => {
    const s = await assignmentScene(t);
    const first = await submit(t, s.student.token, s.assignment.id, samples.pdf('satu'), 'satu.pdf');
    const before = await fileCounts(t);
    const res = await t
      .as(s.student.token)
      .upload('PUT', url(s.assignment.id), {}, { file: { name: 'dua.txt', data: samples.text('jawaban kedua') } });
    expect(res.status).toBe(200);
    const sub = res.body.data.submission;
    expect(sub).toMatchObject({ status_id: 2, score: null });
    expect(sub.files.map((f: any) => [f.filename, f.file_extension])).toEqual([['dua.txt', 'txt']]);
    const [oldFile] = first.body.data.submission.files;
    expect(sub.files[0].file_id).not.toBe(oldFile.file_id);
    expect(sub.revision).not.toBe(first.body.data.submission.revision);
    expect(Date.parse(sub.submitted_at)).toBeGreaterThanOrEqual(Date.parse(first.body.data.submission.submitted_at));
    const rows = await submissionRows(t, s.assignment.id);
    expect(rows.map((r) => r.fileIds)).toEqual([[sub.files[0].file_id]]);
    expect(await fileCounts(t)).toEqual(before);
    const old = await t.app.inject({ method: 'GET', url: oldFile.file });
    expect(old.statusCode).toBe(404);
  });

  it('marks a submission after the deadline 3 "Terlambat", and judges it against the current deadline', async () => {
    const s = await assignmentScene(t, { deadline: new Date(Date.now() - 1000) });
    const res = await submit(t, s.student.token, s.assignment.id);
    expect(res.status).toBe(201);
    expect(res.body.data.submission).toMatchObject({ status_id: 3, status: 'Terlambat', grading_status: 'Menunggu untuk dinilai' });
    const submittedAt: string = res.body.data.submission.submitted_at;
    const setDeadline = async (iso: string) => {
      const put = await t
        .as(s.teacher.token)
        .put(s.assignmentUrl, { title: s.assignment.title, description: s.assignment.description, deadline: iso });
      expect(put.status).toBe(200);
      return (await t.as(s.student.token).get(url(s.assignment.id))).body.data.submission;
    };
    // Exactly at the deadline is on time; one millisecond after it is late.
    expect(await setDeadline(submittedAt)).toMatchObject({ status_id: 2, status: 'Sudah Mengumpulkan' });
    expect(await setDeadline(new Date(Date.parse(submittedAt) - 1).toISOString())).toMatchObject({ status_id: 3, status: 'Terlambat' });
    // The teacher's list judges it the same way.
    const list = await t.as(s.teacher.token).get(`${s.assignmentUrl}/ungrading`);
    expect(list.body.data[0].submission.status_id).toBe(3);
  });

  it('hands in on time just before the deadline', async () => {
    const s = await assignmentScene(t, { deadline: new Date(Date.now() + 5000) });
    const res = await submit(t, s.student.token, s.assignment.id);
    expect(res.body.data.submission.status_id).toBe(2);
  });

  it('refuses a replacement once graded (409), also with a score of 0, keeping the graded file', async () => {
    const s = await assignmentScene(t, { students: 2 });
    for (const [i, st] of s.students.entries()) {
      await submit(t, st.token, s.assignment.id, samples.pdf('dinilai'), 'dinilai.pdf');
      const score = i === 0 ? 0 : 88;
      expect((await t.as(s.teacher.token).post(`${s.assignmentUrl}/grade`, { student_id: st.id, score })).status).toBe(200);
      const before = await fileCounts(t);
      const [rowBefore] = await t.db.select().from(submissions).where(eq(submissions.studentId, st.id));
      for (const method of ['POST', 'PUT'] as const) {
        const res = await t.as(st.token).upload(method, url(s.assignment.id), { _method: 'PUT' }, pdfFile('ganti'));
        expect(res.status).toBe(409);
        expect(res.body).toEqual({ success: false, message: MSG.gradedLocked, errors: { files: [MSG.gradedLocked] } });
      }
      expect(await fileCounts(t)).toEqual(before);
      const [rowAfter] = await t.db.select().from(submissions).where(eq(submissions.studentId, st.id));
      expect(rowAfter).toEqual(rowBefore);
      const mine = await t.as(st.token).get(url(s.assignment.id));
      expect(mine.body.data.submission).toMatchObject({ score, grading_status: 'Sudah dinilai', can_hand_in: false });
      expect(mine.body.data.submission.files.map((f: any) => f.filename)).toEqual(['dinilai.pdf']);
    }
  });

  it('refuses a missing, empty, refused-type or non-multipart upload, leaving nothing behind', async () => {
    const s = await assignmentScene(t);
    const before = await fileCounts(t);
    const none = await t.as(s.student.token).upload('POST', url(s.assignment.id), { _method: 'PUT' }, {});
    expect(none.status).toBe(422);
    expect(none.body).toEqual({ success: false, message: SUBMISSION_MSG.empty, errors: { files: [SUBMISSION_MSG.empty] } });
    const wrongField = await t
      .as(s.student.token)
      .upload('POST', url(s.assignment.id), {}, { berkas: { name: 'a.pdf', data: samples.pdf() } });
    expect(wrongField.status).toBe(422);
    expect(wrongField.body.message).toBe(SUBMISSION_MSG.empty);
    const empty = await t
      .as(s.student.token)
      .upload('POST', url(s.assignment.id), {}, { file: { name: 'kosong.pdf', data: Buffer.alloc(0) } });
    expect(empty.status).toBe(422);
    expect(empty.body.message).toBe(MSG.fileEmpty);
    const exe = await t.as(s.student.token).upload('POST', url(s.assignment.id), {}, { file: { name: 'virus.pdf', data: samples.exe() } });
    expect(exe.status).toBe(415);
    expect(exe.body.message).toBe(MSG.fileType);
    const json = await t.as(s.student.token).post(url(s.assignment.id), { file: 'x' });
    expect(json.status).toBe(415);
    expect(await fileCounts(t)).toEqual(before);
    expect(await submissionRows(t, s.assignment.id)).toEqual([]);
  });

  it('enforces the 50 MB limit (413) and keeps the earlier submission', async () => {
    const s = await assignmentScene(t);
    await submit(t, s.student.token, s.assignment.id, samples.pdf('kecil'), 'kecil.pdf');
    const before = await fileCounts(t);
    const big = Buffer.alloc(LIMITS.fileBytes + 1, 0x20);
    samples.pdf().copy(big);
    const res = await submit(t, s.student.token, s.assignment.id, big, 'besar.pdf');
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ success: false, message: MSG.fileTooLarge });
    expect(await fileCounts(t)).toEqual(before);
    const mine = await t.as(s.student.token).get(url(s.assignment.id));
    expect(mine.body.data.submission.files.map((f: any) => f.filename)).toEqual(['kecil.pdf']);
  });
});

describe('uploads at the same time', () => {
  it('two first uploads of the same student end with one row and one stored file', async () => {
    const s = await assignmentScene(t);
    for (let round = 0; round < 3; round++) {
      const a = await t.factory.assignment(s.content.id, s.teacher.id);
      const before = await fileCounts(t);
      const results = await Promise.all([
        submit(t, s.student.token, a.id, samples.pdf(`a${round}`), 'a.pdf'),
        submit(t, s.student.token, a.id, samples.pdf(`b${round}`), 'b.pdf'),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 201]);
      const rows = await submissionRows(t, a.id);
      expect(rows).toHaveLength(1);
      expect(await fileCounts(t)).toEqual({ rows: before.rows + 1, objects: before.objects + 1 });
      // The row holds the file of the upload that answered last.
      const last = results.find((r) => r.status === 200)!;
      expect(rows[0]!.fileIds).toEqual(last.body.data.submission.files.map((f: any) => f.file_id));
    }
  });

  it('two replacements at the same time leave one row and one file, the old one removed', async () => {
    const s = await assignmentScene(t);
    await submit(t, s.student.token, s.assignment.id, samples.pdf('awal'), 'awal.pdf');
    const before = await fileCounts(t);
    const results = await Promise.all(['x', 'y', 'z'].map((n) => submit(t, s.student.token, s.assignment.id, samples.pdf(n), `${n}.pdf`)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const rows = await submissionRows(t, s.assignment.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.fileIds).toHaveLength(1);
    expect(await fileCounts(t)).toEqual(before);
  });

  it('an upload racing the deletion of its assignment leaves no row and no file behind', async () => {
    const s = await assignmentScene(t);
    const before = await fileCounts(t);
    const [upload, del] = await Promise.all([submit(t, s.student.token, s.assignment.id), t.as(s.teacher.token).delete(s.assignmentUrl)]);
    expect(del.status).toBe(200);
    expect([201, 404]).toContain(upload.status);
    expect(await t.db.select().from(assignments).where(eq(assignments.id, s.assignment.id))).toEqual([]);
    expect(await submissionRows(t, s.assignment.id)).toEqual([]);
    expect(await fileCounts(t)).toEqual(before);
  });
});
