import { SUBMISSION_ZIP_NAMES } from '@kelasku/contract';
import { isCompressible, type ZipEntry } from '../../files/zip.js';
import type { HandedInFile } from './queries.js';
import { UniqueNames, fileName, studentFolder } from './names.js';

/**
 * The ZIP's entries: a folder per student ("NIS - Nama", made unique), holding the files of the
 * current version in the student's order and the text answer as Jawaban.txt when there is one.
 * The rows come ordered by student, then file position.
 */
export function zipEntries(rows: HandedInFile[]): ZipEntry[] {
  const entries: ZipEntry[] = [];
  const folders = new UniqueNames();
  let student: number | null = null;
  let folder = '';
  let names = new UniqueNames();
  for (const r of rows) {
    const date = r.submittedAt ?? new Date();
    if (r.studentId !== student) {
      student = r.studentId;
      folder = folders.take(studentFolder(r.nis, r.name));
      names = new UniqueNames();
      // The answer claims its name first: a file the student called Jawaban.txt becomes "Jawaban (2).txt".
      const answer = r.textAnswer?.trim() ? r.textAnswer : null;
      if (answer !== null) {
        names.take(SUBMISSION_ZIP_NAMES.answer);
        entries.push({ name: `${folder}/${SUBMISSION_ZIP_NAMES.answer}`, date, store: false, source: { bytes: Buffer.from(answer) } });
      }
    }
    if (!r.file) continue;
    entries.push({
      name: `${folder}/${names.take(fileName(r.file.name))}`,
      date,
      store: !isCompressible(r.file.mimeType),
      source: { storageKey: r.file.storageKey },
    });
  }
  return entries;
}
