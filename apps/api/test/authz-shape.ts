/**
 * The shapes of the authorization matrix (authz-matrix.test.ts): the callers, the objects of a
 * class chain, what a row declares, and the usual expectations. Area row files (areas/*.ts) use them.
 */
import { randomBytes } from 'node:crypto';
import type { TestContext } from './helpers.js';
import type { TestUser } from './factory.js';

/**
 * Issue 40: `parent` is linked to the own chain's student, `otherParent` to the foreign chain's.
 * A row may leave the parents out: on /api/admin, /api/teacher and /api/student they get 403; any
 * other route must declare them.
 */
export const CALLERS = ['none', 'expired', 'admin', 'owner', 'otherTeacher', 'student', 'otherStudent', 'parent', 'otherParent'] as const;
export type Caller = (typeof CALLERS)[number];
export type ParentCaller = 'parent' | 'otherParent';
export type Variant = 'own' | 'foreign';
/** One status for both variants, or [own, foreign]. */
export type Cell = number | [own: number, foreign: number];
export type Expectations = Record<Exclude<Caller, ParentCaller>, Cell> & Partial<Record<ParentCaller, Cell>>;

/** The parents' cell of a row that does not declare it: 403 in the other roles' areas; undefined elsewhere (the row must say). */
export function parentDefault(url: string): Cell | undefined {
  return /^\/api\/(admin|teacher|student)\//.test(url) ? 403 : undefined;
}

/** Every object of one class, from the class down to a graded-to-be submission, plus admin objects. */
export interface Chain {
  teacher: TestUser;
  student: TestUser;
  rombelId: number;
  classId: number;
  lessonId: number;
  materialId: number;
  fileId: number;
  forumId: number;
  commentId: number;
  assignmentId: number;
  submissionFileId: number;
  /** The chain's student (of the class's rombel), who handed in the assignment. */
  studentId: number;
  /** The revision of that submission (what the teacher saw). */
  revision: number;
  /** Admin objects: a user to edit or delete, an empty rombel, a motivational word. */
  userId: number;
  emptyRombelId: number;
  wordId: number;
  /** A finished user import whose slips are still there. */
  importId: number;
  /** An announcement of the class ("Pengumuman"). */
  announcementId: number;
  /** A notification of the chain's teacher. */
  notificationId: number;
  /** Issue 25: a quiz of the content (unlimited attempts) on a question of the teacher's bank, and the student's finished attempt. */
  quizId: number;
  questionId: number;
  attemptId: number;
  /** The question bank's category holding that question. */
  categoryId: number;
  /** Issue 23: a resumable upload of the chain's teacher, nothing sent yet. */
  uploadId: string;
  /** Written into every title, topic and comment of the chain: a refused answer must not contain it. */
  marker: string;
}

export interface Scene {
  app: TestContext['app'];
  admin: TestUser;
  owner: TestUser;
  otherTeacher: TestUser;
  student: TestUser;
  otherStudent: TestUser;
  /** Issue 40: the parent of `student`, and the parent of `otherStudent`. */
  parent: TestUser;
  otherParent: TestUser;
  ownRombel: number;
  otherRombel: number;
  own: Chain;
  foreign: Chain;
}

// ---------------------------------------------------------------- expectation shapes

export const all = (s: number): Expectations => ({
  none: s,
  expired: s,
  admin: s,
  owner: s,
  otherTeacher: s,
  student: s,
  otherStudent: s,
  parent: s,
  otherParent: s,
});
/** Any logged-in user. */
export const authed = (ok: Cell): Expectations => ({
  none: 401,
  expired: 401,
  admin: ok,
  owner: ok,
  otherTeacher: ok,
  student: ok,
  otherStudent: ok,
  parent: ok,
  otherParent: ok,
});
/** The admin area; the foreign variant of an id route is an id that does not exist. */
export const adminOnly = (ok: Cell): Expectations => ({
  none: 401,
  expired: 401,
  admin: ok,
  owner: 403,
  otherTeacher: 403,
  student: 403,
  otherStudent: 403,
});
export const teacherArea = (owner: Cell, otherTeacher: Cell): Expectations => ({
  none: 401,
  expired: 401,
  admin: 403,
  owner,
  otherTeacher,
  student: 403,
  otherStudent: 403,
});
export const studentArea = (student: Cell, otherStudent: Cell): Expectations => ({
  none: 401,
  expired: 401,
  admin: 403,
  owner: 403,
  otherTeacher: 403,
  student,
  otherStudent,
});
/** An object of a class, reached by its teacher and the students of its rombel; the admin reaches no class. */
export const classMembers: Expectations = {
  none: 401,
  expired: 401,
  admin: 404,
  owner: [200, 404],
  otherTeacher: [404, 200],
  student: [200, 404],
  otherStudent: [404, 200],
  parent: 404,
  otherParent: 404,
};
/** A teacher route without an id: every teacher works on their own. */
export const teacherList = (ok: number) => teacherArea(ok, ok);
/** One id: the foreign variant is the other teacher's object. */
export const teacherTop = (ok: number) => teacherArea([ok, 404], [404, ok]);
/** Several ids: the foreign variant puts another class's object under the owner's parents. */
export const teacherChain = (ok: number) => teacherArea([ok, 404], 404);
/** Issue 40: the parent area; `parent` follows the own chain's student, `otherParent` the foreign one's. */
export const parentArea = (parent: Cell, otherParent: Cell): Expectations => ({
  none: 401,
  expired: 401,
  admin: 403,
  owner: 403,
  otherTeacher: 403,
  student: 403,
  otherStudent: 403,
  parent,
  otherParent,
});
export const parentList = (ok: number) => parentArea(ok, ok);
/** A route on the own child: the foreign variant is the other family's child. */
export const parentTop = (ok: number) => parentArea([ok, 404], [404, ok]);
export const studentList = (ok: number) => studentArea(ok, ok);
export const studentTop = (ok: number) => studentArea([ok, 404], [404, ok]);
export const studentChain = (ok: number) => studentArea([ok, 404], 404);

// ---------------------------------------------------------------- how to call each route

export interface CallContext {
  scene: Scene;
  /** The chain the path's last id is taken from (own, or foreign for the foreign variant). */
  target: Chain;
  own: Chain;
  variant: Variant;
  caller: Caller;
  /** The user behind the caller (the owner for `none` and `expired`). */
  user: TestUser;
}

export type Body =
  | { json: unknown }
  | { form: { fields: Record<string, string>; files: Record<string, { name: string; data: Buffer }> } }
  | { raw: Buffer | undefined; headers: Record<string, string> };

export interface Row {
  expect: Expectations;
  /** What `:id` names on this route (other params are named after their object). */
  id?: keyof Chain | 'profile';
  body?: (c: CallContext) => Body;
  /** A whole URL instead of the template filled in (public links, catch-all areas). */
  url?: (c: CallContext) => string | Promise<string>;
  /** A granted read of an object shows the object's marker, except on this route (an empty list by design). */
  noMarker?: true;
  /** A server-sent-events stream: called over a real socket and closed once its status and headers are in. */
  stream?: true;
  /** Brings the objects into the state a granted call needs (run only before granted cells, on fresh objects). */
  prepare?: (c: CallContext) => Promise<void>;
  /**
   * A list across the caller's own classes: a granted answer shows the caller's chain (the scene's
   * own for the owner and the student, the foreign one for the others) and never the other chain.
   */
  mine?: true;
}

export const json = (v: unknown): Body => ({ json: v });
export const uniq = () => randomBytes(4).toString('hex');
