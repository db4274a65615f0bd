/**
 * The school owns a student's rombel, NIS and NISN and a teacher's NIP and NIK (DECISIONS "Roles and
 * access"): the admin sets them. From the profile a student may fill in one of the three while it is
 * still empty (completing the profile); sending the value it already has is no change. A teacher
 * changes neither from the profile.
 */
export interface SchoolIdentity {
  rombel: number | null;
  nis: string | null;
  nisn: string | null;
  nip: string | null;
  nik: string | null;
}

const OWNED: Record<number, Array<keyof SchoolIdentity>> = { 2: ['nip', 'nik'], 3: ['rombel', 'nis', 'nisn'] };

/** The school-owned fields the profile form would change and may not, for a user of this role; empty when none. */
export function refusedIdentityChanges(roleId: number, current: SchoolIdentity, wanted: SchoolIdentity): Array<keyof SchoolIdentity> {
  return (OWNED[roleId] ?? []).filter((field) => {
    const now = current[field];
    const next = wanted[field];
    if (next === now) return false;
    // A student completing the profile fills an empty field once.
    return !(roleId === 3 && now === null);
  });
}
