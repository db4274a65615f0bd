import { eq, getTableColumns, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedFor } from '../../db/prepared.js';
import { rombelClasses, students, teachers, users } from '../../db/schema.js';

export async function findLoginUser(db: Db, login: string) {
  const key = login.toLowerCase();
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      username: users.username,
      email: users.email,
      roleId: users.roleId,
      status: users.status,
      passwordHash: users.passwordHash,
      avatarFileId: users.avatarFileId,
      mustChangePassword: users.mustChangePassword,
    })
    .from(users)
    .where(or(sql`lower(${users.username}) = ${key}`, sql`lower(${users.email}) = ${key}`))
    .limit(2);
  // A username wins over somebody else's e-mail address that happens to read the same.
  return rows.find((r) => r.username.toLowerCase() === key) ?? rows[0] ?? null;
}

/** Every column of a user but the password hash, which a profile never needs (nor carries). */
const { passwordHash: _hash, ...profileColumns } = getTableColumns(users);

/** Users with their teacher or student details (the profile of SPEC §3); callers add the filter and order. */
export function selectProfiles(db: Db) {
  return db
    .select({
      user: profileColumns,
      nip: teachers.nip,
      nik: teachers.nik,
      hasTeacher: sql<boolean>`${teachers.userId} is not null`,
      nis: students.nis,
      nisn: students.nisn,
      rombelId: students.rombelClassId,
      rombelName: rombelClasses.name,
      hasStudent: sql<boolean>`${students.userId} is not null`,
    })
    .from(users)
    .leftJoin(teachers, eq(teachers.userId, users.id))
    .leftJoin(students, eq(students.userId, users.id))
    .leftJoin(rombelClasses, eq(rombelClasses.id, students.rombelClassId));
}

/** The profile of SPEC §3 with teacher or student details, in one query. */
export async function loadProfile(db: Db, userId: number) {
  const rows = await profileById(db).execute({ userId });
  return rows[0] ?? null;
}

/** Every page's /api/me: a named prepared statement (db/prepared.ts). */
const profileById = preparedFor((db) =>
  selectProfiles(db)
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('profile_by_id'),
);
