/**
 * Issue 38: izin and sakit requests. A student asks with a letter (photo or PDF, judged by its
 * content), the wali kelas of the rombel decides, an approval marks the meetings S or I (never over
 * a teacher's H or T), meetings made later get the mark too; who may see what.
 */
import { describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { FILE_MSG, LEAVE_MSG, MB, MSG, leaveRangeText } from '@kelasku/contract';
import { attendance, auditLog, leaveRequests, liveEvents, semesters } from '../src/db/schema.js';
import { applyLeavesToMeetings } from '../src/features/leave-requests/apply.js';
import { multipartBody, samples, useTestApp, type FormFile } from './helpers.js';
import { leavesNothing } from './class-files.js';
import { attendanceScene, insertMarks, insertMeeting, wibDate, type AttendanceScene } from './attendance-scene.js';
import type { TestUser } from './factory.js';

const t = useTestApp();

const S = '/api/student/leave-requests';
const homeroomUrl = (rombelId: number) => `/api/teacher/homerooms/${rombelId}/leave-requests`;

type Fields = { kind: string; starts_on: string; ends_on: string; reason: string };
const fieldsOf = (over: Partial<Fields> = {}): Fields => ({
  kind: 'S',
  starts_on: wibDate(0),
  ends_on: wibDate(0),
  reason: 'Demam tinggi, istirahat di rumah',
  ...over,
});
const png = (name = 'surat.png'): FormFile => ({ name, data: samples.png(), type: 'image/png' });

function ask(student: TestUser, over: Partial<Fields> = {}, file: FormFile | null = png()) {
  return t.as(student.token).upload('POST', S, fieldsOf(over), file ? { file } : {});
}

async function askOk(student: TestUser, over: Partial<Fields> = {}, file: FormFile = png()) {
  const res = await ask(student, over, file);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: number; status: string };
}

const approve = (token: string, rombelId: number, id: number, note?: string) =>
  t.as(token).post(`${homeroomUrl(rombelId)}/${id}/approve`, note === undefined ? {} : { note });

async function notificationTexts(user: TestUser): Promise<string[]> {
  const res = await t.as(user.token).get('/api/notifications');
  expect(res.status).toBe(200);
  return res.body.data.items.map((n: { text: string }) => n.text);
}

const marksOf = (studentId: number, meetingIds: number[]) =>
  t.db
    .select()
    .from(attendance)
    .where(and(eq(attendance.studentId, studentId), inArray(attendance.meetingId, meetingIds)));

describe('leaveRangeText', () => {
  it('writes a day, a range in one month, across months and across years', () => {
    expect(leaveRangeText('2026-12-01', '2026-12-01')).toBe('1 Desember');
    expect(leaveRangeText('2026-12-01', '2026-12-02')).toBe('1–2 Desember');
    expect(leaveRangeText('2026-11-30', '2026-12-02')).toBe('30 November–2 Desember');
    expect(leaveRangeText('2026-12-30', '2027-01-02')).toBe('30 Desember 2026–2 Januari 2027');
  });
});

describe('POST /api/student/leave-requests', () => {
  it('takes a request with a PNG letter, tells the wali kelas, and lists it for the student and the wali kelas', async () => {
    const s = await attendanceScene(t, 2);
    const student = s.students[0]!;
    const range = { starts_on: wibDate(-1), ends_on: wibDate(0) };
    const res = await ask(student, { ...range, kind: 'I', reason: '  Acara keluarga  ' });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(LEAVE_MSG.created);
    expect(res.body.data).toMatchObject({
      student: { id: student.id, name: student.name },
      rombel: { id: s.rombelId, name: s.rombelName },
      kind: 'I',
      ...range,
      // The timetable has lessons every day: both days count.
      days: 2,
      reason: 'Acara keluarga',
      file: { filename: 'surat.png', mime_type: 'image/png', size: samples.png().length },
      status: 'pending',
      requested_by: { id: student.id, name: student.name },
      decided_by: null,
      decided_at: null,
      decision_note: null,
    });

    const own = await t.as(student.token).get(S);
    expect(own.body.data.map((r: { id: number }) => r.id)).toEqual([res.body.data.id]);
    const list = await t.as(s.homeroom.token).get(`${homeroomUrl(s.rombelId)}?status=pending`);
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([res.body.data]);
    const homerooms = await t.as(s.homeroom.token).get('/api/teacher/homerooms');
    expect(homerooms.body.data).toEqual([
      {
        rombel: { id: s.rombelId, name: s.rombelName },
        semester: expect.objectContaining({ id: s.semesterId }),
        students: 2,
        pending_requests: 1,
      },
    ]);
    expect((await t.as(s.otherTeacher.token).get('/api/teacher/homerooms')).body.data).toEqual([]);

    const what = `izin ${leaveRangeText(range.starts_on, range.ends_on)}`;
    expect(await notificationTexts(s.homeroom)).toEqual([`${student.name} mengajukan ${what} di ${s.rombelName}`]);
    expect(await notificationTexts(s.teacher)).toEqual([]);
  });

  it('takes a JPEG and a PDF, judged by content whatever the name', async () => {
    const s = await attendanceScene(t, 1);
    const student = s.students[0]!;
    const jpeg = await askOk(student, { starts_on: wibDate(-3), ends_on: wibDate(-3) }, { name: 'foto', data: samples.jpeg() });
    const pdf = await askOk(
      student,
      { starts_on: wibDate(-2), ends_on: wibDate(-2) },
      { name: 'surat-dokter.jpg', data: samples.pdf('dokter') },
    );
    const own = (await t.as(student.token).get(S)).body.data as Array<{ id: number; file: { mime_type: string; filename: string } }>;
    expect(own.find((r) => r.id === jpeg.id)!.file).toMatchObject({ mime_type: 'image/jpeg', filename: 'foto' });
    expect(own.find((r) => r.id === pdf.id)!.file).toMatchObject({ mime_type: 'application/pdf', filename: 'surat-dokter.jpg' });
  });

  it('refuses a text file named .jpg (415) and a letter over the limit (413), storing nothing', async () => {
    const s = await attendanceScene(t, 1);
    const student = s.students[0]!;
    await leavesNothing(t, async () => {
      const text = await ask(student, {}, { name: 'surat.jpg', data: samples.text('bukan gambar'), type: 'image/jpeg' });
      expect(text.status).toBe(415);
      expect(text.body).toEqual({ success: false, message: LEAVE_MSG.fileType, errors: { file: [LEAVE_MSG.fileType] } });
      const exe = await ask(student, {}, { name: 'surat.pdf', data: samples.exe() });
      expect(exe.status).toBe(415);
      const big = await ask(student, {}, { name: 'besar.png', data: Buffer.concat([samples.png(), Buffer.alloc(10 * MB, 0)]) });
      expect(big.status).toBe(413);
      expect(big.body).toEqual({ success: false, message: LEAVE_MSG.fileTooLarge });
    });
    expect(await t.db.select().from(leaveRequests).where(eq(leaveRequests.studentId, student.id))).toEqual([]);
  });

  it('leaves no row and no stored file when the upload is cut off', async () => {
    const s = await attendanceScene(t, 1);
    const student = s.students[0]!;
    await leavesNothing(t, async () => {
      const { payload, contentType } = multipartBody(fieldsOf(), {
        file: { name: 'surat.pdf', data: Buffer.concat([samples.pdf(), Buffer.alloc(200_000, 0x20)]) },
      });
      const res = await t.as(student.token).request('POST', S, payload.subarray(0, 100_000), { 'content-type': contentType });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, message: FILE_MSG.uploadInterrupted });
    });
    expect(await t.db.select().from(leaveRequests).where(eq(leaveRequests.studentId, student.id))).toEqual([]);
  });

  it('answers invalid fields and a missing letter with 422 and every message, storing nothing', async () => {
    const s = await attendanceScene(t, 1);
    const student = s.students[0]!;
    await leavesNothing(t, async () => {
      const res = await ask(student, { kind: 'A', reason: '   ' });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({
        success: false,
        message: LEAVE_MSG.kindInvalid,
        errors: { kind: [LEAVE_MSG.kindInvalid], reason: [LEAVE_MSG.reasonRequired] },
      });
      const backwards = await ask(student, { starts_on: wibDate(0), ends_on: wibDate(-1) });
      expect(backwards.status).toBe(422);
      expect(backwards.body.errors).toEqual({ ends_on: [LEAVE_MSG.endsBeforeStart] });
      const noFile = await ask(student, {}, null);
      expect(noFile.status).toBe(422);
      expect(noFile.body).toEqual({ success: false, message: LEAVE_MSG.fileRequired, errors: { file: [LEAVE_MSG.fileRequired] } });
      const badDate = await ask(student, { starts_on: '2026-02-31' });
      expect(badDate.status).toBe(422);
      expect(Object.keys(badDate.body.errors)).toEqual(['starts_on']);
    });
  });

  it("refuses a range crossing the semester's end, longer than 14 days, or starting more than 7 days ago", async () => {
    const s = await attendanceScene(t, 1);
    const student = s.students[0]!;
    const [sem] = await t.db.select().from(semesters).where(eq(semesters.id, s.semesterId));
    const after = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    await leavesNothing(t, async () => {
      const crossing = await ask(student, { starts_on: sem!.endsOn, ends_on: after(sem!.endsOn, 2) });
      expect(crossing.status).toBe(422);
      expect(crossing.body).toEqual({
        success: false,
        message: LEAVE_MSG.outsideSemester,
        errors: { ends_on: [LEAVE_MSG.outsideSemester] },
      });
      const long = await ask(student, { starts_on: wibDate(0), ends_on: wibDate(14) });
      expect(long.status).toBe(422);
      expect(long.body.errors.ends_on).toContain(LEAVE_MSG.tooLong);
      const old = await ask(student, { starts_on: wibDate(-8), ends_on: wibDate(-8) });
      expect(old.status).toBe(422);
      expect(old.body.errors.starts_on).toContain(LEAVE_MSG.tooOld);
    });
    // 14 days, from 7 days ago: the longest and oldest allowed.
    await askOk(student, { starts_on: wibDate(-7), ends_on: wibDate(6) });
  });

  it('refuses a request sharing a day with a pending or approved one (409), not with a withdrawn one', async () => {
    const s = await attendanceScene(t, 1);
    const student = s.students[0]!;
    const first = await askOk(student, { starts_on: wibDate(-1), ends_on: wibDate(1) });
    await leavesNothing(t, async () => {
      const res = await ask(student, { starts_on: wibDate(1), ends_on: wibDate(2) });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ success: false, message: LEAVE_MSG.overlap });
    });
    const withdrawn = await t.as(student.token).post(`${S}/${first.id}/withdraw`);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body).toMatchObject({ message: LEAVE_MSG.withdrawn, data: { id: first.id, status: 'withdrawn' } });
    const again = await t.as(student.token).post(`${S}/${first.id}/withdraw`);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ success: false, message: LEAVE_MSG.notPending });
    await askOk(student, { starts_on: wibDate(1), ends_on: wibDate(2) });
  });

  it('answers 422 to a student without a rombel and to one whose rombel has no wali kelas', async () => {
    const s = await attendanceScene(t, 1);
    const loner = await t.factory.student({ rombelId: null });
    await leavesNothing(t, async () => {
      const none = await ask(loner);
      expect(none.status).toBe(422);
      expect(none.body).toEqual({ success: false, message: LEAVE_MSG.noRombel });
      const noHomeroom = await ask(s.outsider);
      expect(noHomeroom.status).toBe(422);
      expect(noHomeroom.body).toEqual({ success: false, message: LEAVE_MSG.noHomeroom });
    });
  });
});

describe('approving and refusing', () => {
  /** Meetings of the scene's class: before, on the two days of the range (one cancelled, one with the student Hadir), after. */
  async function meetingsAround(s: AttendanceScene, student: TestUser) {
    const [d0, d1] = [wibDate(-2), wibDate(-1)];
    const before = await insertMeeting(t, s.classId, wibDate(-3));
    const alpa = await insertMeeting(t, s.classId, d0);
    const empty = await insertMeeting(t, s.classId, d1);
    const hadir = await insertMeeting(t, s.classId, d1, { periodFrom: 6 });
    const cancelled = await insertMeeting(t, s.classId, d0, { periodFrom: 7, cancelled: true });
    const other = await insertMeeting(t, s.outsiderClassId, d0);
    await insertMarks(t, alpa.id, [
      [student.id, 'A'],
      [s.students[1]!.id, 'H'],
    ]);
    await insertMarks(t, hadir.id, [[student.id, 'H']]);
    return { d0, d1, before, alpa, empty, hadir, cancelled, other };
  }

  it('only the wali kelas of the rombel decides: another teacher and the class teacher get 404, and nothing changes', async () => {
    const s = await attendanceScene(t, 2);
    const lr = await askOk(s.students[0]!);
    for (const [token, rombelId] of [
      [s.otherTeacher.token, s.rombelId],
      [s.teacher.token, s.rombelId],
      [s.homeroom.token, s.outsiderRombelId],
    ] as const) {
      for (const action of ['approve', 'refuse']) {
        const res = await t.as(token).post(`${homeroomUrl(rombelId)}/${lr.id}/${action}`, { note: 'Boleh' });
        expect(res.status, `${action} ${rombelId}`).toBe(404);
        expect(res.body).toEqual({ success: false, message: MSG.notFound });
      }
      expect((await t.as(token).get(`${homeroomUrl(rombelId)}/${lr.id}/file`)).status).toBe(404);
      expect((await t.as(token).get(homeroomUrl(rombelId))).status).toBe(404);
    }
    const [row] = await t.db.select().from(leaveRequests).where(eq(leaveRequests.id, lr.id));
    expect(row!.status).toBe('pending');
  });

  it('an approval marks the meetings of the range S, keeps a Hadir, and a meeting made later gets the mark', async () => {
    const s = await attendanceScene(t, 2);
    const student = s.students[0]!;
    const m = await meetingsAround(s, student);
    const lr = await askOk(student, { starts_on: m.d0, ends_on: m.d1 });

    const res = await approve(s.homeroom.token, s.rombelId, lr.id);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(LEAVE_MSG.approved);
    expect(res.body.data).toMatchObject({
      id: lr.id,
      status: 'approved',
      decided_by: { id: s.homeroom.id, name: s.homeroom.name },
      decision_note: null,
    });
    expect(res.body.data.decided_at).toEqual(expect.any(String));

    const marks = await marksOf(student.id, [m.before.id, m.alpa.id, m.empty.id, m.hadir.id, m.cancelled.id]);
    const byMeeting = new Map(marks.map((r) => [r.meetingId, r]));
    expect(byMeeting.get(m.alpa.id)).toMatchObject({
      status: 'S',
      source: 'leave',
      leaveRequestId: lr.id,
      revision: 2,
      recordedBy: s.homeroom.id,
    });
    expect(byMeeting.get(m.empty.id)).toMatchObject({ status: 'S', source: 'leave', leaveRequestId: lr.id, revision: 1 });
    expect(byMeeting.get(m.hadir.id)).toMatchObject({ status: 'H', source: 'teacher', leaveRequestId: null, revision: 1 });
    expect(byMeeting.has(m.before.id)).toBe(false);
    expect(byMeeting.has(m.cancelled.id)).toBe(false);
    // Another student of the rombel keeps their mark.
    expect((await marksOf(s.students[1]!.id, [m.alpa.id]))[0]).toMatchObject({ status: 'H', source: 'teacher' });

    // The audit row: the decision and each mark it changed.
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'leave.approve'), eq(auditLog.targetId, lr.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: s.homeroom.id,
      targetType: 'leave_request',
      before: { status: 'pending' },
      after: { status: 'approved', decision_note: null, marks: [`${m.d0}: A → S`, `${m.d1}: kosong → S`] },
    });

    // The meetings' screens are told of the two changed marks, not of the Hadir.
    const events = await t.db
      .select()
      .from(liveEvents)
      .where(
        inArray(
          liveEvents.topic,
          [m.alpa.id, m.empty.id, m.hadir.id].map((id) => `attendance:${id}`),
        ),
      );
    expect(events.map((e) => e.topic).sort()).toEqual([`attendance:${m.alpa.id}`, `attendance:${m.empty.id}`].sort());
    expect(events.map((e) => e.data)).toContainEqual({
      event: 'attendance',
      data: { meeting_id: m.alpa.id, student_id: student.id, status: 'S' },
    });

    // The student is told.
    expect(await notificationTexts(student)).toContain(`Permohonan sakit ${leaveRangeText(m.d0, m.d1)} disetujui`);

    // Meetings made later from the timetable within the range get the mark; a Hadir is still kept; twice changes nothing.
    const later = await insertMeeting(t, s.classId, m.d1, { periodFrom: 8 });
    const outside = await insertMeeting(t, s.classId, wibDate(0), { periodFrom: 8 });
    await t.db.transaction(async (tx) => applyLeavesToMeetings(tx, [later.id, outside.id, m.hadir.id]));
    await applyLeavesToMeetings(t.db, [later.id, outside.id, m.hadir.id]);
    const after = new Map((await marksOf(student.id, [later.id, outside.id, m.hadir.id])).map((r) => [r.meetingId, r]));
    expect(after.get(later.id)).toMatchObject({ status: 'S', source: 'leave', leaveRequestId: lr.id, revision: 1 });
    expect(after.get(m.hadir.id)).toMatchObject({ status: 'H', source: 'teacher' });
    expect(after.has(outside.id)).toBe(false);
    expect(await marksOf(s.students[1]!.id, [later.id])).toEqual([]);

    // Decided once.
    const again = await approve(s.homeroom.token, s.rombelId, lr.id);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ success: false, message: LEAVE_MSG.notPending });
    const withdraw = await t.as(student.token).post(`${S}/${lr.id}/withdraw`);
    expect(withdraw.status).toBe(409);
  });

  it('a refusal needs a note, marks nothing, and tells the student why', async () => {
    const s = await attendanceScene(t, 1);
    const student = s.students[0]!;
    const meeting = await insertMeeting(t, s.classId, wibDate(-1));
    const lr = await askOk(student, { kind: 'I', starts_on: wibDate(-1), ends_on: wibDate(-1) });
    const url = `${homeroomUrl(s.rombelId)}/${lr.id}/refuse`;
    for (const body of [{}, { note: '   ' }]) {
      const res = await t.as(s.homeroom.token).post(url, body);
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ success: false, message: LEAVE_MSG.noteRequired, errors: { note: [LEAVE_MSG.noteRequired] } });
    }
    const res = await t.as(s.homeroom.token).post(url, { note: 'Surat tidak terbaca' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: LEAVE_MSG.refused, data: { status: 'refused', decision_note: 'Surat tidak terbaca' } });
    expect(await marksOf(student.id, [meeting.id])).toEqual([]);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'leave.refuse'), eq(auditLog.targetId, lr.id)));
    expect(audit).toMatchObject({ before: { status: 'pending' }, after: { status: 'refused', decision_note: 'Surat tidak terbaca' } });
    expect(await notificationTexts(student)).toContain(
      `Permohonan izin ${leaveRangeText(wibDate(-1), wibDate(-1))} ditolak: Surat tidak terbaca`,
    );
    expect((await t.as(s.homeroom.token).post(url, { note: 'Lagi' })).status).toBe(409);
    // A refused request does not block a new one for the same day.
    await askOk(student, { kind: 'I', starts_on: wibDate(-1), ends_on: wibDate(-1) });
  });
});

describe('who sees a request and its letter', () => {
  it('the student, the wali kelas and the admin download the letter; another student and teacher get 404', async () => {
    const s = await attendanceScene(t, 2);
    const [owner, classmate] = [s.students[0]!, s.students[1]!];
    const name = 'surat dokter ü.png';
    const lr = await askOk(owner, {}, { name, data: samples.png() });
    const admin = await t.factory.admin();
    for (const [token, url] of [
      [owner.token, `${S}/${lr.id}/file`],
      [s.homeroom.token, `${homeroomUrl(s.rombelId)}/${lr.id}/file`],
      [admin.token, `/api/admin/leave-requests/${lr.id}/file`],
    ] as const) {
      const res = await t.as(token).get(url);
      expect(res.status, url).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="surat dokter _.png"; filename*=UTF-8''${encodeURIComponent(name)}`,
      );
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.raw.rawPayload.equals(samples.png())).toBe(true);
    }
    for (const [token, method, url] of [
      [classmate.token, 'GET', `${S}/${lr.id}/file`],
      [classmate.token, 'POST', `${S}/${lr.id}/withdraw`],
      [s.outsider.token, 'GET', `${S}/${lr.id}/file`],
      [s.otherTeacher.token, 'GET', `${homeroomUrl(s.rombelId)}/${lr.id}/file`],
      [admin.token, 'GET', `/api/admin/leave-requests/2147483000/file`],
    ] as const) {
      const res = await t.as(token).request(method, url, method === 'POST' ? {} : undefined);
      expect(res.status, url).toBe(404);
      expect(res.body).toEqual({ success: false, message: MSG.notFound });
    }
    expect((await t.as(classmate.token).get(S)).body.data).toEqual([]);
  });

  it('the admin lists every request, filtered by status and rombel', async () => {
    const s = await attendanceScene(t, 2);
    const a = await askOk(s.students[0]!);
    const b = await askOk(s.students[1]!);
    await approve(s.homeroom.token, s.rombelId, b.id);
    const admin = await t.factory.admin();
    const all = await t.as(admin.token).get(`/api/admin/leave-requests?rombel_id=${s.rombelId}`);
    expect(all.status).toBe(200);
    expect(all.body.data.map((r: { id: number }) => r.id)).toEqual([b.id, a.id]);
    const pending = await t.as(admin.token).get(`/api/admin/leave-requests?rombel_id=${s.rombelId}&status=pending`);
    expect(pending.body.data.map((r: { id: number; status: string }) => [r.id, r.status])).toEqual([[a.id, 'pending']]);
    const other = await t.as(admin.token).get(`/api/admin/leave-requests?rombel_id=${s.outsiderRombelId}`);
    expect(other.body.data).toEqual([]);
    const bad = await t.as(admin.token).get('/api/admin/leave-requests?status=lost');
    expect(bad.status).toBe(422);
  });

  it('a letter no request points at any more is swept', async () => {
    const s = await attendanceScene(t, 1);
    const lr = await askOk(s.students[0]!);
    const [row] = await t.db.select().from(leaveRequests).where(eq(leaveRequests.id, lr.id));
    await t.db.execute(sql`delete from leave_requests where id = ${lr.id}`);
    const swept = await t.app.files.sweep(0);
    expect(swept.rows).toBeGreaterThanOrEqual(1);
    expect((await t.db.execute(sql`select 1 from stored_files where id = ${row!.fileId}`)).rows).toEqual([]);
  });
});
