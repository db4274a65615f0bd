/**
 * The planned row mapper (db/row-mapper.ts) that every prepared hot read uses builds exactly what
 * drizzle's own mapper builds: the same select prepared twice, once with each, over a generated
 * school, must give deep-equal results, including the null object of an unmatched left join,
 * fields decoded by `mapWith`, a LATERAL subquery's fields and a UNION ALL.
 */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedSchool } from '../src/db/seed/large.js';
import { assignments, comments, contents, forums, materials, onlineClasses, rombelClasses, storedFiles, students, submissions, teachers, users } from '../src/db/schema.js';
import { userOf } from '../src/db/lookups.js';
import { compileRowMapper, usePlannedMapper } from '../src/db/row-mapper.js';
import type { Db } from '../src/db/client.js';
import { useTestApp } from './helpers.js';

const t = useTestApp();

let classId: number;
let assignmentId: number;
let rombelId: number;

beforeAll(async () => {
  await seedSchool(t.db, t.app.files, {
    rombels: 2,
    students: 12,
    teachers: 2,
    classes: 4,
    contentsPerClass: 3,
    upcomingPerClass: 1,
    forumsPerClass: 1,
    commentsPerClass: 15,
    filePool: 2,
  }, { tag: 'rm.' });
  const [klass] = await t.db.select().from(onlineClasses).orderBy(asc(onlineClasses.id)).limit(1);
  classId = klass!.id;
  rombelId = klass!.rombelClassId;
  // An assignment of this class that some of the rombel's students submitted and others did not.
  const [a] = await t.db
    .select({ id: assignments.id })
    .from(assignments)
    .innerJoin(contents, eq(contents.id, assignments.contentId))
    .where(
      and(
        eq(contents.onlineClassId, classId),
        sql`(select count(*) from ${submissions} where ${submissions.assignmentId} = ${assignments.id})
          between 1 and (select count(*) - 1 from ${students} where ${students.rombelClassId} = ${rombelId})`,
      ),
    )
    .orderBy(asc(assignments.id))
    .limit(1);
  assignmentId = a!.id;
});

let n = 0;
/** Runs a select prepared with drizzle's mapper and with the planned one; both results. */
async function both<T>(build: (db: Db, name: string) => { execute(p?: Record<string, unknown>): Promise<T[]> }, params: Record<string, unknown> = {}) {
  n++;
  const theirs = await build(t.db, `rm_d${n}`).execute(params);
  const ours = await usePlannedMapper(build(t.db, `rm_p${n}`)).execute(params);
  return { theirs, ours };
}

describe('the planned row mapper', () => {
  it('maps a left join with unmatched rows (null objects), nested objects and table rows like drizzle', async () => {
    const { theirs, ours } = await both(
      (db, name) =>
        db
          .select({ id: users.id, name: users.name, submission: submissions, file: { name: storedFiles.originalName, size: storedFiles.size } })
          .from(students)
          .innerJoin(users, eq(users.id, students.userId))
          .leftJoin(submissions, and(eq(submissions.studentId, students.userId), eq(submissions.assignmentId, sql.placeholder('a'))))
          .leftJoin(storedFiles, eq(storedFiles.id, submissions.fileId))
          .where(eq(students.rombelClassId, sql.placeholder('r')))
          .orderBy(asc(users.id))
          .prepare(name),
      { a: assignmentId, r: rombelId },
    );
    expect(ours).toEqual(theirs);
    expect(ours.length).toBeGreaterThan(3);
    expect(ours.some((r) => r.submission === null && r.file === null)).toBe(true);
    expect(ours.some((r) => r.submission !== null && r.submission.submittedAt instanceof Date)).toBe(true);
  });

  it('maps profiles with three left joins, SQL booleans and flat columns like drizzle', async () => {
    const { theirs, ours } = await both((db, name) =>
      db
        .select({
          user: users,
          nip: teachers.nip,
          hasTeacher: sql<boolean>`${teachers.userId} is not null`,
          nis: students.nis,
          rombelName: rombelClasses.name,
        })
        .from(users)
        .leftJoin(teachers, eq(teachers.userId, users.id))
        .leftJoin(students, eq(students.userId, users.id))
        .leftJoin(rombelClasses, eq(rombelClasses.id, students.rombelClassId))
        .orderBy(asc(users.id))
        .prepare(name),
    );
    expect(ours).toEqual(theirs);
    expect(ours.some((r) => r.hasTeacher === true) && ours.some((r) => r.rombelName !== null)).toBe(true);
  });

  it('maps a LATERAL subquery and joined table rows like drizzle', async () => {
    const { theirs, ours } = await both((db, name) => {
      const author = userOf(db, 'author', comments.authorId);
      return db
        .select({ c: comments, author: { name: author.name, roleId: author.roleId }, forum: forums })
        .from(comments)
        .innerJoinLateral(author, sql`true`)
        .innerJoin(forums, eq(forums.id, comments.forumId))
        .orderBy(asc(comments.id))
        .prepare(name);
    });
    expect(ours).toEqual(theirs);
    expect(ours.length).toBeGreaterThan(10);
  });

  it('maps a UNION ALL with mapWith columns (timestamps, null in some branches) like drizzle', async () => {
    const { theirs, ours } = await both(
      (db, name) =>
        db
          .select({ kind: sql<string>`'m'`.as('kind'), id: materials.id, at: sql`${materials.createdAt}`.mapWith(materials.createdAt) as SQL<Date | null>, size: sql`${storedFiles.size}`.mapWith(storedFiles.size) as SQL<number | null> })
          .from(materials)
          .innerJoin(storedFiles, eq(storedFiles.id, materials.fileId))
          .where(sql`${materials.contentId} in (select ${contents.id} from ${contents} where ${contents.onlineClassId} = ${sql.placeholder('c')})`)
          .unionAll(
            db
              .select({ kind: sql<string>`'a'`.as('kind'), id: assignments.id, at: sql<Date | null>`null::timestamptz`, size: sql<number | null>`null::int` })
              .from(assignments),
          )
          .orderBy(sql`1`, sql`2`)
          .prepare(name),
      { c: classId },
    );
    expect(ours).toEqual(theirs);
    expect(ours.some((r) => r.at instanceof Date) && ours.some((r) => r.at === null)).toBe(true);
  });

  it('leaves selects nested deeper than one object to drizzle', () => {
    expect(compileRowMapper([{ path: ['a', 'b', 'c'], field: users.id }], {})).toBeNull();
    expect(compileRowMapper([{ path: ['a', 'b'], field: users.id }], {})).not.toBeNull();
  });
});
