/**
 * The authorization matrix: every route of the server's own route table × every kind of caller ×
 * {the scene's own object, another class's object under the same path}, each cell with its declared
 * status. A route without a row (or a row without a route) fails. A refused cell answers the bare
 * envelope, carries none of the objects' data and changes no row and no stored file.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { announcements, authTokens, notifications, submissionComments, submissions, userImports } from '../src/db/schema.js';
import { hashToken, issueToken } from '../src/auth/tokens.js';
import { multipartBody, samples, useTestApp, type TestContext } from './helpers.js';
import { envelopeProblem, fingerprint } from './hardening.js';
import { FACTORY_IDENTITY, type TestUser } from './factory.js';
import { ROLE_IDS } from '@kelasku/contract';
import {
  CALLERS,
  adminOnly,
  parentArea,
  parentDefault,
  all,
  authed,
  classMembers,
  json,
  studentArea,
  studentChain,
  studentList,
  studentTop,
  teacherArea,
  teacherChain,
  teacherList,
  teacherTop,
  uniq,
  type Body,
  type CallContext,
  type Caller,
  type Cell,
  type Chain,
  type Expectations,
  type Row,
  type Scene,
  type Variant,
} from './authz-shape.js';
import * as schoolYearArea from './areas/school-year.js';
import * as teachingArea from './areas/teaching.js';
import * as timetableArea from './areas/timetable.js';
import * as scheduleArea from './areas/schedule.js';
import * as meetingsArea from './areas/meetings.js';
import * as checkinArea from './areas/checkin.js';
import * as leaveRequestsArea from './areas/leave-requests.js';
import * as attendanceRecapsArea from './areas/attendance-recaps.js';
import * as gradeSchemeArea from './areas/grade-scheme.js';
import * as learningObjectivesArea from './areas/learning-objectives.js';
import * as reportGradesArea from './areas/report-grades.js';
import * as rubricsArea from './areas/rubrics.js';
import * as quickGradingArea from './areas/quick-grading.js';
import * as eraporArea from './areas/erapor.js';
import * as parentAccountsArea from './areas/parent-accounts.js';
import * as parentAreaArea from './areas/parent-area.js';
import * as homeroomOverviewArea from './areas/homeroom-overview.js';
import * as parentSummaryArea from './areas/parent-summary.js';
import * as examsArea from './areas/exams.js';
import * as questionCategoryArea from './areas/question-category.js';
import * as pushArea from './areas/push.js';
import * as notificationSettingsArea from './areas/notification-settings.js';
import * as calendarArea from './areas/calendar.js';
import * as contactsArea from './areas/contacts.js';

const t = useTestApp();

const NO_SUCH_ID = 2_147_483_000;

/** Waits until no user import is queued or running (they run as background jobs). */
async function importsSettled() {
  // Done once no import waits or runs and each finished one has told its admin (that notification
  // is written after the import's own commit).
  for (let i = 0; i < 300; i++) {
    const result = (await t.db.execute(sql`
      select (select count(*) from user_imports where status in ('queued', 'running'))::int as pending,
             (select count(*) from user_imports where status = 'done' and created_by is not null
               and (summary->>'create')::int > 0 and summary->>'source' is null)::int as finished, -- run by the job (a reset, a chain's slips or the FET import's slips tell no one)
             (select count(*) from notifications where kind = 'import_done')::int as told`)) as unknown as {
      rows: Array<{ pending: number; finished: number; told: number }>;
    };
    const row = result.rows[0]!;
    if (row.pending === 0 && row.told >= row.finished) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('an import did not finish');
}

async function buildChain(t: TestContext, teacher: TestUser, student: TestUser, rombelId: number, admin: TestUser): Promise<Chain> {
  const f = t.factory;
  const marker = `RAHASIA${randomBytes(5).toString('hex')}`;
  const klass = await f.onlineClass(teacher.id, { rombelId, name: `Kelas ${marker}`, description: marker });
  const content = await f.content(klass.id, { title: `Konten ${marker}`, description: marker });
  const file = await f.file(`materi-${marker}.pdf`, samples.pdf(marker));
  const material = await f.material(content.id, { title: `Materi ${marker}`, fileId: file.id });
  const forum = await f.forum(content.id, teacher.id, { topic: `Topik ${marker}`, description: marker });
  const comment = await f.comment(forum.id, student.id, `Komentar ${marker}`);
  const assignment = await f.assignment(content.id, teacher.id, { title: `Tugas ${marker}`, description: marker });
  const submissionFile = await f.file(`jawaban-${marker}.pdf`, samples.pdf(marker));
  const submission = await f.submission(assignment.id, student.id, { fileId: submissionFile.id });
  await t.db.insert(submissionComments).values({ assignmentId: assignment.id, studentId: student.id, authorId: student.id, body: marker });
  const target = await f.student({ rombelId, name: `Siswa ${marker}` });
  const emptyRombel = await f.rombel({ name: `Rombel ${marker}` });
  const word = await f.word({ title: `Kata ${marker}`, body: marker });
  const [userImport] = await t.db
    .insert(userImports)
    .values({
      // The admin's own slips (another admin's are a 404: test/slips.test.ts), with one first password left.
      createdBy: admin.id,
      status: 'done',
      total: 1,
      done: 1,
      summary: { create: 0, update: 1, unchanged: 0 },
      credentials: [
        { userId: target.id, line: 0, name: target.name, role: 'student', rombel: null, username: target.username, password: 'awal1234' },
      ],
      finishedAt: new Date(),
    })
    .returning();
  const [announcement] = await t.db
    .insert(announcements)
    .values({ onlineClassId: klass.id, authorId: teacher.id, body: `Pengumuman ${marker}` })
    .returning();
  const [notification] = await t.db
    .insert(notifications)
    .values({ userId: teacher.id, kind: 'hand_ins', subject: `Tugas ${marker}`, context: `Kelas ${marker}`, link: '/online-class' })
    .returning();
  const category = await f.questionCategory(teacher.id, `Kategori ${marker}`);
  const question = await f.question(category.id, teacher.id, { text: `Soal ${marker}` });
  const quiz = await f.quiz(content.id, teacher.id, [question.id], { title: `Kuis ${marker}`, attemptsAllowed: 0 });
  const attempt = await f.quizAttempt(quiz.id, student.id, [question.id], { score: 1, answers: { [question.id]: { option: 'o1' } } });
  // A token of its own: the teacher's may have been revoked by an earlier cell (logout).
  const uploader = await issueToken(t.db, teacher.id);
  const upload = await t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { authorization: `Bearer ${uploader}`, ...tusCreate() },
  });
  const uploadId = String(upload.headers.location ?? '')
    .split('/')
    .pop()!;
  return {
    teacher,
    student,
    rombelId,
    classId: klass.id,
    lessonId: content.id,
    materialId: material.id,
    fileId: file.id,
    forumId: forum.id,
    commentId: comment.id,
    assignmentId: assignment.id,
    submissionFileId: submissionFile.id,
    studentId: student.id,
    revision: submission.revision,
    userId: target.id,
    emptyRombelId: emptyRombel.id,
    wordId: word.id,
    importId: userImport!.id,
    announcementId: announcement!.id,
    notificationId: notification!.id,
    quizId: quiz.id,
    questionId: question.id,
    attemptId: attempt.id,
    categoryId: category.id,
    uploadId,
    marker,
  };
}

/** The headers that create a resumable upload of a 100-byte PDF. */
function tusCreate(): Record<string, string> {
  return {
    'tus-resumable': '1.0.0',
    'upload-length': '100',
    'upload-metadata': `filename ${Buffer.from('matriks.pdf').toString('base64')}`,
  };
}

const pdfForm = (fields: Record<string, string> = {}): Body => ({
  form: { fields, files: { file: { name: 'matriks.pdf', data: samples.pdf() } } },
});
const T = '/api/teacher/online-classes/:classId/contents/:lessonId';
const S = '/api/student/my-classes/:classId/contents/:lessonId';
const deadline = () => new Date(Date.now() + 3 * 24 * 3600 * 1000).toISOString();

/** An object of the chain's teacher alone (a resumable upload): 404 to everybody else. */
const uploaderOnly = (status: number): Expectations => ({
  none: 401,
  expired: 401,
  admin: 404,
  owner: [status, 404],
  otherTeacher: [404, status],
  student: 404,
  parent: 404,
  otherParent: 404,
  otherStudent: 404,
});
const teacherCatchAll = teacherArea(404, 404);
/** A question of the bank as the question form sends it. */
const matrixQuestion = {
  type: 'multiple_choice',
  text: 'Soal Matriks',
  points: 1,
  data: {
    options: [
      { text: 'Benar', correct: true },
      { text: 'Salah', correct: false },
    ],
  },
};
const studentCatchAll = studentArea(404, 404);

/** The matrix: one row per route, keyed "METHOD /url" ("* /url" covers every method of a catch-all). */
const MATRIX: Record<string, Row> = {
  // Issue 37: the school year's areas keep their rows beside their tests (areas/*.ts).
  ...schoolYearArea.matrixRows,
  ...teachingArea.matrixRows,
  ...timetableArea.matrixRows,
  ...scheduleArea.matrixRows,
  // Issue 38: Presensi.
  ...meetingsArea.matrixRows,
  ...checkinArea.matrixRows,
  ...leaveRequestsArea.matrixRows,
  ...attendanceRecapsArea.matrixRows,
  // Issue 39: Nilai rapor.
  ...gradeSchemeArea.matrixRows,
  ...learningObjectivesArea.matrixRows,
  ...reportGradesArea.matrixRows,
  ...rubricsArea.matrixRows,
  ...quickGradingArea.matrixRows,
  ...eraporArea.matrixRows,
  // Issue 40: wali kelas and parents.
  ...parentAccountsArea.matrixRows,
  ...parentAreaArea.matrixRows,
  ...homeroomOverviewArea.matrixRows,
  ...parentSummaryArea.matrixRows,
  // Issue 41: exam mode.
  ...examsArea.matrixRows,
  ...questionCategoryArea.matrixRows,
  ...pushArea.matrixRows,
  ...notificationSettingsArea.matrixRows,
  ...calendarArea.matrixRows,
  ...contactsArea.matrixRows,
  // ---- public
  'GET /api/health': { expect: all(200) },
  // Readiness: the matrix app is built without server.ts's start-up, so it is marked ready as the server marks it.
  'GET /api/ready': { expect: all(200), prepare: async (c) => c.scene.app.markReady() },
  // Outside /api. METRICS_TOKEN is not set in this app: an unknown path for everyone (its 401s: metrics.test.ts).
  'GET /metrics': { expect: all(404) },
  'POST /api/login': {
    expect: all(200),
    body: (c) => json({ username: c.scene.owner.username, password: c.scene.owner.password }),
  },
  'GET /api/files/:id': {
    // A signed link opens for anyone holding it (while the user it was made for, the class's
    // teacher here, sees the parent); this file's id with another file's signature does not.
    expect: Object.fromEntries(CALLERS.map((k) => [k, [200, 403]])) as Expectations,
    url: (c) => {
      const links = c.scene.app.files.forUser(c.scene.owner.id);
      const link = links.url(c.own.fileId);
      if (c.variant === 'own') return link;
      return `/api/files/${c.own.fileId}?${links.url(c.scene.foreign.fileId).split('?')[1]}`;
    },
  },
  'GET /api/downloads/online-classes/:classId/contents/:lessonId/assignments/:id/submissions.zip': {
    // The ZIP's signed link, minted by the class's teacher, opens for anyone; moved onto another class's assignment it does not.
    expect: Object.fromEntries(CALLERS.map((k) => [k, [200, 403]])) as Expectations,
    url: async (c) => {
      const zip = (ch: Chain) => `online-classes/${ch.classId}/contents/${ch.lessonId}/assignments/${ch.assignmentId}/submissions.zip`;
      const minted = await t.as(c.scene.owner.token).post(`/api/teacher/${zip(c.scene.own)}/link`, {});
      const link: string = minted.body.data.url;
      return c.variant === 'own' ? link : link.replace(zip(c.scene.own), zip(c.scene.foreign));
    },
  },
  // Issue 24: the backup's signed link, minted by an admin, opens for anyone holding it (no ids: one variant).
  'GET /api/downloads/backup': {
    expect: all(200),
    url: async (c) => (await t.as(await issueToken(t.db, c.scene.admin.id)).post('/api/admin/backup/link', {})).body.data.url,
  },
  'GET /api/files/:fileId/link': {
    // A material's file: its class's teacher and the students of its rombel; the admin reaches no class.
    expect: classMembers,
    url: (c) => `/api/files/${c.target.fileId}/link`,
    noMarker: true,
  },
  'GET /api/docs': { expect: all(200) },
  'GET /api/docs/json': { expect: all(200) },
  'GET /api/docs/yaml': { expect: all(200) },
  'GET /api/docs/static/index.html': { expect: all(302) },
  'GET /api/docs/static/swagger-initializer.js': { expect: all(200) },
  'GET /api/docs/static/*': { expect: all(200), url: () => '/api/docs/static/swagger-ui.css' },

  // ---- any logged-in user
  'POST /api/logout': { expect: authed(200) },
  // Issue 23: resumable uploads. Anyone logged in may start one; an upload is its creator's alone.
  'POST /api/uploads': { expect: authed(201), body: () => ({ raw: undefined, headers: tusCreate() }) },
  // Issue 35: tus discovery answers everyone, signed in or not.
  'OPTIONS /api/uploads': { expect: all(204) },
  'HEAD /api/uploads/:id': {
    id: 'uploadId',
    expect: uploaderOnly(200),
    body: () => ({ raw: undefined, headers: { 'tus-resumable': '1.0.0' } }),
  },
  'PATCH /api/uploads/:id': {
    id: 'uploadId',
    expect: uploaderOnly(204),
    body: () => ({
      raw: Buffer.concat([samples.pdf(), Buffer.alloc(100 - samples.pdf().length, 0x20)]),
      headers: { 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    }),
  },
  'DELETE /api/uploads/:id': {
    id: 'uploadId',
    expect: uploaderOnly(204),
    body: () => ({ raw: undefined, headers: { 'tus-resumable': '1.0.0' } }),
  },
  'GET /api/me': { expect: authed(200) },
  // Issue 22: the bell (one's own notifications only) and the live stream (a topic as reachable as its page).
  'GET /api/notifications': { expect: authed(200), noMarker: true },
  'GET /api/notifications/unread-count': { expect: authed(200) },
  'POST /api/notifications/:id/read': {
    id: 'notificationId',
    expect: {
      none: 401,
      expired: 401,
      admin: 404,
      owner: [200, 404],
      otherTeacher: [404, 200],
      student: 404,
      otherStudent: 404,
      parent: 404,
      otherParent: 404,
    },
  },
  'POST /api/notifications/read-all': { expect: authed(200) },
  'GET /api/live': {
    stream: true,
    noMarker: true,
    // The thread of a forum: its class's teacher and the students of its rombel.
    expect: classMembers,
    url: (c) => `/api/live?class=${c.target.classId}&content=${c.target.lessonId}&forum=${c.target.forumId}`,
  },
  'GET /api/rombel-classes': { expect: authed(200) },
  'PUT /api/profile/:id': {
    id: 'profile',
    expect: authed([200, 403]),
    body: (c) =>
      json({
        name: c.user.name,
        username: c.user.username,
        email: c.user.email,
        // The school-owned fields as they are (the profile form resends them; a change is refused).
        ...(c.user.roleId === ROLE_IDS.teacher ? { nip: FACTORY_IDENTITY.nip, nik: FACTORY_IDENTITY.nik } : {}),
        ...(c.user.roleId === ROLE_IDS.student
          ? {
              rombel: c.user === c.scene.student ? c.scene.ownRombel : c.scene.otherRombel,
              nis: FACTORY_IDENTITY.nis,
              nisn: c.user.nisn,
            }
          : {}),
      }),
  },
  'PATCH /api/profile/update-password': {
    expect: authed(200),
    body: (c) => json({ password: c.user.password, new_password: c.user.password, new_password_confirmation: c.user.password }),
  },
  'POST /api/profile/update-avatar': {
    expect: authed(200),
    body: () => ({ form: { fields: {}, files: { avatar: { name: 'a.png', data: samples.png() } } } }),
  },
  'PATCH /api/profile/update-avatar': {
    expect: authed(200),
    body: () => ({ form: { fields: {}, files: { avatar: { name: 'a.png', data: samples.png() } } } }),
  },

  // ---- admin
  'GET /api/admin/dashboard/users': { expect: adminOnly(200) },
  'GET /api/admin/resources/users': { expect: adminOnly(200) },
  'POST /api/admin/resources/users': {
    expect: adminOnly(201),
    body: () => {
      const u = `matriks${uniq()}`;
      return json({
        role: ROLE_IDS.student,
        name: 'Siswa Matriks',
        gender: 'L',
        username: u,
        email: `${u}@test.sch.id`,
        password: 'rahasia1',
        confirm_password: 'rahasia1',
        rombel_id: 1,
      });
    },
  },
  'GET /api/admin/resources/users/:id': { id: 'userId', expect: adminOnly([200, 404]) },
  'PUT /api/admin/resources/users/:id': {
    id: 'userId',
    expect: adminOnly([200, 404]),
    body: () => {
      const u = `ubah${uniq()}`;
      return json({ name: 'Siswa Diubah', gender: 'P', username: u, email: `${u}@test.sch.id` });
    },
  },
  'PATCH /api/admin/resources/users/:id/status': { id: 'userId', expect: adminOnly([200, 404]), body: () => json({ status: 0 }) },
  'DELETE /api/admin/resources/users/:id': { id: 'userId', expect: adminOnly([200, 404]) },
  'DELETE /api/admin/resources/users/:id/login-lock': { id: 'userId', expect: adminOnly([200, 404]) },
  // The template is binary (XLSX); the preview writes nothing and shows only the file's own rows.
  'POST /api/admin/resources/users/bulk': {
    expect: adminOnly(200),
    noMarker: true,
    body: (c) => json({ ids: [c.own.userId], action: 'activate' }),
  },
  'GET /api/admin/imports/users/template': { expect: adminOnly(200), noMarker: true },
  'GET /api/admin/imports/users/export': { expect: adminOnly(200), noMarker: true },
  'POST /api/admin/imports/users': {
    expect: adminOnly(202),
    noMarker: true,
    body: () => ({
      form: { fields: {}, files: { file: { name: 'impor.csv', data: Buffer.from(`Nama;Peran\nSiswa Impor ${uniq()};Siswa\n`) } } },
    }),
  },
  'GET /api/admin/imports/:id': { id: 'importId', expect: adminOnly([200, 404]), noMarker: true },
  // Binary: the admin who made the slips downloads them (again, until first sign-in or 7 days).
  'GET /api/admin/imports/:id/slips.:format': {
    expect: adminOnly([200, 404]),
    noMarker: true,
    url: (c) => `/api/admin/imports/${c.variant === 'own' ? c.own.importId : NO_SUCH_ID}/slips.pdf`,
  },
  'POST /api/admin/imports/users/preview': {
    expect: adminOnly(200),
    noMarker: true,
    body: () => ({
      form: { fields: {}, files: { file: { name: 'impor.csv', data: Buffer.from(`Nama;Peran\nSiswa Matriks ${uniq()};Siswa\n`) } } },
    }),
  },
  'GET /api/admin/resources/users/:id/delete-impact': { id: 'userId', expect: adminOnly([200, 404]), noMarker: true },
  'GET /api/admin/resources/departments': { expect: adminOnly(200) },
  'GET /api/admin/resources/rombel-classes': { expect: adminOnly(200) },
  'POST /api/admin/resources/rombel-classes': {
    expect: adminOnly(201),
    body: () => json({ department_id: 1, name: `X TKJ M${uniq()}`, grade: 10 }),
  },
  'POST /api/admin/resources/rombel-classes/bulk': {
    expect: adminOnly(201),
    body: () => json({ department_id: 1, grade: 11, names: [`XI TKJ B${uniq()}`, `XI TKJ C${uniq()}`] }),
  },
  // The year-end promotion of an empty rombel: granted, and it moves nobody and archives nothing of the scene.
  'POST /api/admin/promotion/preview': {
    expect: adminOnly(200),
    body: (c) => json({ mappings: [{ from_rombel_id: c.own.emptyRombelId, to: 'lulus' }] }),
  },
  'POST /api/admin/promotion': {
    expect: adminOnly(200),
    body: (c) => json({ mappings: [{ from_rombel_id: c.own.emptyRombelId, to: c.scene.otherRombel }] }),
  },
  'GET /api/admin/archived-classes': { expect: adminOnly(200) },
  'GET /api/admin/resources/rombel-classes/:id': { id: 'emptyRombelId', expect: adminOnly([200, 404]) },
  'PUT /api/admin/resources/rombel-classes/:id': {
    id: 'emptyRombelId',
    expect: adminOnly([200, 404]),
    body: () => json({ department_id: 1, name: `XI TKJ M${uniq()}`, grade: 11 }),
  },
  'DELETE /api/admin/resources/rombel-classes/:id': { id: 'emptyRombelId', expect: adminOnly([200, 404]) },
  'GET /api/admin/resources/motivational-words': { expect: adminOnly(200) },
  'POST /api/admin/resources/motivational-words': {
    expect: adminOnly(201),
    body: () => json({ title: 'Semangat', body: 'Belajar terus.', from: 'Guru' }),
  },
  'GET /api/admin/resources/motivational-words/:id': { id: 'wordId', expect: adminOnly([200, 404]) },
  'PUT /api/admin/resources/motivational-words/:id': {
    id: 'wordId',
    expect: adminOnly([200, 404]),
    body: () => json({ title: 'Semangat baru', body: 'Belajar terus.', from: 'Guru' }),
  },
  'DELETE /api/admin/resources/motivational-words/:id': { id: 'wordId', expect: adminOnly([200, 404]) },
  // Issue 24: the whole school as one archive (and its signed link), for the admin only.
  'GET /api/admin/backup': { expect: adminOnly(200) },
  'POST /api/admin/backup/link': { expect: adminOnly(200) },
  // Issue 35: "Log aktivitas" and its XLSX, for the admin only (rows of any class, so no marker is promised).
  'GET /api/admin/audit-log': { expect: adminOnly(200), noMarker: true },
  'GET /api/admin/audit-log.xlsx': { expect: adminOnly(200), noMarker: true },
  '* /api/admin/*': { expect: adminOnly(404), url: () => '/api/admin/tidak-ada/1', body: () => json({}) },

  // ---- teacher
  'GET /api/teacher/online-classes': { expect: teacherList(200) },
  'POST /api/teacher/online-classes': {
    expect: teacherList(201),
    body: (c) => json({ name: 'Kelas Matriks', rombel_class_id: c.scene.ownRombel }),
  },
  'GET /api/teacher/online-classes/:id': { id: 'classId', expect: teacherTop(200) },
  'PUT /api/teacher/online-classes/:id': {
    id: 'classId',
    expect: teacherTop(200),
    body: (c) => json({ name: 'Kelas Diubah', rombel_class_id: c.target.rombelId }),
  },
  'DELETE /api/teacher/online-classes/:id': { id: 'classId', expect: teacherTop(200) },
  'GET /api/teacher/online-classes/:classId/contents': { expect: teacherTop(200) },
  'POST /api/teacher/online-classes/:classId/contents': { expect: teacherTop(201), body: () => json({ title: 'Pertemuan Matriks' }) },
  [`GET ${T}`]: { expect: teacherChain(200) },
  [`PUT ${T}`]: { expect: teacherChain(200), body: () => json({ title: 'Pertemuan Diubah', description: null }) },
  [`DELETE ${T}`]: { expect: teacherChain(200) },
  [`POST ${T}/materials`]: { expect: teacherChain(201), body: () => pdfForm({ title: 'Materi Matriks' }) },
  [`DELETE ${T}/materials/:id`]: { id: 'materialId', expect: teacherChain(200) },
  // Issue 21: several files at once, links, rename / change link, replace a file.
  [`POST ${T}/materials/batch`]: { expect: teacherChain(201), body: () => pdfForm({ title: 'Materi Matriks' }) },
  [`POST ${T}/links`]: { expect: teacherChain(201), body: () => json({ title: 'Tautan Matriks', url: 'https://contoh.sch.id/matriks' }) },
  [`PUT ${T}/materials/:id`]: { id: 'materialId', expect: teacherChain(200), body: () => json({ title: 'Materi Diubah' }) },
  [`PUT ${T}/materials/:id/file`]: { id: 'materialId', expect: teacherChain(200), body: () => pdfForm() },
  [`POST ${T}/assignments`]: {
    expect: teacherChain(201),
    body: () => json({ title: 'Tugas Matriks', description: 'Kerjakan.', deadline: deadline() }),
  },
  [`GET ${T}/assignments/:id`]: { id: 'assignmentId', expect: teacherChain(200) },
  [`PUT ${T}/assignments/:id`]: {
    id: 'assignmentId',
    expect: teacherChain(200),
    body: () => json({ title: 'Tugas Diubah', description: 'Kerjakan lagi.', deadline: deadline() }),
  },
  [`DELETE ${T}/assignments/:id`]: { id: 'assignmentId', expect: teacherChain(200) },
  [`GET ${T}/assignments/:id/unsubmitted`]: { id: 'assignmentId', expect: teacherChain(200) },
  [`GET ${T}/assignments/:id/ungrading`]: { id: 'assignmentId', expect: teacherChain(200) },
  [`GET ${T}/assignments/:id/graded`]: { id: 'assignmentId', expect: teacherChain(200), noMarker: true },
  [`POST ${T}/assignments/:id/grade`]: {
    id: 'assignmentId',
    expect: teacherChain(200),
    body: (c) => json({ student_id: c.own.student.id, score: 80, revision: c.own.revision }),
  },
  // Graded work goes back: the granted cell grades the fresh submission first.
  [`POST ${T}/assignments/:id/return`]: {
    id: 'assignmentId',
    expect: teacherChain(200),
    prepare: async (c) => {
      await t.db
        .update(submissions)
        .set({ score: 80, gradedAt: new Date() })
        .where(and(eq(submissions.assignmentId, c.target.assignmentId), eq(submissions.studentId, c.target.studentId)));
    },
    body: (c) => json({ student_id: c.own.student.id }),
  },
  // The foreign variant names a student of another rombel under the owner's assignment.
  [`GET ${T}/assignments/:id/students/:studentId`]: { id: 'assignmentId', expect: teacherChain(200) },
  [`PUT ${T}/assignments/:id/students/:studentId/extension`]: {
    id: 'assignmentId',
    expect: teacherChain(200),
    body: () => json({ deadline: deadline() }),
  },
  [`DELETE ${T}/assignments/:id/students/:studentId/extension`]: { id: 'assignmentId', expect: teacherChain(200) },
  [`GET ${T}/assignments/:id/students/:studentId/comments`]: { id: 'assignmentId', expect: teacherChain(200) },
  // Issue 35: "Riwayat nilai" of a student's work and of an attempt: the class's teacher only (may be empty: no marker promised).
  [`GET ${T}/assignments/:id/students/:studentId/grade-history`]: { id: 'assignmentId', expect: teacherChain(200), noMarker: true },
  [`GET ${T}/quizzes/:quizId/attempts/:attemptId/grade-history`]: { expect: teacherChain(200), noMarker: true },
  [`POST ${T}/assignments/:id/students/:studentId/comments`]: {
    id: 'assignmentId',
    expect: teacherChain(201),
    body: () => json({ body: 'Komentar pribadi guru' }),
  },
  // Binary: the marker shows in the ZIP's entry names (the chain's submitted file).
  [`GET ${T}/assignments/:id/submissions.zip`]: { id: 'assignmentId', expect: teacherChain(200) },
  [`POST ${T}/assignments/:id/submissions.zip/link`]: { id: 'assignmentId', expect: teacherChain(200), noMarker: true },
  [`POST ${T}/forums`]: { expect: teacherChain(201), body: () => json({ topic: 'Diskusi Matriks' }) },
  [`GET ${T}/forums/:forumId`]: { expect: teacherChain(200) },
  [`PUT ${T}/forums/:forumId`]: { expect: teacherChain(200), body: () => json({ topic: 'Diskusi Diubah' }) },
  [`DELETE ${T}/forums/:forumId`]: { expect: teacherChain(200) },
  [`POST ${T}/forums/:forumId/comments`]: { expect: teacherChain(201), body: () => json({ comment: 'Komentar guru' }) },
  [`POST ${T}/forums/:forumId/comments/:commentId/sub-comments`]: {
    expect: teacherChain(201),
    body: () => json({ comment: 'Balasan guru' }),
  },
  [`DELETE ${T}/forums/:forumId/comments/:commentId`]: { expect: teacherChain(200) },
  // Issue 22: editing one's own comment (the chain's comment is its student's: the teacher edits one of their own).
  [`PUT ${T}/forums/:forumId/comments/:commentId`]: {
    expect: teacherChain(200),
    body: () => json({ comment: 'Komentar guru diubah' }),
    prepare: async (c) => {
      c.target.commentId = (await t.factory.comment(c.target.forumId, c.target.teacher.id, 'Komentar guru')).id;
    },
  },
  // The `@` suggestions: the chain's rombel student named with the marker is found by it.
  [`GET ${T}/forums/:forumId/mentionable`]: {
    expect: teacherChain(200),
    url: (c) =>
      `/api/teacher/online-classes/${c.own.classId}/contents/${c.own.lessonId}/forums/${c.target.forumId}/mentionable?q=${c.target.marker}`,
  },
  // The gradebook: the CSV shows the assignment's title; the XLSX is binary.
  'GET /api/teacher/online-classes/:classId/gradebook': { expect: teacherTop(200) },
  'GET /api/teacher/online-classes/:classId/gradebook.csv': { expect: teacherTop(200) },
  'GET /api/teacher/online-classes/:classId/gradebook.xlsx': { expect: teacherTop(200), noMarker: true },
  'GET /api/teacher/gradebook.xlsx': { expect: teacherList(200) },
  // Issue 21: the order of a class's contents and of a content's lists, and who sees each.
  'PUT /api/teacher/online-classes/:classId/contents/order': {
    expect: teacherTop(200),
    body: (c) => json({ ids: [c.target.lessonId] }),
  },
  [`PUT ${T}/order`]: { expect: teacherChain(200), body: (c) => json({ kind: 'materials', ids: [c.target.materialId] }) },
  [`PUT ${T}/visibility`]: { expect: teacherChain(200), body: () => json({ hidden: true }) },
  // The foreign variant names another class's material under the owner's content.
  [`PUT ${T}/:kind/:id/visibility`]: {
    expect: teacherChain(200),
    url: (c) => `/api/teacher/online-classes/${c.own.classId}/contents/${c.own.lessonId}/materials/${c.target.materialId}/visibility`,
    body: () => json({ hidden: false, publish_at: deadline() }),
  },
  // Copies go into the owner's own class (another teacher's target is a 404 of its own, in lesson-copy.test.ts).
  [`POST ${T}/copy`]: { expect: teacherChain(201), body: (c) => json({ online_class_id: c.own.classId, shift_days: 7 }) },
  'POST /api/teacher/online-classes/:classId/copy': {
    expect: teacherTop(201),
    body: (c) => json({ rombel_class_id: c.target.rombelId, name: 'Kelas Salinan' }),
  },
  'GET /api/teacher/online-classes/:classId/announcements': { expect: teacherTop(200) },
  'POST /api/teacher/online-classes/:classId/announcements': { expect: teacherTop(201), body: () => json({ body: 'Pengumuman Matriks' }) },
  'PUT /api/teacher/online-classes/:classId/announcements/:id': {
    id: 'announcementId',
    expect: teacherChain(200),
    body: () => json({ body: 'Pengumuman Diubah' }),
  },
  'DELETE /api/teacher/online-classes/:classId/announcements/:id': { id: 'announcementId', expect: teacherChain(200) },
  // Issue 25: quizzes, their results, grading and statistics (the chain's attempt is finished; its slots stay as they are).
  [`POST ${T}/quizzes`]: {
    expect: teacherChain(201),
    body: (c) => json({ title: 'Kuis Matriks', slots: [{ question_id: c.own.questionId }] }),
  },
  [`GET ${T}/quizzes/:quizId`]: { expect: teacherChain(200) },
  [`PUT ${T}/quizzes/:quizId`]: {
    expect: teacherChain(200),
    body: (c) => json({ title: 'Kuis Diubah', attempts_allowed: 0, slots: [{ question_id: c.own.questionId }] }),
  },
  [`DELETE ${T}/quizzes/:quizId`]: { expect: teacherChain(200) },
  // The roster shows the chain's student named with the marker.
  [`GET ${T}/quizzes/:quizId/results`]: { expect: teacherChain(200) },
  [`GET ${T}/quizzes/:quizId/attempts/:attemptId`]: { expect: teacherChain(200) },
  [`PUT ${T}/quizzes/:quizId/attempts/:attemptId/answers/:questionId/grade`]: {
    expect: teacherChain(200),
    body: () => json({ points: 1 }),
  },
  [`POST ${T}/quizzes/:quizId/regrade`]: { expect: teacherChain(200) },
  [`GET ${T}/quizzes/:quizId/statistics`]: { expect: teacherChain(200) },
  // Issue 25: the question bank (the teacher's own; another teacher's category or question is a 404). The chain's question is in a
  // quiz and answered, so the granted deletes work on a category or question made for them.
  'GET /api/teacher/question-categories': { expect: teacherList(200) },
  'POST /api/teacher/question-categories': { expect: teacherList(201), body: () => json({ name: `Kategori Matriks ${uniq()}` }) },
  'PUT /api/teacher/question-categories/:categoryId': { expect: teacherTop(200), body: () => json({ name: `Kategori Diubah ${uniq()}` }) },
  'DELETE /api/teacher/question-categories/:categoryId': {
    expect: teacherTop(200),
    prepare: async (c) => {
      const category = await t.factory.questionCategory(c.target.teacher.id, `Kategori Hapus ${c.target.marker}`);
      await t.factory.question(category.id, c.target.teacher.id);
      c.target.categoryId = category.id;
    },
  },
  'GET /api/teacher/question-categories/:categoryId/questions': { expect: teacherTop(200) },
  'POST /api/teacher/question-categories/:categoryId/questions': { expect: teacherTop(201), body: () => json(matrixQuestion) },
  'GET /api/teacher/questions/:questionId': { expect: teacherTop(200) },
  'PUT /api/teacher/questions/:questionId': { expect: teacherTop(200), body: () => json(matrixQuestion) },
  'DELETE /api/teacher/questions/:questionId': {
    expect: teacherTop(200),
    prepare: async (c) => {
      c.target.questionId = (await t.factory.question(c.target.categoryId, c.target.teacher.id)).id;
    },
  },
  'PUT /api/teacher/questions/:questionId/image': {
    expect: teacherTop(200),
    body: () => ({ form: { fields: {}, files: { image: { name: 'gambar.png', data: samples.png() } } } }),
  },
  'DELETE /api/teacher/questions/:questionId/image': { expect: teacherTop(200) },
  'POST /api/teacher/question-categories/:categoryId/import': {
    expect: teacherTop(201),
    body: () => ({ form: { fields: {}, files: { file: { name: 'soal.gift', data: Buffer.from('Soal matriks {T}\n') } } } }),
  },
  // The template is binary; the export shows the category's name and its questions' text.
  'GET /api/teacher/question-template.xlsx': { expect: teacherList(200) },
  'GET /api/teacher/question-categories/:categoryId/export.gift': { expect: teacherTop(200) },
  '* /api/teacher/*': { expect: teacherCatchAll, url: () => '/api/teacher/tidak-ada/1', body: () => json({}) },

  // ---- student
  'GET /api/student/my-classes': { expect: studentList(200) },
  'GET /api/student/my-classes/:classId': { expect: studentTop(200) },
  'GET /api/student/my-classes/:classId/contents': { expect: studentTop(200) },
  [`GET ${S}`]: { expect: studentChain(200) },
  [`GET ${S}/forums/:forumId`]: { expect: studentChain(200) },
  [`POST ${S}/forums/:forumId/comments`]: { expect: studentChain(201), body: () => json({ comment: 'Komentar siswa' }) },
  [`POST ${S}/forums/:forumId/comments/:commentId/sub-comments`]: {
    expect: studentChain(201),
    body: () => json({ comment: 'Balasan siswa' }),
  },
  [`DELETE ${S}/forums/:forumId/comments/:commentId`]: { expect: studentChain(200) },
  // Issue 22: the chain's comment is its student's own, just posted.
  [`PUT ${S}/forums/:forumId/comments/:commentId`]: { expect: studentChain(200), body: () => json({ comment: 'Komentar siswa diubah' }) },
  [`GET ${S}/forums/:forumId/mentionable`]: {
    expect: studentChain(200),
    url: (c) =>
      `/api/student/my-classes/${c.own.classId}/contents/${c.own.lessonId}/forums/${c.target.forumId}/mentionable?q=${c.target.marker}`,
  },
  'GET /api/student/submissions/:assignmentId': { expect: studentTop(200) },
  // The chain's student has handed in already: a second upload replaces (200).
  'POST /api/student/submissions/:assignmentId': { expect: studentTop(200), body: () => pdfForm() },
  'PUT /api/student/submissions/:assignmentId': { expect: studentTop(200), body: () => pdfForm() },
  // "Batalkan pengiriman" of the chain's ungraded hand-in.
  'DELETE /api/student/submissions/:assignmentId/hand-in': { expect: studentTop(200) },
  'GET /api/student/submissions/:assignmentId/comments': { expect: studentTop(200) },
  'POST /api/student/submissions/:assignmentId/comments': { expect: studentTop(201), body: () => json({ body: 'Komentar pribadi siswa' }) },
  'GET /api/student/assignments': { expect: studentList(200) },
  'GET /api/student/grades': { expect: studentList(200) },
  'GET /api/student/upcoming-assignments': { expect: studentList(200) },
  // Issue 23: the quizzes on the dashboard (the chain's quiz has unlimited attempts); another rombel's never.
  'GET /api/student/upcoming-quizzes': { expect: studentList(200), mine: true },
  'GET /api/student/random-motivational-word': { expect: studentList(200) },
  'GET /api/student/my-classes/:classId/announcements': { expect: studentTop(200) },
  // Issue 25: taking a quiz. Another rombel's quiz, and another student's attempt, are 404.
  [`GET ${S}/quizzes/:quizId`]: { expect: studentChain(200) },
  [`POST ${S}/quizzes/:quizId/attempts`]: { expect: studentChain(201) },
  [`GET ${S}/quizzes/:quizId/attempts/:attemptId`]: { expect: studentChain(200) },
  [`GET ${S}/quizzes/:quizId/attempts/:attemptId/review`]: { expect: studentChain(200) },
  // The granted saves and submits work on an attempt just started.
  [`PUT ${S}/quizzes/:quizId/attempts/:attemptId/answers/:questionId`]: {
    expect: studentChain(200),
    body: () => json({ answer: { option: 'o1' } }),
    prepare: async (c) => {
      c.target.attemptId = (
        await t.factory.quizAttempt(c.target.quizId, c.target.studentId, [c.target.questionId], { number: 2, finished: false })
      ).id;
    },
  },
  [`POST ${S}/quizzes/:quizId/attempts/:attemptId/submit`]: {
    expect: studentChain(200),
    prepare: async (c) => {
      c.target.attemptId = (
        await t.factory.quizAttempt(c.target.quizId, c.target.studentId, [c.target.questionId], { number: 2, finished: false })
      ).id;
    },
  },
  '* /api/student/*': { expect: studentCatchAll, url: () => '/api/student/tidak-ada/1', body: () => json({}) },
  // Issue 40: the parent area's unknown paths.
  '* /api/parent/*': { expect: parentArea(404, 404), url: () => '/api/parent/tidak-ada/1', body: () => json({}) },
};

// ---------------------------------------------------------------- running a cell

const PARAM_OBJECT: Record<string, keyof Chain> = {
  classId: 'classId',
  lessonId: 'lessonId',
  forumId: 'forumId',
  commentId: 'commentId',
  assignmentId: 'assignmentId',
  studentId: 'studentId',
  quizId: 'quizId',
  attemptId: 'attemptId',
  questionId: 'questionId',
  categoryId: 'categoryId',
};

const cellOf = (cell: Cell, v: Variant) => (Array.isArray(cell) ? cell[v === 'own' ? 0 : 1] : cell);

/** The path with its ids: every id from the own chain except the last, which comes from the target chain. */
function fillPath(url: string, row: Row, c: CallContext): string {
  const names = [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  return url.replace(/:(\w+)/g, (_, name: string) => {
    const last = name === names[names.length - 1];
    const chain = last ? c.target : c.own;
    if (name === 'id') {
      if (row.id === 'profile') return String(c.variant === 'own' ? c.user.id : c.scene.foreign.userId);
      // Admin objects have no class: the foreign variant is an id that does not exist.
      if (row.id === 'userId' || row.id === 'emptyRombelId' || row.id === 'wordId' || row.id === 'importId') {
        return String(c.variant === 'own' ? c.own[row.id] : NO_SUCH_ID);
      }
      return String(chain[row.id as keyof Chain]);
    }
    return String(chain[PARAM_OBJECT[name]!]);
  });
}

async function tokenFor(caller: Caller, scene: Scene): Promise<string | null> {
  if (caller === 'none') return null;
  if (caller === 'expired') {
    const token = randomBytes(32).toString('base64url');
    await t.db
      .insert(authTokens)
      .values({ userId: scene.owner.id, tokenHash: hashToken(token), lastUsedAt: new Date(Date.now() - 31 * 24 * 3600 * 1000) });
    return token;
  }
  // A fresh token per cell: logout and a password change end other sessions.
  return issueToken(t.db, scene[caller].id);
}

async function call(method: string, url: string, token: string | null, body: Body | undefined) {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  let payload: string | Buffer | undefined;
  if (body && 'json' in body) {
    payload = JSON.stringify(body.json);
    headers['content-type'] = 'application/json';
  } else if (body && 'form' in body) {
    const m = multipartBody(body.form.fields, body.form.files);
    payload = m.payload;
    headers['content-type'] = m.contentType;
  } else if (body && 'raw' in body) {
    payload = body.raw;
    Object.assign(headers, body.headers);
  }
  const res = await t.app.inject({ method: method as 'GET', url, headers, ...(payload === undefined ? {} : { payload }) });
  return res;
}

/** Opens a stream over a real connection: a refusal's body is read whole, a granted stream is closed at once. */
async function callStream(url: string, token: string | null) {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const ctrl = new AbortController();
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: ctrl.signal,
  });
  const streaming = (res.headers.get('content-type') ?? '').startsWith('text/event-stream');
  const body = streaming ? '' : await res.text();
  ctrl.abort();
  return { statusCode: res.status, body };
}

// ---------------------------------------------------------------- the test

let scene: Scene;
let routes: Array<{ method: string; url: string }>;

beforeAll(async () => {
  const f = t.factory;
  const ownRombel = (await f.rombel({ name: `X TKJ Matriks ${uniq()}` })).id;
  const otherRombel = (await f.rombel({ name: `X TKJ Lain ${uniq()}` })).id;
  const owner = await f.teacher();
  const otherTeacher = await f.teacher();
  const student = await f.student({ rombelId: ownRombel });
  const otherStudent = await f.student({ rombelId: otherRombel });
  const admin = await f.admin();
  scene = {
    app: t.app,
    admin,
    owner,
    otherTeacher,
    student,
    otherStudent,
    parent: await f.parent([student.id]),
    otherParent: await f.parent([otherStudent.id]),
    ownRombel,
    otherRombel,
    own: await buildChain(t, owner, student, ownRombel, admin),
    foreign: await buildChain(t, otherTeacher, otherStudent, otherRombel, admin),
  };
  // HEAD answers as GET does; it is checked where GET is.
  const gets = new Set(t.app.routeTable.filter((r) => r.method === 'GET').map((r) => r.url));
  routes = t.app.routeTable.filter((r) => (r.url.startsWith('/api') || r.url === '/metrics') && !(r.method === 'HEAD' && gets.has(r.url)));
});

const rowKey = (r: { method: string; url: string }) => (MATRIX[`${r.method} ${r.url}`] ? `${r.method} ${r.url}` : `* ${r.url}`);

describe('authorization matrix', () => {
  it('has exactly one row for every route of the server, and no row without a route', () => {
    const missing = routes.filter((r) => !MATRIX[rowKey(r)]).map((r) => `${r.method} ${r.url}`);
    expect(missing, 'routes without a row in MATRIX').toEqual([]);
    const used = new Set(routes.map(rowKey));
    expect(
      Object.keys(MATRIX).filter((k) => !used.has(k)),
      'rows without a route',
    ).toEqual([]);
    expect(routes.length).toBeGreaterThan(60);
    // Issue 40: outside the other roles' areas a row says what parents get.
    const undeclared = routes
      .filter(
        (r) =>
          MATRIX[rowKey(r)] &&
          (['parent', 'otherParent'] as const).some((k) => (MATRIX[rowKey(r)]!.expect[k] ?? parentDefault(r.url)) === undefined),
      )
      .map((r) => `${r.method} ${r.url}`);
    expect(undeclared, "rows without the parents' cells").toEqual([]);
  });

  it('answers every cell with its declared status; refused cells leak nothing and change nothing', async () => {
    const failures: string[] = [];
    let cells = 0;
    const t0 = Date.now();
    for (const route of routes) {
      const row = MATRIX[rowKey(route)]!;
      const hasIds = route.url.includes(':');
      const variants: Variant[] = hasIds ? ['own', 'foreign'] : ['own'];
      const planned = CALLERS.flatMap((caller) =>
        variants.map((variant) => {
          // A row without the parents' cells is named by the test above; here they are skipped.
          const cell = row.expect[caller] ?? parentDefault(route.url);
          return { caller, variant, status: cell === undefined ? -1 : cellOf(cell, variant) };
        }),
      );
      const plan = planned.filter((p) => p.status > 0);
      // Refused cells first, on the shared scene, which they must leave exactly as it was.
      const refused = plan.filter((p) => p.status >= 400);
      const granted = plan.filter((p) => p.status < 400);
      // An import granted by an earlier row writes in the background: it has finished before this row's fingerprint.
      await importsSettled();
      const before = await fingerprint(t);
      for (const p of [...refused, ...granted]) {
        if (p === granted[0] && refused.length > 0 && (await fingerprint(t)) !== before) {
          failures.push(`${route.method} ${route.url}: a refused request changed rows or stored files`);
        }
        cells++;
        // A granted write on an object works on fresh objects, so the shared scene stays whole for the next cells.
        const fresh = p.status < 400 && route.method !== 'GET' && hasIds;
        const own = fresh ? await buildChain(t, scene.owner, scene.student, scene.ownRombel, scene.admin) : scene.own;
        const foreign = fresh ? await buildChain(t, scene.otherTeacher, scene.otherStudent, scene.otherRombel, scene.admin) : scene.foreign;
        const user = p.caller === 'none' || p.caller === 'expired' ? scene.owner : scene[p.caller];
        const target = p.variant === 'own' ? own : foreign;
        const c: CallContext = { scene, own, target, variant: p.variant, caller: p.caller, user };
        if (p.status < 400) await row.prepare?.(c);
        const url = row.url ? await row.url(c) : fillPath(route.url, row, c);
        const token = await tokenFor(p.caller, scene);
        const res = row.stream ? await callStream(url, token) : await call(route.method, url, token, row.body?.(c));
        const where = `${route.method} ${route.url} as ${p.caller} (${p.variant}) → ${url}`;
        if (res.statusCode !== p.status) {
          failures.push(`${where}: expected ${p.status}, got ${res.statusCode} ${res.body.slice(0, 200)}`);
          continue;
        }
        if (p.status >= 400) {
          // A refusal is the bare envelope with an Indonesian message, and nothing of any object
          // (an answer to HEAD has no body at all).
          const problem = route.method === 'HEAD' ? (res.body ? 'a HEAD answer with a body' : null) : envelopeProblem(res.body);
          if (problem) failures.push(`${where}: ${problem}`);
          for (const m of [scene.own.marker, scene.foreign.marker, own.marker, foreign.marker]) {
            if (res.body.includes(m)) failures.push(`${where}: refused answer leaks ${m}`);
          }
        } else if (
          route.method === 'GET' &&
          hasIds &&
          !row.noMarker &&
          route.url.startsWith('/api/') &&
          !res.body.includes(target.marker)
        ) {
          // A granted read shows the object asked for (proves the cell reached a real object).
          failures.push(`${where}: granted answer does not show the object ${target.marker}`);
        } else if (row.mine) {
          const ownSide = p.caller === 'owner' || p.caller === 'student' || p.caller === 'parent';
          const [mine, theirs] = ownSide ? [scene.own, scene.foreign] : [scene.foreign, scene.own];
          if (!res.body.includes(mine.marker)) failures.push(`${where}: the caller's own ${mine.marker} is not listed`);
          if (res.body.includes(theirs.marker)) failures.push(`${where}: lists another class's ${theirs.marker}`);
        }
      }
      if (granted.length === 0 && (await fingerprint(t)) !== before) {
        failures.push(`${route.method} ${route.url}: a refused request changed rows or stored files`);
      }
    }
    console.info(`authorization matrix: ${routes.length} routes, ${cells} cells in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    expect(failures).toEqual([]);
  }, 600_000);
});
