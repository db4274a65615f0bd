/**
 * Issue 40: what a parent sees of a child. Every read of /api/parent/children/:studentId/… is the
 * child's own read (the same functions with the child's id): equal to what the child gets from
 * /api/student/…, nothing of a classmate, no forum, no private comment. A child who is not the
 * parent's — another family's, deactivated, graduated — is a 404; the parent's izin request goes the
 * student's way (overlap 409, letter 415) with the parent as the one who asked.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { LEAVE_MSG, leaveRangeText } from '@kelasku/contract';
import { announcements, assignments, parentMessages, quizzes, submissionComments, users } from '../src/db/schema.js';
import { applyPromotion } from '../src/features/promotion/queries.js';
import { samples, useTestApp, type FormFile } from './helpers.js';
import { statementsDuring } from './admin-access.js';
import { attendanceScene, insertMarks, insertMeeting, wibDate } from './attendance-scene.js';
import { FACTORY_IDENTITY, type TestUser } from './factory.js';

const t = useTestApp();

const P = '/api/parent/children';
const png = (name = 'surat.png'): FormFile => ({ name, data: samples.png(), type: 'image/png' });
const leaveFields = (day: number, kind = 'S') => ({
  kind,
  starts_on: wibDate(day),
  ends_on: wibDate(day),
  reason: 'Demam, istirahat di rumah',
});

/** Words that only a classmate's data, a forum or a private comment carry: no parent answer may contain one. */
const SECRET = {
  classmateFeedback: 'RAHASIA-umpan-balik-teman',
  privateComment: 'RAHASIA-komentar-pribadi',
  forum: 'RAHASIA-forum-kelas',
  otherAnnouncement: 'RAHASIA-pengumuman-rombel-lain',
  classmateMessage: 'RAHASIA-pesan-teman',
  hiddenWork: 'RAHASIA-tugas-draf',
};

/**
 * A child with real data in the attendance scene's class: graded, returned and hidden work (a
 * classmate graded too), a private comment and a forum post, a quiz with results hidden and one
 * shown (attempts of the child and the classmate), today's marks, an announcement of the class and
 * one of another rombel, a message of the wali kelas about the child and one about the classmate.
 */
async function childScene() {
  const f = t.factory;
  const s = await attendanceScene(t, 2);
  const [child, classmate] = [s.students[0]!, s.students[1]!];
  const content = await f.content(s.classId);
  const graded = await f.assignment(content.id, s.teacher.id, { title: 'Tugas Dinilai', deadline: new Date(Date.now() - 86_400_000) });
  const returned = await f.assignment(content.id, s.teacher.id, { title: 'Tugas Dikembalikan' });
  const hidden = await f.assignment(content.id, s.teacher.id, { title: SECRET.hiddenWork });
  await t.db.update(assignments).set({ hidden: true }).where(eq(assignments.id, hidden.id));
  await f.submission(graded.id, child.id, { score: 85, feedback: 'Bagus, rapikan lagi kesimpulannya' });
  await f.submission(graded.id, classmate.id, { score: 42, feedback: SECRET.classmateFeedback });
  await f.submission(returned.id, child.id, { returnedAt: new Date(), feedback: 'Lengkapi lampirannya' });
  await t.db
    .insert(submissionComments)
    .values({ assignmentId: graded.id, studentId: child.id, authorId: child.id, body: SECRET.privateComment });
  const forum = await f.forum(content.id, s.teacher.id, { topic: SECRET.forum });
  await f.comment(forum.id, child.id, SECRET.forum);

  const category = await f.questionCategory(s.teacher.id);
  const question = await f.question(category.id, s.teacher.id, { points: 3 });
  const shownQuiz = await f.quiz(content.id, s.teacher.id, [question.id], { title: 'Kuis Nilai Terlihat' });
  const hiddenQuiz = await f.quiz(content.id, s.teacher.id, [question.id], { title: 'Kuis Nilai Disembunyikan' });
  await t.db.update(quizzes).set({ showResults: 'never' }).where(eq(quizzes.id, hiddenQuiz.id));
  await f.quizAttempt(shownQuiz.id, child.id, [question.id], { score: 2, maxScore: 3 });
  await f.quizAttempt(hiddenQuiz.id, child.id, [question.id], { score: 1, maxScore: 3 });
  await f.quizAttempt(shownQuiz.id, classmate.id, [question.id], { score: 3, maxScore: 3 });

  const meeting = await insertMeeting(t, s.classId, wibDate(-1));
  await insertMarks(t, meeting.id, [
    [child.id, 'S'],
    [classmate.id, 'A'],
  ]);
  await t.db.insert(announcements).values([
    { onlineClassId: s.classId, authorId: s.teacher.id, body: 'Besok ulangan harian\nBawa kalkulator' },
    { onlineClassId: s.outsiderClassId, authorId: s.otherTeacher.id, body: SECRET.otherAnnouncement },
  ]);
  await t.db.insert(parentMessages).values([
    { studentId: child.id, senderId: s.homeroom.id, body: 'Mohon ingatkan tugas yang belum dikumpulkan' },
    { studentId: classmate.id, senderId: s.homeroom.id, body: SECRET.classmateMessage },
  ]);
  const parent = await f.parent([child.id], { relation: 'ibu', name: `Ibu ${child.name}` });
  return { ...s, child, classmate, content, graded, returned, hidden, question, shownQuiz, hiddenQuiz, forum, parent };
}
type ChildScene = Awaited<ReturnType<typeof childScene>>;

/** The parent's read and the child's own read of the same page. */
const PAIRS: Array<[page: string, parent: (id: number) => string, student: string]> = [
  ['Hari ini', (id) => `${P}/${id}/today`, '/api/student/today'],
  ['Tugas', (id) => `${P}/${id}/work`, '/api/student/assignments'],
  ['Tugas: belum', (id) => `${P}/${id}/work?tab=todo`, '/api/student/assignments?tab=todo'],
  ['Tugas: terlambat', (id) => `${P}/${id}/work?tab=late`, '/api/student/assignments?tab=late'],
  ['Tugas: selesai', (id) => `${P}/${id}/work?tab=done`, '/api/student/assignments?tab=done'],
  ['Nilai', (id) => `${P}/${id}/grades`, '/api/student/grades'],
  ['Nilai rapor', (id) => `${P}/${id}/report-grades`, '/api/student/report-grades'],
  ['Presensi', (id) => `${P}/${id}/attendance`, '/api/student/attendance'],
  ['Izin', (id) => `${P}/${id}/leave-requests`, '/api/student/leave-requests'],
];

function expectNoSecret(page: string, body: unknown) {
  const text = JSON.stringify(body);
  for (const word of Object.values(SECRET)) expect(text, `${page}: ${word}`).not.toContain(word);
}

async function getOk(user: TestUser, url: string) {
  const res = await t.as(user.token).get(url);
  expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body;
}

describe("a parent's reads are the child's own reads", () => {
  it('equals what the child gets on every page, with none of a classmate, a forum or a private comment', async () => {
    const s = await childScene();
    for (const [page, parentUrl, studentUrl] of PAIRS) {
      const mine = await getOk(s.parent, parentUrl(s.child.id));
      const own = await getOk(s.child, studentUrl);
      expect(mine.data, page).toEqual(own.data);
      expectNoSecret(page, mine);
    }
    // The data is real: graded, returned, and the hidden one absent; the quizzes too (issue 41), a score only where shown.
    const work = (await getOk(s.parent, `${P}/${s.child.id}/work`)).data as Array<{
      kind: string;
      id: number;
      state: string;
      score: number | null;
    }>;
    const ofKind = (kind: string) => work.filter((w) => w.kind === kind);
    expect(
      ofKind('assignment')
        .map((w) => w.id)
        .sort(),
    ).toEqual([s.graded.id, s.returned.id].sort());
    expect(work.find((w) => w.kind === 'assignment' && w.id === s.graded.id)).toMatchObject({ state: 'done', score: 85 });
    expect(ofKind('quiz').map((w) => [w.id, w.state, w.score])).toEqual([
      [s.shownQuiz.id, 'done', 67],
      [s.hiddenQuiz.id, 'done', null],
    ]);
    const grades = (await getOk(s.parent, `${P}/${s.child.id}/grades`)).data;
    // 85 and the shown quiz's 67 (2 of 3 points).
    expect(grades).toEqual([expect.objectContaining({ online_class: { id: s.classId, name: s.className }, average: 76 })]);
    const attendance = (await getOk(s.parent, `${P}/${s.child.id}/attendance`)).data;
    expect(attendance.meetings).toEqual([expect.objectContaining({ status: 'S' })]);
  });

  it("lists the announcements of the child's classes as the class page does, and the wali kelas's messages about the child", async () => {
    const s = await childScene();
    const res = await getOk(s.parent, `${P}/${s.child.id}/announcements`);
    const own = (await getOk(s.child, `/api/student/my-classes/${s.classId}/announcements`)).data;
    expect(res.data).toEqual(
      own.map((a: { id: number; body: string; author: { id: number; name: string }; created_at: string }) => ({
        id: a.id,
        class: { id: s.classId, name: s.className },
        title: 'Besok ulangan harian',
        body: a.body,
        author: { id: a.author.id, name: a.author.name },
        created_at: a.created_at,
      })),
    );
    expect(res.data).toHaveLength(1);
    expectNoSecret('Pengumuman', res);

    const messages = await getOk(s.parent, `${P}/${s.child.id}/messages`);
    expect(messages.data).toEqual([
      {
        id: expect.any(Number),
        student: { id: s.child.id, name: s.child.name },
        sender: { id: s.homeroom.id, name: s.homeroom.name },
        body: 'Mohon ingatkan tugas yang belum dikumpulkan',
        created_at: expect.any(String),
      },
    ]);
  });

  it('runs a bounded number of statements on each page: the child check, then the child’s own reads', async () => {
    const s = await childScene();
    for (const [page, parentUrl, studentUrl] of PAIRS) {
      const parentCount = await statementsDuring(t, () => getOk(s.parent, parentUrl(s.child.id)));
      const studentCount = await statementsDuring(t, () => getOk(s.child, studentUrl));
      // Two statements more: the parent area's privacy check (app.ts) and the child check (childOf).
      expect(parentCount, page).toBe(studentCount + 2);
    }
    // The parent's own pages: the sign-in and privacy checks (2), the child check, then a fixed number of their own.
    for (const [page, url, count] of [
      ['Anak', P, 3],
      ['Pengumuman', `${P}/${s.child.id}/announcements`, 5],
      ['Pesan', `${P}/${s.child.id}/messages`, 4],
    ] as const) {
      expect(await statementsDuring(t, () => getOk(s.parent, url)), page).toBe(count);
    }
  });
});

describe('GET /api/parent/children and whose child', () => {
  it('lists siblings in different rombels by name with their rombel and wali kelas; each page is that child’s', async () => {
    const a = await attendanceScene(t, 1);
    const b = await attendanceScene(t, 1);
    const older = a.students[0]!;
    const younger = b.students[0]!;
    const parent = await t.factory.parent([younger.id, older.id], { relation: 'ayah' });
    const res = await getOk(parent, P);
    const byName = [older, younger].sort((x, y) => x.name.toLowerCase().localeCompare(y.name.toLowerCase()));
    expect(res.data).toEqual(
      byName.map((c) => {
        const s = c === older ? a : b;
        return {
          id: c.id,
          name: c.name,
          nis: FACTORY_IDENTITY.nis,
          rombel: { id: s.rombelId, name: s.rombelName },
          homeroom_teacher: { id: s.homeroom.id, name: s.homeroom.name },
          relation: 'ayah',
          avatar: null,
        };
      }),
    );
    const olderToday = await getOk(parent, `${P}/${older.id}/today`);
    expect(olderToday.data.homeroom).toEqual([
      { rombel: { id: a.rombelId, name: a.rombelName }, teacher: { id: a.homeroom.id, name: a.homeroom.name } },
    ]);
    const youngerToday = await getOk(parent, `${P}/${younger.id}/today`);
    expect(youngerToday.data.homeroom).toEqual([
      { rombel: { id: b.rombelId, name: b.rombelName }, teacher: { id: b.homeroom.id, name: b.homeroom.name } },
    ]);
  });

  it('answers 404 for a child of another family, a deactivated child and a graduated sibling, on every page', async () => {
    const s = await childScene();
    const grad = await attendanceScene(t, 1);
    const graduate = grad.students[0]!;
    const other = await t.factory.student({ rombelId: s.rombelId });
    await t.factory.parent([other.id]);
    const parent = await t.factory.parent([s.child.id, s.classmate.id, graduate.id]);
    const pages = ['today', 'work', 'grades', 'report-grades', 'attendance', 'announcements', 'messages', 'leave-requests'];

    // Another family's child, by changing the id.
    for (const page of pages) {
      const res = await t.as(parent.token).get(`${P}/${other.id}/${page}`);
      expect(res.status, page).toBe(404);
    }
    // A deactivated child.
    await t.db.update(users).set({ status: 0 }).where(eq(users.id, s.classmate.id));
    // A graduated sibling: the promotion removes the rombel and deactivates.
    await t.db.transaction((tx) => applyPromotion(tx, [{ from: grad.rombelId, to: null }]));
    for (const id of [s.classmate.id, graduate.id]) {
      for (const page of pages) expect((await t.as(parent.token).get(`${P}/${id}/${page}`)).status, `${id} ${page}`).toBe(404);
    }
    expect((await getOk(parent, P)).data.map((c: { id: number }) => c.id)).toEqual([s.child.id]);
    // The child still is theirs.
    await getOk(parent, `${P}/${s.child.id}/work`);
  });

  it('refuses a parent on the student routes: a comment, a hand-in, a forum post, a quiz attempt (403)', async () => {
    const s = await childScene();
    const lesson = `/api/student/my-classes/${s.classId}/contents/${s.content.id}`;
    const calls = [
      t.as(s.parent.token).post(`/api/student/submissions/${s.graded.id}/comments`, { body: 'Halo' }),
      t.as(s.parent.token).upload('POST', `/api/student/submissions/${s.returned.id}`, {}, { files: png('jawaban.png') }),
      t.as(s.parent.token).post(`${lesson}/forums/${s.forum.id}/comments`, { body: 'Halo' }),
      t.as(s.parent.token).post(`${lesson}/quizzes/${s.shownQuiz.id}/attempts`, {}),
      t.as(s.parent.token).upload('POST', '/api/student/leave-requests', leaveFields(0), { file: png() }),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBe(403);
  });
});

describe('izin requests of a parent for the child', () => {
  const ask = (s: ChildScene, studentId: number, day = 0, file: FormFile = png(), kind = 'S') =>
    t.as(s.parent.token).upload('POST', `${P}/${studentId}/leave-requests`, leaveFields(day, kind), { file });

  it('makes the request as the student’s form does, the parent as requester; the wali kelas sees and decides it, the parent is told', async () => {
    const s = await childScene();
    const res = await ask(s, s.child.id, 0, png(), 'I');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.message).toBe(LEAVE_MSG.created);
    expect(res.body.data).toMatchObject({
      student: { id: s.child.id, name: s.child.name },
      rombel: { id: s.rombelId, name: s.rombelName },
      kind: 'I',
      status: 'pending',
      requested_by: { id: s.parent.id, name: s.parent.name },
      file: { filename: 'surat.png', mime_type: 'image/png' },
    });
    const id = res.body.data.id as number;
    // The child sees it among their own; the parent's list equals the child's.
    expect((await getOk(s.child, '/api/student/leave-requests')).data).toEqual([res.body.data]);
    expect((await getOk(s.parent, `${P}/${s.child.id}/leave-requests`)).data).toEqual([res.body.data]);
    const homeroom = await getOk(s.homeroom, `/api/teacher/homerooms/${s.rombelId}/leave-requests?status=pending`);
    expect(homeroom.data).toEqual([res.body.data]);
    const what = `izin ${leaveRangeText(wibDate(0), wibDate(0))}`;
    const bell = await getOk(s.homeroom, '/api/notifications');
    expect(bell.data.items.map((n: { text: string }) => n.text)).toEqual([
      `${s.parent.name} mengajukan ${what} untuk ${s.child.name} di ${s.rombelName}`,
    ]);
    // The letter.
    const letter = await t.as(s.parent.token).get(`${P}/${s.child.id}/leave-requests/${id}/file`);
    expect(letter.status).toBe(200);
    expect(letter.headers['content-type']).toBe('image/png');

    const approved = await t.as(s.homeroom.token).post(`/api/teacher/homerooms/${s.rombelId}/leave-requests/${id}/approve`, {});
    expect(approved.status).toBe(200);
    const told = (await getOk(s.parent, '/api/notifications')).data.items;
    expect(told.map((n: { text: string }) => n.text)).toEqual([`Permohonan ${what} untuk ${s.child.name} disetujui`]);
    expect((await getOk(s.child, '/api/notifications')).data.items.map((n: { text: string }) => n.text)).toEqual([
      `Permohonan ${what} disetujui`,
    ]);
  });

  it('refuses an overlap (409), a letter that is no photo or PDF (415), and another child’s id (404)', async () => {
    const s = await childScene();
    const own = await t.as(s.child.token).upload('POST', '/api/student/leave-requests', leaveFields(-1), { file: png() });
    expect(own.status).toBe(201);
    const overlap = await ask(s, s.child.id, -1);
    expect(overlap.status).toBe(409);
    expect(overlap.body).toEqual({ success: false, message: LEAVE_MSG.overlap });
    const text = await ask(s, s.child.id, 0, { name: 'surat.jpg', data: samples.text('bukan gambar'), type: 'image/jpeg' });
    expect(text.status).toBe(415);
    expect(text.body).toEqual({ success: false, message: LEAVE_MSG.fileType, errors: { file: [LEAVE_MSG.fileType] } });
    // The classmate's id: not this parent's child.
    expect((await ask(s, s.classmate.id, 0)).status).toBe(404);
    expect((await getOk(s.child, '/api/student/leave-requests')).data).toHaveLength(1);
    expect((await getOk(s.classmate, '/api/student/leave-requests')).data).toEqual([]);
  });

  it('withdraws only a pending request the parent made; reads only the child’s letters', async () => {
    const s = await childScene();
    const childOwn = await t.as(s.child.token).upload('POST', '/api/student/leave-requests', leaveFields(-1), { file: png() });
    const mine = await ask(s, s.child.id, 0);
    const classmateOwn = await t.as(s.classmate.token).upload('POST', '/api/student/leave-requests', leaveFields(0), { file: png() });
    const base = `${P}/${s.child.id}/leave-requests`;
    // The child's own request: not the parent's to withdraw.
    expect((await t.as(s.parent.token).post(`${base}/${childOwn.body.data.id}/withdraw`)).status).toBe(404);
    // A classmate's request, under the child's id or the classmate's.
    expect((await t.as(s.parent.token).post(`${base}/${classmateOwn.body.data.id}/withdraw`)).status).toBe(404);
    expect((await t.as(s.parent.token).get(`${base}/${classmateOwn.body.data.id}/file`)).status).toBe(404);
    expect((await t.as(s.parent.token).get(`${P}/${s.classmate.id}/leave-requests/${classmateOwn.body.data.id}/file`)).status).toBe(404);
    // The child's letter is theirs to read.
    expect((await t.as(s.parent.token).get(`${base}/${childOwn.body.data.id}/file`)).status).toBe(200);

    const done = await t.as(s.parent.token).post(`${base}/${mine.body.data.id}/withdraw`);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ message: LEAVE_MSG.withdrawn, data: { id: mine.body.data.id, status: 'withdrawn' } });
    const again = await t.as(s.parent.token).post(`${base}/${mine.body.data.id}/withdraw`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(LEAVE_MSG.notPending);
  });
});
