import { and, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { rombelClasses, students, teachers, userImports, users } from '../../db/schema.js';
import type { Executor } from '../../db/client.js';
import { rombelKey, type ExistingUser, type SchoolData } from './school.js';
import { ROLE_IDS } from '@kelasku/contract';

/** The values that occur more than once (nulls aside). */
function shared(values: (string | null)[]): Set<string> {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const v of values) if (v !== null) (seen.has(v) ? twice : seen).add(v);
  return twice;
}

/** Every user with the school's numbers and rombel: what the import compares, and what the export writes. */
export function selectUsersWithDetails(db: Executor) {
  return db
    .select({
      id: users.id,
      roleId: users.roleId,
      name: users.name,
      username: users.username,
      email: users.email,
      gender: users.gender,
      birthday: users.birthday,
      religion: users.religion,
      telpon: users.telpon,
      nis: students.nis,
      nisn: students.nisn,
      nip: teachers.nip,
      nik: teachers.nik,
      rombelId: students.rombelClassId,
      rombel: rombelClasses.name,
    })
    .from(users)
    .leftJoin(students, eq(students.userId, users.id))
    .leftJoin(rombelClasses, eq(rombelClasses.id, students.rombelClassId))
    .leftJoin(teachers, eq(teachers.userId, users.id));
}

export async function loadSchoolData(db: Executor): Promise<SchoolData> {
  const rombels = await db.select({ id: rombelClasses.id, name: rombelClasses.name }).from(rombelClasses);
  const rows: ExistingUser[] = await selectUsersWithDetails(db).orderBy(users.id);
  const index = (key: (u: ExistingUser) => string | null) => new Map(rows.flatMap((u) => (key(u) === null ? [] : [[key(u)!, u] as const])));
  return {
    rombels: new Map(rombels.map((r) => [rombelKey(r.name), r.id])),
    usernames: rows.map((u) => u.username.toLowerCase()),
    byUsername: index((u) => u.username.toLowerCase()),
    byEmail: index((u) => u.email?.toLowerCase() ?? null),
    byNis: index((u) => (u.roleId === ROLE_IDS.student ? u.nis : null)),
    byNip: index((u) => (u.roleId === ROLE_IDS.teacher ? u.nip : null)),
    byNisn: index((u) => u.nisn),
    sharedNumbers: shared(
      rows.map((u) =>
        u.roleId === ROLE_IDS.student && u.nis ? `nis:${u.nis}` : u.roleId === ROLE_IDS.teacher && u.nip ? `nip:${u.nip}` : null,
      ),
    ),
  };
}

/** First passwords stay downloadable this long after their import or reset finished (DECISIONS "Onboarding"). */
export const SLIP_DAYS = 7;

/** The moment the slips of an import finished at `finishedAt` are erased at the latest. */
export const slipsUntil = (finishedAt: Date) => new Date(finishedAt.getTime() + SLIP_DAYS * 24 * 60 * 60 * 1000);

/**
 * Erases the first passwords of these users from every slip that holds them (at a user's first
 * sign-in, or when a reset gives them a new one); a slip left with none is erased whole.
 */
export async function eraseFirstPasswords(db: Executor, userIds: number[]): Promise<void> {
  if (userIds.length === 0) return;
  const ids = sql.join(
    userIds.map((id) => sql`${String(id)}`),
    sql`, `,
  );
  await db.execute(sql`
    update user_imports set credentials = (
      select nullif(coalesce(jsonb_agg(e order by n), '[]'::jsonb), '[]'::jsonb)
      from jsonb_array_elements(credentials) with ordinality as x(e, n)
      where coalesce(e->>'userId', '') not in (${ids})
    )
    where credentials is not null
      and exists (select 1 from jsonb_array_elements(credentials) e where e->>'userId' in (${ids}))`);
}

/** Erases every slip older than SLIP_DAYS; answers how many. Safe on every instance at once (one idempotent statement). */
export async function sweepExpiredSlips(db: Executor): Promise<number> {
  const rows = await db
    .update(userImports)
    .set({ credentials: null })
    .where(and(isNotNull(userImports.credentials), lt(userImports.finishedAt, sql`now() - make_interval(days => ${SLIP_DAYS})`)))
    .returning({ id: userImports.id });
  return rows.length;
}

/** The user ids that already hold one of these NISNs, with their names (the form and the import name them). */
export async function nisnHolders(db: Executor, nisns: string[]): Promise<Map<string, { userId: number; name: string }>> {
  if (nisns.length === 0) return new Map();
  const rows = await db
    .select({ nisn: students.nisn, userId: users.id, name: users.name })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .where(inArray(students.nisn, nisns));
  return new Map(rows.map((r) => [r.nisn!, { userId: r.userId, name: r.name }]));
}
