import { eq } from 'drizzle-orm';
import type { ProfileBody } from '@kelasku/contract';
import type { Executor } from '../../db/client.js';
import { rombelClasses, students, teachers, users } from '../../db/schema.js';
import { ROLE_IDS } from '@kelasku/contract';

export type ProfileUpdate = {
  [K in keyof Omit<ProfileBody, 'role'>]: Exclude<ProfileBody[K], undefined> | null;
};

export async function rombelExists(tx: Executor, id: number): Promise<boolean> {
  const rows = await tx.select({ id: rombelClasses.id }).from(rombelClasses).where(eq(rombelClasses.id, id)).limit(1);
  return rows.length > 0;
}

/** Writes the user row and the detail row of the user's role in one transaction (the caller's). */
export async function saveProfile(tx: Executor, userId: number, roleId: number, p: ProfileUpdate): Promise<void> {
  await tx
    .update(users)
    .set({
      name: p.name as string,
      username: p.username as string,
      email: p.email as string | null,
      gender: p.gender as string | null,
      birthday: p.birthday as string | null,
      religion: p.religion as string | null,
      address: p.address as string | null,
      telpon: p.telpon as string | null,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
  if (roleId === ROLE_IDS.teacher) {
    const detail = { nip: p.nip as string | null, nik: p.nik as string | null };
    await tx
      .insert(teachers)
      .values({ userId, ...detail })
      .onConflictDoUpdate({ target: teachers.userId, set: detail });
  } else if (roleId === ROLE_IDS.student) {
    const detail = { nis: p.nis as string | null, nisn: p.nisn as string | null, rombelClassId: p.rombel as number | null };
    await tx
      .insert(students)
      .values({ userId, ...detail })
      .onConflictDoUpdate({ target: students.userId, set: detail });
  }
}

export async function setAvatar(tx: Executor, userId: number, fileId: number): Promise<number | null> {
  const [before] = await tx.select({ old: users.avatarFileId }).from(users).where(eq(users.id, userId)).for('update');
  await tx.update(users).set({ avatarFileId: fileId, updatedAt: new Date() }).where(eq(users.id, userId));
  return before?.old ?? null;
}

export async function passwordHashOf(tx: Executor, userId: number): Promise<string | null> {
  const [row] = await tx.select({ h: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row?.h ?? null;
}

export async function setPasswordHash(tx: Executor, userId: number, hash: string): Promise<void> {
  // The user chose it: a password change the admin asked for is done.
  await tx.update(users).set({ passwordHash: hash, mustChangePassword: false, updatedAt: new Date() }).where(eq(users.id, userId));
}
