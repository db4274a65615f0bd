import { IMPORT_MSG, MAX_PARENTS_PER_CHILD, type ImportParents } from '@kelasku/contract';

/**
 * What the preview says of the parents the file brings (issue 40): "12 akun orang tua baru, 3
 * ditautkan ke akun yang sudah ada", and the ones left out; null when the file names no parent.
 */
export function parentsSummary(p: ImportParents | undefined): { text: string; skipped: string | null } | null {
  if (!p || p.links + p.skipped === 0) return null;
  return {
    text: `${IMPORT_MSG.parentsPreview(p.create, p.existing)}.`,
    skipped:
      p.skipped > 0
        ? `${p.skipped.toLocaleString('id-ID')} orang tua/wali tidak dibuat karena satu siswa paling banyak punya ${MAX_PARENTS_PER_CHILD}; lihat keterangan barisnya.`
        : null,
  };
}

/** The import button's words: the users, or only the parents when the students are all unchanged. */
export function importButtonLabel(writes: number, p: ImportParents | undefined): string {
  if (writes === 0 && p && p.links > 0) return `Impor ${p.links.toLocaleString('id-ID')} orang tua`;
  return `Impor ${writes} user`;
}
