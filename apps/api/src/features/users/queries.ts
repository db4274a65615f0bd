import { and, asc, count, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { submissionFileIds } from '../submissions/queries.js';
import type { Db, Executor } from '../../db/client.js';
import { assignments, onlineClasses, students, submissions, teachers, users } from '../../db/schema.js';
import { loadProfile, selectProfiles } from '../session/queries.js';
import { revokeUserTokens } from '../../auth/tokens.js';
import { ROLE_IDS } from '@kelasku/contract';

export type UserRow = NonNullable<Awaited<ReturnType<typeof loadProfile>>>;

export interface UserFilter {
  /** Part of the name, username or e-mail, case-insensitive. */
  q?: string;
  roleId?: number;
  /** 1 active, 0 deactivated. */
  status?: number;
  /** Students of this rombel. */
  rombelId?: number;
}

function userFilter(exceptId: number, f: UserFilter): SQL {
  const pattern = f.q ? `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return and(
    ne(users.id, exceptId),
    f.roleId === undefined ? undefined : eq(users.roleId, f.roleId),
    f.status === undefined ? undefined : eq(users.status, f.status),
    f.rombelId === undefined
      ? undefined
      : inArray(users.id, sql`(select ${students.userId} from ${students} where ${students.rombelClassId} = ${f.rombelId})`),
    pattern === null ? undefined : or(ilike(users.name, pattern), ilike(users.username, pattern), ilike(users.email, pattern)),
  )!;
}

const byRoleThenName = [asc(users.roleId), asc(sql`lower(${users.name})`), asc(users.id)];

/**
 * One page of the filtered list and the number of matching users: two queries whatever the size
 * of the school (a count of a few thousand rows through the role index is well under a millisecond).
 */
export async function listUsersPage(db: Db, exceptId: number, f: UserFilter, page: number, perPage: number) {
  const where = userFilter(exceptId, f);
  const [rows, [total]] = await Promise.all([
    selectProfiles(db)
      .where(where)
      .orderBy(...byRoleThenName)
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export const findUser = loadProfile;

/** Locks the user row for the rest of the transaction; null when there is no such user. */
export async function lockUser(tx: Executor, id: number) {
  const [row] = await tx
    .select({ id: users.id, roleId: users.roleId, status: users.status, avatarFileId: users.avatarFileId })
    .from(users)
    .where(eq(users.id, id))
    .for('update');
  return row ?? null;
}

export async function teachesClasses(tx: Executor, userId: number): Promise<boolean> {
  const rows = await tx.select({ id: onlineClasses.id }).from(onlineClasses).where(eq(onlineClasses.teacherId, userId)).limit(1);
  return rows.length > 0;
}

export type UserValues = Omit<typeof users.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export async function insertUser(tx: Executor, values: UserValues): Promise<number> {
  const [row] = await tx.insert(users).values(values).returning({ id: users.id });
  return row!.id;
}

/** Activates (1) or deactivates (0) users; a deactivated user's sessions end at once. */
export async function setUsersStatus(tx: Executor, ids: readonly number[], status: number): Promise<void> {
  await tx
    .update(users)
    .set({ status, updatedAt: new Date() })
    .where(inArray(users.id, [...ids]));
  if (status === 0) await revokeUserTokens(tx, ids);
}

export async function updateUser(tx: Executor, id: number, values: Partial<UserValues>): Promise<void> {
  await tx
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id));
}

/** Detail values as the request gave them: undefined leaves a stored value as it is. */
export interface UserDetails {
  nip?: string | null;
  nik?: string | null;
  nis?: string | null;
  nisn?: string | null;
  rombelId?: number | null;
}

const defined = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

/**
 * Writes the detail row of the user's role (teachers or students). With `roleChanged`, the detail
 * row of any other role is removed first: a former student leaves their rombel, a former teacher
 * loses NIP/NIK.
 */
export async function saveDetails(tx: Executor, userId: number, roleId: number, d: UserDetails, roleChanged: boolean): Promise<void> {
  if (roleChanged && roleId !== ROLE_IDS.teacher) await tx.delete(teachers).where(eq(teachers.userId, userId));
  if (roleChanged && roleId !== ROLE_IDS.student) await tx.delete(students).where(eq(students.userId, userId));
  if (roleId === ROLE_IDS.teacher) {
    const set = defined({ nip: d.nip, nik: d.nik });
    const insert = tx.insert(teachers).values({ userId, ...set });
    await (Object.keys(set).length ? insert.onConflictDoUpdate({ target: teachers.userId, set }) : insert.onConflictDoNothing());
  } else if (roleId === ROLE_IDS.student) {
    const set = defined({ nis: d.nis, nisn: d.nisn, rombelClassId: d.rombelId });
    const insert = tx.insert(students).values({ userId, ...set });
    await (Object.keys(set).length ? insert.onConflictDoUpdate({ target: students.userId, set }) : insert.onConflictDoNothing());
  }
}

/**
 * Stored files that go with the user when the row is deleted: the avatar, the user's own
 * submissions, and submissions to assignments the user wrote (both cascade with the user).
 */
export async function filesOfUser(tx: Executor, userId: number, avatarFileId: number | null): Promise<number[]> {
  const fileIds = await submissionFileIds(
    tx,
    or(
      eq(submissions.studentId, userId),
      inArray(submissions.assignmentId, tx.select({ id: assignments.id }).from(assignments).where(eq(assignments.authorId, userId))),
    )!,
  );
  return [...(avatarFileId === null ? [] : [avatarFileId]), ...fileIds];
}

/**
 * What deleting the user would remove, for the delete dialog, in one statement (null: no such user):
 * the submissions that go with the user (their own, and those handed in to assignments they wrote),
 * how many of those are graded, and the comments that go (their own, those in forums they opened, and
 * every reply below either).
 */
export async function deleteImpact(
  db: Executor,
  userId: number,
): Promise<{ submissions: number; graded: number; comments: number } | null> {
  const { rows } = await db.execute<{ submissions: number; graded: number; comments: number }>(sql`
    with recursive gone(id) as (
      select id from comments
        where author_id = ${userId} or forum_id in (select id from forums where author_id = ${userId})
      union
      select c.id from comments c join gone g on c.parent_id = g.id
    ), subs as (
      select score from submissions
        where student_id = ${userId} or assignment_id in (select id from assignments where author_id = ${userId})
    )
    select (select count(*)::int from subs) as submissions,
      (select count(*)::int from subs where score is not null) as graded,
      (select count(*)::int from gone) as comments
    from users where id = ${userId}`);
  return rows[0] ?? null;
}

/** Deletes the user; their sessions end first, so their live streams close everywhere. */
export async function deleteUser(tx: Executor, id: number): Promise<void> {
  await revokeUserTokens(tx, id);
  await tx.delete(users).where(eq(users.id, id));
}
