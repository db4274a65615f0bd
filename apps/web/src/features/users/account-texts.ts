import type { UserDeleteImpact, UserListQuery } from '@kelasku/contract';

/** The user list's status filter: `active`, `inactive`, or both when left out. */
export type StatusFilter = NonNullable<UserListQuery['status']>;

/** ?status= of the list's address: `active` or `inactive`; anything else (or nothing) lists both. */
export function statusFilterOf(param: string | null): StatusFilter | undefined {
  return param === 'active' || param === 'inactive' ? param : undefined;
}

const count = (n: number) => n.toLocaleString('id-ID');

/**
 * The delete dialog's plain statement of what goes with the user, e.g. "Menghapus user Budi juga
 * menghapus 12 pengumpulan tugas (5 sudah dinilai) dan 30 komentar. Tindakan ini tidak dapat dibatalkan."
 */
export function deleteImpactText(name: string, impact: UserDeleteImpact): string {
  const parts: string[] = [];
  if (impact.submissions > 0) {
    const graded = impact.graded > 0 ? ` (${count(impact.graded)} sudah dinilai)` : '';
    parts.push(`${count(impact.submissions)} pengumpulan tugas${graded}`);
  }
  if (impact.comments > 0) parts.push(`${count(impact.comments)} komentar`);
  const what = parts.length
    ? `Menghapus user ${name} juga menghapus ${parts.join(' dan ')}.`
    : `User ${name} belum memiliki pengumpulan tugas atau komentar.`;
  return `${what} Tindakan ini tidak dapat dibatalkan.`;
}

/** What "Nonaktifkan" does, said before it is done. */
export const deactivateText = (name: string) =>
  `${name} tidak dapat masuk sampai diaktifkan kembali, dan sesi yang sedang terbuka langsung berakhir. ` +
  'Semua riwayatnya (pengumpulan tugas, nilai dan komentar) tetap tersimpan.';

/** The delete dialog's offer of the gentler way. */
export const deactivateInsteadText =
  'Akun yang tidak dipakai lagi, misalnya siswa yang lulus atau pindah, cukup dinonaktifkan: ' +
  'ia tidak dapat masuk, tetapi semua riwayatnya tetap tersimpan.';
