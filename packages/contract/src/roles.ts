/** Issue 40: parents (orang tua/wali) are role 4; SPEC's codes 1–3 stay as they are. */
export const ROLE_IDS = { admin: 1, teacher: 2, student: 3, parent: 4 } as const;
export type RoleName = keyof typeof ROLE_IDS;
export type RoleId = (typeof ROLE_IDS)[RoleName];

export const ROLE_BY_ID: Record<number, RoleName> = { 1: 'admin', 2: 'teacher', 3: 'student', 4: 'parent' };

/** Labels shown on screen (SPEC §3: role codes 1 Admin, 2 Guru, 3 Siswa). */
export const ROLE_LABELS: Record<number, string> = { 1: 'Admin', 2: 'Guru', 3: 'Siswa', 4: 'Orang Tua' };

export const GENDER_LABELS: Record<string, string> = { L: 'Laki-laki', P: 'Perempuan' };
export const genderLabel = (g: string | null | undefined) => (g && GENDER_LABELS[g]) || 'No Gender';

export const RELIGIONS = ['Islam', 'Kristen', 'Katolik', 'Hindu', 'Buddha', 'Konghucu'] as const;
export const GRADES = [10, 11, 12] as const;

export const SUBMISSION_STATUS = {
  1: 'Belum Mengumpulkan',
  2: 'Sudah Mengumpulkan',
  3: 'Terlambat',
} as const;
