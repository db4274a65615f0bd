/**
 * Hostile input, property-based (fast-check): every JSON endpoint gets its valid body with fields
 * replaced by wrong types, huge strings, unicode and out-of-range numbers, fields dropped and
 * unknown ones added, whole bodies of the wrong shape and bodies that are not JSON at all; every
 * route with an id gets ids that are not numbers or do not exist. Never a 5xx; every refusal is
 * the envelope with an Indonesian message and leaves every row and stored file as it was.
 *
 * Runs per property: FUZZ_RUNS (default 30) per JSON endpoint, FUZZ_ID_RUNS (default 12) per route
 * with an id, FUZZ_RAW_RUNS (default 60) for bodies that are not JSON. FUZZ_SEED replays a run.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { multipartBody, samples, useTestApp } from './helpers.js';
import { FACTORY_IDENTITY, type TestUser } from './factory.js';
import { announcements } from '../src/db/schema.js';
import { issueToken } from '../src/auth/tokens.js';
import { envelopeProblem, fingerprint } from './hardening.js';
import { ROLE_IDS } from '@kelasku/contract';

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
/** Issue 37: the school year's areas bring their own objects and endpoints (areas/*.ts). */
const AREAS = [
  schoolYearArea.fuzz,
  teachingArea.fuzz,
  timetableArea.fuzz,
  scheduleArea.fuzz,
  meetingsArea.fuzz,
  checkinArea.fuzz,
  leaveRequestsArea.fuzz,
  attendanceRecapsArea.fuzz,
  gradeSchemeArea.fuzz,
  learningObjectivesArea.fuzz,
  reportGradesArea.fuzz,
  rubricsArea.fuzz,
  quickGradingArea.fuzz,
  eraporArea.fuzz,
  parentAccountsArea.fuzz,
  parentAreaArea.fuzz,
  homeroomOverviewArea.fuzz,
  parentSummaryArea.fuzz,
  examsArea.fuzz,
  questionCategoryArea.fuzz,
  pushArea.fuzz,
  notificationSettingsArea.fuzz,
  calendarArea.fuzz,
  contactsArea.fuzz,
];
const areaScenes: unknown[] = [];

const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
const ID_RUNS = Number(process.env.FUZZ_ID_RUNS ?? 12);
const RAW_RUNS = Number(process.env.FUZZ_RAW_RUNS ?? 60);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const params = (numRuns: number) => ({ numRuns, ...(SEED === undefined ? {} : { seed: SEED }) });

interface Scene {
  admin: TestUser;
  teacher: TestUser;
  student: TestUser;
  /** Issue 40: a parent linked to `student`. */
  parent: TestUser;
  /** Users whose own profile and password are fuzzed (so the others keep theirs). */
  profileUser: TestUser;
  passwordUser: TestUser;
  targetUserId: number;
  rombelId: number;
  wordId: number;
  classId: number;
  spareClassId: number;
  lessonId: number;
  materialId: number;
  forumId: number;
  commentId: number;
  assignmentId: number;
  /** The revision of the student's hand-in (what the teacher saw). */
  submissionRevision: number;
  fileId: number;
  /** An announcement of the class ("Pengumuman"). */
  announcementId: number;
  /** Issue 25: a quiz (unlimited attempts) on one question, the student's finished attempt and an open one. */
  quizId: number;
  categoryId: number;
  questionId: number;
  attemptId: number;
  openAttemptId: number;
}
let s: Scene;

beforeAll(async () => {
  const f = t.factory;
  const admin = await f.admin();
  const teacher = await f.teacher();
  const student = await f.student({ rombelId: 1 });
  const klass = await f.onlineClass(teacher.id, { rombelId: 1 });
  const spare = await f.onlineClass(teacher.id, { rombelId: 1 });
  const content = await f.content(klass.id);
  const file = await f.file();
  const material = await f.material(content.id, { fileId: file.id });
  const forum = await f.forum(content.id, teacher.id);
  const comment = await f.comment(forum.id, student.id);
  const assignment = await f.assignment(content.id, teacher.id);
  const sub = await f.submission(assignment.id, student.id);
  const category = await f.questionCategory(teacher.id);
  const question = await f.question(category.id, teacher.id);
  await f.question(category.id, teacher.id);
  const quiz = await f.quiz(content.id, teacher.id, [question.id], { attemptsAllowed: 0 });
  const finishedAttempt = await f.quizAttempt(quiz.id, student.id, [question.id], { answers: { [question.id]: { option: 'o2' } } });
  const openAttempt = await f.quizAttempt(quiz.id, student.id, [question.id], { number: 2, finished: false });
  s = {
    admin,
    teacher,
    student,
    profileUser: await f.student({ rombelId: 2 }),
    passwordUser: await f.teacher(),
    targetUserId: (await f.student()).id,
    rombelId: (await f.rombel()).id,
    wordId: (await f.word()).id,
    classId: klass.id,
    spareClassId: spare.id,
    lessonId: content.id,
    materialId: material.id,
    forumId: forum.id,
    commentId: comment.id,
    assignmentId: assignment.id,
    submissionRevision: sub.revision,
    fileId: file.id,
    announcementId: (
      await t.db.insert(announcements).values({ onlineClassId: klass.id, authorId: teacher.id, body: 'Pengumuman' }).returning()
    )[0]!.id,
    quizId: quiz.id,
    categoryId: category.id,
    questionId: question.id,
    attemptId: finishedAttempt.id,
    openAttemptId: openAttempt.id,
    parent: await f.parent([student.id]),
  };
  const parent = s.parent;
  for (const [i, area] of AREAS.entries()) areaScenes[i] = await area.scene({ db: t.db, factory: f, admin, teacher, student, parent });
});

// ---------------------------------------------------------------- the JSON endpoints

interface Endpoint {
  /** Who calls it (its area's role). */
  as: (s: Scene) => TestUser | null;
  /** Values of the path's ids (and of a `:kind`). */
  ids?: (s: Scene) => Record<string, number | string>;
  /** A body the endpoint accepts; the fuzzer starts from it. */
  valid: (s: Scene) => Record<string, unknown>;
}

const TC = '/api/teacher/online-classes/:classId/contents/:lessonId';
const SC = '/api/student/my-classes/:classId/contents/:lessonId';
const chain = (x: Scene) => ({ classId: x.classId, lessonId: x.lessonId, forumId: x.forumId, commentId: x.commentId });
const future = '2030-11-30T23:59:00+07:00';

const ENDPOINTS: Record<string, Endpoint> = {
  'POST /api/login': { as: () => null, valid: (x) => ({ username: x.passwordUser.username, password: 'salah-sekali' }) },
  'PUT /api/profile/:id': {
    as: (x) => x.profileUser,
    ids: (x) => ({ id: x.profileUser.id }),
    valid: (x) => ({
      name: 'Siswa Fuzz',
      username: x.profileUser.username,
      email: x.profileUser.email,
      gender: 'P',
      birthday: '2005-05-05',
      religion: 'Islam',
      address: 'Jl. Merdeka',
      telpon: '0812-3456-7890',
      nis: FACTORY_IDENTITY.nis,
      nisn: x.profileUser.nisn,
      rombel: 2,
    }),
  },
  'PATCH /api/profile/update-password': {
    as: (x) => x.passwordUser,
    valid: (x) => ({ password: x.passwordUser.password, new_password: 'baru123', new_password_confirmation: 'baru123' }),
  },
  'POST /api/admin/resources/users': {
    as: (x) => x.admin,
    valid: () => ({
      role: ROLE_IDS.student,
      name: 'Siswa Baru',
      gender: 'L',
      username: 'siswa.fuzz',
      email: 'siswa.fuzz@test.sch.id',
      password: 'rahasia1',
      confirm_password: 'rahasia1',
      rombel_id: 1,
      nis: '1',
      nisn: '0000000002',
    }),
  },
  'POST /api/admin/resources/rombel-classes/bulk': {
    as: (x) => x.admin,
    valid: () => ({ department_id: 1, grade: 11, names: ['XI FUZZ 1', 'XI FUZZ 2'] }),
  },
  // The scene's own empty rombel graduates: nothing else of the scene is touched by a valid body.
  'POST /api/admin/promotion/preview': {
    as: (x) => x.admin,
    valid: (x) => ({ mappings: [{ from_rombel_id: x.rombelId, to: 'lulus' }] }),
  },
  'POST /api/admin/promotion': {
    as: (x) => x.admin,
    valid: (x) => ({ mappings: [{ from_rombel_id: x.rombelId, to: 'lulus' }] }),
  },
  'POST /api/admin/resources/users/bulk': {
    as: (x) => x.admin,
    valid: (x) => ({ ids: [x.targetUserId], action: 'activate' }),
  },
  'PUT /api/admin/resources/users/:id': {
    as: (x) => x.admin,
    ids: (x) => ({ id: x.targetUserId }),
    valid: () => ({
      name: 'Siswa Ubah',
      gender: 'P',
      username: 'siswa.ubah',
      email: 'ubah@test.sch.id',
      status: 1,
      role: ROLE_IDS.student,
      rombel_id: 1,
      birthday: '2006-01-01',
    }),
  },
  'PATCH /api/admin/resources/users/:id/status': { as: (x) => x.admin, ids: (x) => ({ id: x.targetUserId }), valid: () => ({ status: 1 }) },
  'POST /api/admin/resources/rombel-classes': { as: (x) => x.admin, valid: () => ({ department_id: 1, name: 'XII TKJ Fuzz', grade: 12 }) },
  'PUT /api/admin/resources/rombel-classes/:id': {
    as: (x) => x.admin,
    ids: (x) => ({ id: x.rombelId }),
    valid: () => ({ department_id: 1, name: 'XII TKJ Ubah', grade: 11 }),
  },
  'POST /api/admin/resources/motivational-words': {
    as: (x) => x.admin,
    valid: () => ({ title: 'Semangat', body: 'Terus belajar', from: 'Guru', active: true }),
  },
  'PUT /api/admin/resources/motivational-words/:id': {
    as: (x) => x.admin,
    ids: (x) => ({ id: x.wordId }),
    valid: () => ({ title: 'Semangat', body: 'Terus belajar', from: 'Guru', active: false }),
  },
  'POST /api/teacher/online-classes': {
    as: (x) => x.teacher,
    valid: () => ({ name: 'Kelas Fuzz', description: 'Deskripsi', rombel_class_id: 1 }),
  },
  'PUT /api/teacher/online-classes/:id': {
    as: (x) => x.teacher,
    ids: (x) => ({ id: x.spareClassId }),
    valid: () => ({ name: 'Kelas Ubah', description: null, rombel_class_id: 2 }),
  },
  'POST /api/teacher/online-classes/:classId/contents': {
    as: (x) => x.teacher,
    ids: (x) => ({ classId: x.classId }),
    valid: () => ({ title: 'Pertemuan', description: 'Isi' }),
  },
  [`PUT ${TC}`]: { as: (x) => x.teacher, ids: chain, valid: () => ({ title: 'Pertemuan Ubah', description: '' }) },
  [`POST ${TC}/assignments`]: {
    as: (x) => x.teacher,
    ids: chain,
    valid: () => ({ title: 'Tugas', description: 'Kerjakan', deadline: future }),
  },
  [`PUT ${TC}/assignments/:id`]: {
    as: (x) => x.teacher,
    ids: (x) => ({ ...chain(x), id: x.assignmentId }),
    valid: () => ({ title: 'Tugas Ubah', description: 'Kerjakan', deadline: '2030-12-01 08:00' }),
  },
  [`POST ${TC}/assignments/:id/grade`]: {
    as: (x) => x.teacher,
    ids: (x) => ({ ...chain(x), id: x.assignmentId }),
    valid: (x) => ({ student_id: x.student.id, score: 90, feedback: 'Bagus', revision: x.submissionRevision }),
  },
  // After the grade's runs the work is graded, so a valid return is granted.
  [`POST ${TC}/assignments/:id/return`]: {
    as: (x) => x.teacher,
    ids: (x) => ({ ...chain(x), id: x.assignmentId }),
    valid: (x) => ({ student_id: x.student.id }),
  },
  [`PUT ${TC}/assignments/:id/students/:studentId/extension`]: {
    as: (x) => x.teacher,
    ids: (x) => ({ ...chain(x), id: x.assignmentId, studentId: x.student.id }),
    valid: () => ({ deadline: future, closes_at: '2030-12-07T23:59:00+07:00' }),
  },
  [`POST ${TC}/assignments/:id/students/:studentId/comments`]: {
    as: (x) => x.teacher,
    ids: (x) => ({ ...chain(x), id: x.assignmentId, studentId: x.student.id }),
    valid: () => ({ body: 'Komentar pribadi guru' }),
  },
  'POST /api/student/submissions/:assignmentId/comments': {
    as: (x) => x.student,
    ids: (x) => ({ assignmentId: x.assignmentId }),
    valid: () => ({ body: 'Komentar pribadi siswa' }),
  },
  [`POST ${TC}/forums`]: { as: (x) => x.teacher, ids: chain, valid: () => ({ topic: 'Diskusi', description: 'Apa itu IP?' }) },
  [`PUT ${TC}/forums/:forumId`]: { as: (x) => x.teacher, ids: chain, valid: () => ({ topic: 'Diskusi Ubah', description: null }) },
  [`POST ${TC}/forums/:forumId/comments`]: { as: (x) => x.teacher, ids: chain, valid: () => ({ comment: 'Komentar guru' }) },
  [`POST ${TC}/forums/:forumId/comments/:commentId/sub-comments`]: {
    as: (x) => x.teacher,
    ids: chain,
    valid: () => ({ comment: 'Balasan guru' }),
  },
  // Issue 22: the scene's comment is the student's, so the teacher's edits are refused (403) after their bodies are checked.
  [`PUT ${TC}/forums/:forumId/comments/:commentId`]: {
    as: (x) => x.teacher,
    ids: chain,
    valid: (x) => ({ comment: 'Komentar diubah', mentions: [x.student.id] }),
  },
  // Issue 21: order and visibility (the valid bodies keep the scene shown to its student).
  'PUT /api/teacher/online-classes/:classId/contents/order': {
    as: (x) => x.teacher,
    ids: (x) => ({ classId: x.classId }),
    valid: (x) => ({ ids: [x.lessonId] }),
  },
  [`PUT ${TC}/order`]: { as: (x) => x.teacher, ids: chain, valid: (x) => ({ kind: 'materials', ids: [x.materialId] }) },
  [`PUT ${TC}/visibility`]: { as: (x) => x.teacher, ids: chain, valid: () => ({ hidden: false, publish_at: null }) },
  [`PUT ${TC}/:kind/:id/visibility`]: {
    as: (x) => x.teacher,
    ids: (x) => ({ ...chain(x), kind: 'materials', id: x.materialId }),
    valid: () => ({ hidden: false, publish_at: '2020-01-01T08:00' }),
  },
  // Issue 21: links, editing a material, copies and announcements.
  [`POST ${TC}/links`]: { as: (x) => x.teacher, ids: chain, valid: () => ({ title: 'Tautan', url: 'https://contoh.sch.id/materi' }) },
  [`PUT ${TC}/materials/:id`]: {
    as: (x) => x.teacher,
    ids: (x) => ({ ...chain(x), id: x.materialId }),
    valid: () => ({ title: 'Materi Fuzz' }),
  },
  [`POST ${TC}/copy`]: { as: (x) => x.teacher, ids: chain, valid: (x) => ({ online_class_id: x.spareClassId, shift_days: 7 }) },
  'POST /api/teacher/online-classes/:classId/copy': {
    as: (x) => x.teacher,
    ids: (x) => ({ classId: x.classId }),
    valid: (x) => ({ rombel_class_id: x.rombelId, name: 'Kelas Salinan', shift_days: 0 }),
  },
  'POST /api/teacher/online-classes/:classId/announcements': {
    as: (x) => x.teacher,
    ids: (x) => ({ classId: x.classId }),
    valid: () => ({ body: 'Pengumuman baru' }),
  },
  'PUT /api/teacher/online-classes/:classId/announcements/:id': {
    as: (x) => x.teacher,
    ids: (x) => ({ classId: x.classId, id: x.announcementId }),
    valid: () => ({ body: 'Pengumuman diubah' }),
  },
  // Issue 25: quizzes. The valid edit keeps the slots (the quiz has attempts) and leaves the clock alone.
  [`POST ${TC}/quizzes`]: {
    as: (x) => x.teacher,
    ids: chain,
    valid: (x) => ({
      title: 'Kuis',
      description: 'Kerjakan',
      opens_at: '2026-01-01T07:00',
      closes_at: null,
      time_limit_minutes: 30,
      attempts_allowed: 2,
      grading_method: 'last',
      shuffle_questions: true,
      show_results: 'after_close',
      slots: [{ question_id: x.questionId }, { category_id: x.categoryId, count: 1 }],
    }),
  },
  [`PUT ${TC}/quizzes/:quizId`]: {
    as: (x) => x.teacher,
    ids: (x) => ({ ...chain(x), quizId: x.quizId }),
    valid: (x) => ({ title: 'Kuis Ubah', description: '', attempts_allowed: 0, slots: [{ question_id: x.questionId }] }),
  },
  [`PUT ${TC}/quizzes/:quizId/attempts/:attemptId/answers/:questionId/grade`]: {
    as: (x) => x.teacher,
    ids: (x) => ({ ...chain(x), quizId: x.quizId, attemptId: x.attemptId, questionId: x.questionId }),
    valid: () => ({ points: 1, feedback: 'Bagus' }),
  },
  [`PUT ${SC}/quizzes/:quizId/attempts/:attemptId/answers/:questionId`]: {
    as: (x) => x.student,
    ids: (x) => ({ ...chain(x), quizId: x.quizId, attemptId: x.openAttemptId, questionId: x.questionId }),
    valid: () => ({ answer: { option: 'o1' } }),
  },
  // Issue 25: the question bank.
  'POST /api/teacher/question-categories': { as: (x) => x.teacher, valid: () => ({ name: 'Kategori Fuzz' }) },
  'PUT /api/teacher/question-categories/:categoryId': {
    as: (x) => x.teacher,
    ids: (x) => ({ categoryId: x.categoryId }),
    valid: () => ({ name: 'Kategori Ubah' }),
  },
  'POST /api/teacher/question-categories/:categoryId/questions': {
    as: (x) => x.teacher,
    ids: (x) => ({ categoryId: x.categoryId }),
    valid: () => ({
      type: 'multiple_answer',
      text: 'Perangkat jaringan aktif?',
      points: 2,
      data: {
        options: [
          { text: 'Router', correct: true },
          { text: 'Switch', correct: true },
          { text: 'Kabel', correct: false },
        ],
      },
    }),
  },
  'PUT /api/teacher/questions/:questionId': {
    as: (x) => x.teacher,
    ids: (x) => ({ questionId: x.questionId }),
    valid: (x) => ({
      type: 'multiple_choice',
      text: 'Perangkat antarjaringan?',
      points: 1,
      category_id: x.categoryId,
      data: {
        options: [
          { id: 'o1', text: 'Router', correct: true },
          { text: 'Hub', correct: false },
        ],
      },
    }),
  },
  [`POST ${SC}/forums/:forumId/comments`]: { as: (x) => x.student, ids: chain, valid: () => ({ comment: 'Komentar siswa' }) },
  [`POST ${SC}/forums/:forumId/comments/:commentId/sub-comments`]: {
    as: (x) => x.student,
    ids: chain,
    valid: () => ({ comment: 'Balasan siswa' }),
  },
  // Issue 22: the student edits their own comment of the scene (within its 15 minutes).
  [`PUT ${SC}/forums/:forumId/comments/:commentId`]: {
    as: (x) => x.student,
    ids: chain,
    valid: (x) => ({ comment: 'Komentar siswa diubah', mentions: [x.teacher.id] }),
  },
};

/** Routes opened by a signed link instead of a bearer token (a stored file, the submissions ZIP). */
const signedLink = (url: string) => url === '/api/files/:id' || url.startsWith('/api/downloads/');

/** Routes that take a multipart form (fuzzed in uploads-hostile.test.ts) or no body at all. */
const NOT_JSON = new Set([
  `POST ${TC}/materials`,
  // Several files at once and a replaced file: their hostile uploads are in material-links.test.ts.
  `POST ${TC}/materials/batch`,
  `PUT ${TC}/materials/:id/file`,
  'POST /api/student/submissions/:assignmentId',
  'PUT /api/student/submissions/:assignmentId',
  'POST /api/profile/update-avatar',
  'PATCH /api/profile/update-avatar',
  'POST /api/logout',
  // Resumable uploads speak tus (headers and raw bytes): their hostile inputs are in resumable.test.ts.
  'POST /api/uploads',
  'PATCH /api/uploads/:id',
  // The bell's marks take no body.
  'POST /api/notifications/:id/read',
  'POST /api/notifications/read-all',
  `POST ${TC}/assignments/:id/submissions.zip/link`,
  // The backup's signed link (issue 24) takes no body.
  'POST /api/admin/backup/link',
  // Issue 25: a regrade, a start and a hand-in take no body.
  `POST ${TC}/quizzes/:quizId/regrade`,
  `POST ${SC}/quizzes/:quizId/attempts`,
  `POST ${SC}/quizzes/:quizId/attempts/:attemptId/submit`,
  // Issue 25: a question's picture and the bank's import are multipart (their refusals: question-bank.test.ts, gift.test.ts).
  'PUT /api/teacher/questions/:questionId/image',
  'POST /api/teacher/question-categories/:categoryId/import',
  // Spreadsheet uploads: their hostile files are in imports.test.ts.
  'POST /api/admin/imports/users',
  'POST /api/admin/imports/users/preview',
]);

for (const [i, area] of AREAS.entries()) {
  const scene = () => areaScenes[i] as Record<string, number>;
  for (const [key, ep] of Object.entries(area.endpoints)) {
    const ids = ep.ids;
    ENDPOINTS[key] = { as: (x) => x[ep.as], ...(ids ? { ids: () => ids(scene()) } : {}), valid: () => ep.valid(scene()) };
  }
  for (const key of area.notJson) NOT_JSON.add(key);
}

// ---------------------------------------------------------------- generators

/** Strings that have broken servers before. */
const nasty = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '../../etc/passwd',
  '\u202e\u0645\u0631\u062d\u0628\u0627',
  '𝟙𝟚𝟛',
  'İı',
  '\ud800',
  '\udfff\ud800',
  '\u200b',
  'NaN',
  'Infinity',
  '-1',
  '1e400',
  '{}',
  'null',
  '2021-02-30',
  '9999-12-31T99:99',
);

const hostile: fc.Arbitrary<unknown> = fc.oneof(
  nasty,
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
  fc.constantFrom(-1, 0, 1.5, -0.5, 2 ** 31, 2 ** 31 - 1, -(2 ** 31) - 1, 2 ** 53, 1e308, -1e308, 5e-324, 101, -0),
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.constant(null),
  // Huge strings: past every field limit, one past the body limit.
  fc.constantFrom(300, 5_001, 10_001, 100_000, 1_100_000).map((n) => 'ẞ'.repeat(n)),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
);

/** The valid body with fields replaced, dropped and added, or a body of the wrong shape; as JSON text. */
const bodyFrom = (valid: Record<string, unknown>): fc.Arbitrary<string> => {
  const keys = Object.keys(valid);
  const mutated = fc
    .record({
      replace: fc.dictionary(fc.constantFrom(...keys), hostile, { maxKeys: keys.length }),
      drop: fc.subarray(keys),
      extra: fc.dictionary(
        fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom('role', 'id', 'teacher_id', 'author_id', 'score', 'password_hash')),
        hostile,
        { maxKeys: 3 },
      ),
      proto: fc.boolean(),
    })
    .map(({ replace, drop, extra, proto }) => {
      const b: Record<string, unknown> = { ...valid };
      for (const k of drop) delete b[k];
      for (const [k, v] of Object.entries(extra)) if (k !== '__proto__') b[k] = v;
      for (const [k, v] of Object.entries(replace)) b[k] = v;
      const text = JSON.stringify(b);
      // A prototype-poisoning key, which JSON.stringify cannot write.
      return proto ? text.replace(/^\{/, text === '{}' ? '{"__proto__":{"admin":true}' : '{"__proto__":{"admin":true},') : text;
    });
  const wrongShape = fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v) ?? 'null');
  return fc.oneof({ weight: 5, arbitrary: mutated }, { weight: 1, arbitrary: wrongShape });
};

/** Ids that are not numbers, not integers, out of range, or do not exist (never one that might). */
const badId = fc
  .oneof(
    fc.integer({ min: 1_000_000_000, max: 2_147_483_647 }).map(String),
    fc.bigInt({ min: 2n ** 31n, max: 2n ** 80n }).map(String),
    fc.integer({ min: -(2 ** 31), max: 0 }).map(String),
    fc.double().map(String),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }),
    fc.constantFrom('１', '١', 'null', 'undefined', '[]', '%00', '1;drop table users', '-0', '0.0', 'ẞ'.repeat(300)),
  )
  .filter((v) => {
    // "." and ".." are path steps, not ids: the URL resolves to the parent.
    if (v === '.' || v === '..') return false;
    const n = Number(v.trim());
    return !(Number.isInteger(n) && n > 0 && n < 1_000_000_000);
  });

// ---------------------------------------------------------------- one request, checked

const fill = (url: string, ids: Record<string, number | string>) => url.replace(/:(\w+)/g, (_, k: string) => String(ids[k]));

async function send(method: string, url: string, user: TestUser | null, payload?: string | Buffer, contentType = 'application/json') {
  const res = await t.app.inject({
    method: method as 'POST',
    url,
    headers: {
      ...(user ? { authorization: `Bearer ${user.token}` } : {}),
      ...(payload === undefined ? {} : { 'content-type': contentType }),
      // The resumable uploads speak tus, as every tus client does (its hostile requests are in resumable.test.ts).
      ...(url.startsWith('/api/uploads') ? { 'tus-resumable': '1.0.0', ...(method === 'PATCH' ? { 'upload-offset': '0' } : {}) } : {}),
    },
    ...(payload === undefined ? {} : { payload }),
  });
  // A password change ends every session of the user, the one that made it too: the next request logs in again.
  if (user && url === '/api/profile/update-password' && res.statusCode === 200) user.token = await issueToken(t.db, user.id);
  return res;
}

/** Sends, then checks: no 5xx; a refusal is the Indonesian envelope and changed nothing. Returns the status. */
async function checked(
  method: string,
  url: string,
  user: TestUser | null,
  payload?: string | Buffer,
  contentType?: string,
): Promise<number> {
  const before = await fingerprint(t);
  const res = await send(method, url, user, payload, contentType);
  const what = `${method} ${url.slice(0, 200)} ${typeof payload === 'string' ? payload.slice(0, 300) : ''}`;
  expect(res.statusCode, `${what} → ${res.body.slice(0, 300)}`).toBeLessThan(500);
  if (res.statusCode >= 400) {
    // An answer to HEAD has no body; every other refusal is the envelope.
    if (method === 'HEAD') expect(res.body, what).toBe('');
    else expect(envelopeProblem(res.body), what).toBeNull();
    expect(await fingerprint(t), `${what} was refused (${res.statusCode}) but changed rows or files`).toBe(before);
  }
  return res.statusCode;
}

const tally = new Map<string, Map<number, number>>();
const count = (key: string, status: number) => {
  const m = tally.get(key) ?? new Map<number, number>();
  m.set(status, (m.get(status) ?? 0) + 1);
  tally.set(key, m);
};

// ---------------------------------------------------------------- properties

describe('hostile JSON bodies', () => {
  it('every JSON endpoint of the route table is fuzzed', () => {
    const bodied = t.app.routeTable.filter((r) => ['POST', 'PUT', 'PATCH'].includes(r.method) && !r.url.endsWith('*'));
    const missing = bodied.map((r) => `${r.method} ${r.url}`).filter((k) => !ENDPOINTS[k] && !NOT_JSON.has(k));
    expect(missing).toEqual([]);
    const known = new Set(bodied.map((r) => `${r.method} ${r.url}`));
    expect(Object.keys(ENDPOINTS).filter((k) => !known.has(k))).toEqual([]);
  });

  for (const [key, ep] of Object.entries(ENDPOINTS)) {
    it(`${key}: never a 5xx, refusals are the envelope and change nothing`, async () => {
      const [method, path] = key.split(' ') as [string, string];
      const url = fill(path, ep.ids?.(s) ?? {});
      await fc.assert(
        fc.asyncProperty(bodyFrom(ep.valid(s)), async (payload) => {
          count(key, await checked(method, url, ep.as(s), payload));
        }),
        params(RUNS),
      );
    }, 120_000);
  }

  it('bodies that are not JSON, or not sent as JSON, are 400 or 415 and change nothing', async () => {
    const targets = Object.entries(ENDPOINTS);
    await fc.assert(
      fc.asyncProperty(
        fc.nat(targets.length - 1),
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 200 }),
          fc.constantFrom(
            '{',
            '{"a":',
            '[1,',
            '{"title":"x",}',
            "{'title':'x'}",
            '\u0000',
            'null',
            '{"a":1}{"b":2}',
            '\ufeff{"title":"x"}',
          ),
        ),
        fc.constantFrom(
          'application/json',
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/xml',
          'multipart/form-data',
          'application/json; charset=utf-16',
        ),
        async (i, text, type) => {
          const [key, ep] = targets[i]!;
          const [method, path] = key.split(' ') as [string, string];
          let valid = true;
          try {
            // A leading byte order mark is allowed, as JSON parsers do.
            JSON.parse(text.replace(/^\ufeff/, ''));
          } catch {
            valid = false;
          }
          const status = await checked(method, fill(path, ep.ids?.(s) ?? {}), ep.as(s), text, type);
          count('raw', status);
          if (!valid || !type.startsWith('application/json'))
            expect([400, 415, 422], `${key} ${type} ${JSON.stringify(text)}`).toContain(status);
        },
      ),
      params(RAW_RUNS),
    );
  }, 120_000);
});

describe('hostile ids', () => {
  it('an id that is not a number or does not exist is a 404 on every route (403 for another profile, 403/404 for a file link), changing nothing', async () => {
    const gets = new Set(t.app.routeTable.filter((r) => r.method === 'GET').map((r) => r.url));
    const routes = t.app.routeTable.filter((r) => r.url.includes(':') && !(r.method === 'HEAD' && gets.has(r.url)));
    expect(routes.length).toBeGreaterThan(40);
    const ids: Record<string, number> = {
      classId: s.classId,
      lessonId: s.lessonId,
      forumId: s.forumId,
      commentId: s.commentId,
      assignmentId: s.assignmentId,
      studentId: s.student.id,
      quizId: s.quizId,
      attemptId: s.attemptId,
      questionId: s.questionId,
    };
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
      const user = route.url.startsWith('/api/admin')
        ? s.admin
        : route.url.startsWith('/api/teacher')
          ? s.teacher
          : route.url.startsWith('/api/student')
            ? s.student
            : route.url.startsWith('/api/parent')
              ? s.parent
              : signedLink(route.url)
                ? null
                : s.profileUser;
      // A valid body, so only the id can be wrong.
      const ep = ENDPOINTS[key];
      let payload: string | Buffer | undefined;
      let type: string | undefined;
      if (ep) payload = JSON.stringify(ep.valid(s));
      else if (key === 'PATCH /api/uploads/:id') {
        payload = samples.pdf();
        type = 'application/offset+octet-stream';
      } else if (NOT_JSON.has(key)) {
        const m = multipartBody({ title: 'Materi' }, { file: { name: 'a.pdf', data: samples.pdf() } });
        payload = m.payload;
        type = m.contentType;
      }
      await fc.assert(
        fc.asyncProperty(fc.nat(names.length - 1), badId, async (which, bad) => {
          const values: Record<string, string | number> = { ...ids, id: ids.classId!, kind: 'materials' };
          values[names[which]!] = encodeURIComponent(bad);
          const url = fill(route.url, values) + (signedLink(route.url) ? '?e=1&s=x' : '');
          const status = await checked(route.method, url, user, payload, type);
          count('ids', status);
          const allowed = route.url === '/api/profile/:id' || signedLink(route.url) ? [403, 404] : [404];
          expect(allowed, `${key} with ${names[which]}=${JSON.stringify(bad)}`).toContain(status);
        }),
        params(ID_RUNS),
      );
    }
  }, 300_000);
});

describe('hostile URLs', () => {
  it('a malformed percent-encoding is 400 and an over-long id 404, both the envelope', async () => {
    for (const [url, status] of [
      ['/api/teacher/online-classes/%E0%A4%A', 400],
      ['/api/student/my-classes/%', 400],
      [`/api/admin/resources/users/${'9'.repeat(500)}`, 404],
    ] as const) {
      const res = await send('GET', url, url.includes('/admin/') ? s.admin : url.includes('/student/') ? s.student : s.teacher);
      expect(res.statusCode, url).toBe(status);
      expect(envelopeProblem(res.body), url).toBeNull();
    }
  });
});

describe('summary', () => {
  it('reports the statuses seen', () => {
    const lines = [...tally].map(
      ([k, m]) =>
        `${k}: ${[...m]
          .sort((a, b) => a[0] - b[0])
          .map(([st, n]) => `${st}×${n}`)
          .join(' ')}`,
    );
    const total = [...tally.values()].reduce((a, m) => a + [...m.values()].reduce((x, y) => x + y, 0), 0);
    console.info(`fuzz: ${total} requests\n${lines.join('\n')}`);
    expect(total).toBeGreaterThan(0);
  });
});
