import { expect } from 'vitest';
import { asc, eq, inArray } from 'drizzle-orm';
import { MSG } from '@kelasku/contract';
import { storedFiles, submissionFiles, submissions } from '../src/db/schema.js';
import { samples, type TestContext } from './helpers.js';

type Call = [method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown];

/**
 * A class of its own rombel (so other tests' students never show up in its lists) with a content
 * and an assignment, the class's teacher and students, and an outsider of each kind: another
 * teacher with a class of another rombel, and a student of that rombel.
 */
export async function assignmentScene(t: TestContext, opts: { students?: number; deadline?: Date } = {}) {
  const f = t.factory;
  const { rombel, otherRombel, teacher, otherTeacher, klass, otherClass, content, otherLesson } = await f.classPair();
  const assignment = await f.assignment(content.id, teacher.id, { deadline: opts.deadline });
  const otherAssignment = await f.assignment(otherLesson.id, otherTeacher.id);
  const students = [];
  for (let i = 0; i < (opts.students ?? 1); i++) students.push(await f.student({ rombelId: rombel.id }));
  const outsider = await f.student({ rombelId: otherRombel.id });
  const admin = await f.admin();
  const classUrl = `/api/teacher/online-classes/${klass.id}/contents/${content.id}`;
  return {
    rombel,
    otherRombel,
    teacher,
    otherTeacher,
    klass,
    otherClass,
    content,
    otherLesson,
    assignment,
    otherAssignment,
    student: students[0]!,
    students,
    outsider,
    admin,
    /** …/assignments under the class's content. */
    assignmentsUrl: `${classUrl}/assignments`,
    /** …/assignments/{id} of the scene's assignment. */
    assignmentUrl: `${classUrl}/assignments/${assignment.id}`,
  };
}

export type Scene = Awaited<ReturnType<typeof assignmentScene>>;

/** Each call answers 403 to the roles in `others` and 401 without a token. */
export async function expectOtherRolesRefused(t: TestContext, others: Array<{ token: string }>, calls: Call[]): Promise<void> {
  for (const [method, url, body] of calls) {
    for (const u of others) {
      const res = await t.as(u.token).request(method, url, body);
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body).toEqual({ success: false, message: MSG.forbidden });
    }
    const anonymous = await t.as().request(method, url, body);
    expect(anonymous.status, `${method} ${url}`).toBe(401);
    expect(anonymous.body).toEqual({ success: false, message: MSG.unauthenticated });
  }
}

/** Each call answers 404 with the generic message (the object is outside the caller's reach). */
export async function expectNotFound(t: TestContext, token: string, calls: Call[]): Promise<void> {
  for (const [method, url, body] of calls) {
    const res = await t.as(token).request(method, url, body);
    expect(res.status, `${method} ${url}`).toBe(404);
    expect(res.body).toEqual({ success: false, message: MSG.notFound });
  }
}

/** The student hands in a file (multipart `file`, the `_method=PUT` form of SPEC). */
export function submit(t: TestContext, token: string, assignmentId: number, data: Buffer = samples.pdf(), name = 'jawaban.pdf') {
  return t.as(token).upload('POST', `/api/student/submissions/${assignmentId}`, { _method: 'PUT' }, { file: { name, data } });
}

/** Stored files known to the database and objects in storage, for "nothing left behind" checks. */
export async function fileCounts(t: TestContext): Promise<{ rows: number; objects: number }> {
  const rows = (await t.db.select({ id: storedFiles.id }).from(storedFiles)).length;
  let objects = 0;
  for await (const o of t.app.files.storage.list()) if (!o.pending) objects++;
  return { rows, objects };
}

/** The submissions of an assignment, each with `fileIds` (its current files in order) and `fileId` (the first, or null). */
export async function submissionRows(t: TestContext, assignmentId: number) {
  const rows = await t.db.select().from(submissions).where(eq(submissions.assignmentId, assignmentId)).orderBy(asc(submissions.id));
  const files = await t.db
    .select({ submissionId: submissionFiles.submissionId, version: submissionFiles.version, fileId: submissionFiles.fileId })
    .from(submissionFiles)
    .where(inArray(submissionFiles.submissionId, rows.length ? rows.map((r) => r.id) : [0]))
    .orderBy(asc(submissionFiles.position));
  return rows.map((r) => {
    const fileIds = files.filter((f) => f.submissionId === r.id && f.version === r.version).map((f) => f.fileId);
    return { ...r, fileIds, fileId: fileIds[0] ?? null };
  });
}
