import { hashPassword } from '../../auth/passwords.js';
import type { Executor } from '../../db/client.js';
import { insertUser, saveDetails, updateUser } from '../users/queries.js';
import type { PlannedRow } from './plan.js';

/** A created user's first sign-in, for the slips; the plain password exists only here and on the slips. */
export interface Credential {
  /** The user it signs in (erased from the slips at their first sign-in). */
  userId: number;
  line: number;
  name: string;
  role: 'student' | 'teacher' | 'parent';
  rombel: string | null;
  username: string;
  password: string;
  /** A parent's children, for the slip: "Ayah dari Agus Salim (X TKJ 1)" (issue 40, the import's parents). */
  child?: string;
}

/**
 * Writes the plan's create and update rows on `tx` (the caller's one transaction). New users get
 * their password hashed (a generated one means they must change it at first sign-in); an update
 * writes only the columns the file gives. `onProgress` hears the rows done.
 */
export async function writePlan(
  tx: Executor,
  rows: PlannedRow[],
  rombelNames: Map<number, string>,
  onProgress: (done: number) => Promise<void> | void = () => {},
): Promise<Credential[]> {
  const credentials: Credential[] = [];
  let done = 0;
  for (const row of rows) {
    const d = row.draft;
    if (!d || (row.action !== 'create' && row.action !== 'update')) continue;
    const details = {
      nis: d.nis ?? undefined,
      nisn: d.nisn ?? undefined,
      nip: d.nip ?? undefined,
      nik: d.nik ?? undefined,
      rombelId: d.rombelId ?? undefined,
    };
    const given = {
      name: d.name,
      ...(d.username ? { username: d.username } : {}),
      ...(d.email ? { email: d.email } : {}),
      ...(d.gender ? { gender: d.gender } : {}),
      ...(d.birthday ? { birthday: d.birthday } : {}),
      ...(d.religion ? { religion: d.religion } : {}),
      ...(d.telpon ? { telpon: d.telpon } : {}),
    };
    if (row.action === 'create') {
      const password = d.password ?? row.generatedPassword!;
      const id = await insertUser(tx, {
        ...given,
        username: d.username!,
        roleId: d.roleId,
        passwordHash: await hashPassword(password),
        status: 1,
        mustChangePassword: d.password === null,
      });
      await saveDetails(tx, id, d.roleId, details, false);
      credentials.push({
        userId: id,
        line: row.line,
        name: d.name,
        role: row.role,
        rombel: d.rombelId === null ? null : (rombelNames.get(d.rombelId) ?? null),
        username: d.username!,
        password,
      });
    } else {
      await updateUser(tx, row.userId!, given);
      await saveDetails(tx, row.userId!, d.roleId, details, false);
    }
    await onProgress(++done);
  }
  return credentials;
}
