import { LIMITS, MSG, SUBMISSION_MSG } from '@kelasku/contract';

/** The files chosen so far and why the refused ones were refused ("foto.jpg: Ukuran file maksimal 50 MB"). */
export interface FilePick {
  chosen: File[];
  refused: string[];
}

const sameFile = (a: File, b: File) => a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

/**
 * Adds picked files to those already chosen, in order, as long as they fit beside the current files
 * the student keeps (`keptSizes`): none empty, each at most 50 MB, at most 10 files and 100 MB together.
 * A file picked twice is taken once.
 */
export function addFiles(chosen: File[], added: File[], keptSizes: number[]): FilePick {
  const next = [...chosen];
  const refused: string[] = [];
  let count = keptSizes.length + next.length;
  let total = keptSizes.reduce((a, b) => a + b, 0) + next.reduce((a, f) => a + f.size, 0);
  for (const file of added) {
    if (next.some((f) => sameFile(f, file))) continue;
    const problem =
      file.size === 0
        ? MSG.fileEmpty
        : file.size > LIMITS.fileBytes
          ? MSG.fileTooLarge
          : count >= LIMITS.submissionFiles
            ? SUBMISSION_MSG.tooManyFiles
            : total + file.size > LIMITS.submissionBytes
              ? SUBMISSION_MSG.totalTooLarge
              : null;
    if (problem) {
      refused.push(`${file.name}: ${problem}`);
      continue;
    }
    next.push(file);
    count += 1;
    total += file.size;
  }
  return { chosen: next, refused };
}

/** Why the hand-in cannot be sent yet (nothing to hand in), or null. */
export function handInProblem(keptCount: number, chosenCount: number, text: string): string | null {
  return keptCount + chosenCount === 0 && text.trim() === '' ? SUBMISSION_MSG.empty : null;
}

/**
 * The hand-in form: the text answer, the current files kept (`keep`, comma-separated ids) and the
 * finished resumable uploads (`upload`, repeated, in the order picked) instead of file parts.
 */
export function handInFormData(uploads: string[], keep: number[], text: string): FormData {
  const form = new FormData();
  form.append('text', text);
  if (keep.length > 0) form.append('keep', keep.join(','));
  for (const id of uploads) form.append('upload', id);
  return form;
}

/** The main button: "Upload Submission" before anything was handed in, "Update Submission" after (SPEC's label for a replace). */
export const submitLabel = (submittedAt: string | null) => (submittedAt ? 'Update Submission' : 'Upload Submission');
