/**
 * Importing questions into a category: the uploaded file (GIFT text or XLSX, told by its content)
 * read into question bodies, each checked by the contract's questionBody as a typed-in question is,
 * so an import can hold nothing a form could not. Every problem names its line (GIFT) or row (XLSX).
 */
import { QUESTION_LIMITS, QUESTION_MSG, questionBody, type QuestionImportPreview, type QuestionKey } from '@kelasku/contract';
import { HttpError } from '../../http/errors.js';
import { hasBinaryBytes } from '../../files/binary.js';
import { parseGift, type ImportCandidate, type ImportProblem } from './gift.js';
import { keyOf } from './keys.js';
import { readQuestionSheet } from './xlsx.js';

const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

export type ImportedQuestion = QuestionKey & {
  line_or_row: number;
  text: string;
  points: number;
  title: string | null;
  general_feedback: string | null;
  /** The `$CATEGORY:` it stands under (null: the category imported into). */
  category: string | null;
  notes: string[];
};

export interface ImportOutcome {
  questions: ImportedQuestion[];
  errors: QuestionImportPreview['errors'];
  /** What Kelasku cannot hold at all, with the reason (never blocks the others). */
  skipped: QuestionImportPreview['skipped'];
}

/** The questions of an uploaded file, checked; 415/422 for a file that is neither GIFT nor XLSX. */
export async function readImport(fileName: string, bytes: Buffer): Promise<ImportOutcome> {
  if (bytes.length === 0) throw new HttpError(422, QUESTION_MSG.importEmpty);
  const ext = /\.([A-Za-z0-9]{1,10})$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
  // Read with the cap applied while reading: at most cap + 1 questions are read (docs/limits.md).
  const max = QUESTION_LIMITS.importQuestions + 1;
  let read: { candidates: ImportCandidate[]; problems: ImportProblem[]; skipped?: ImportProblem[]; truncated: boolean };
  if (bytes.subarray(0, 4).equals(ZIP_SIGNATURE)) {
    read = await readQuestionSheet(bytes, max);
  } else {
    if (ext === 'xlsx') throw new HttpError(422, QUESTION_MSG.importSheetUnreadable);
    if (ext !== 'gift' && ext !== 'txt') throw new HttpError(415, QUESTION_MSG.importFileType, { file: [QUESTION_MSG.importFileType] });
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      throw new HttpError(422, QUESTION_MSG.importNotText);
    }
    if (await hasBinaryBytes(bytes)) throw new HttpError(422, QUESTION_MSG.importNotText);
    read = parseGift(text, max);
  }
  const skipped = read.skipped ?? [];
  const count = read.candidates.length + read.problems.length + skipped.length;
  if (count === 0) throw new HttpError(422, QUESTION_MSG.importEmpty);
  if (read.truncated || count > QUESTION_LIMITS.importQuestions) throw new HttpError(422, QUESTION_MSG.importTooMany);
  return checkCandidatesInSlices(read.candidates, read.problems, skipped);
}

/** One candidate checked as a typed-in question: added to the questions, or its problem to the errors. */
function checkOne(c: ImportCandidate, { questions, errors }: ImportOutcome): void {
  const parsed = questionBody.safeParse(c.body);
  if (parsed.success) {
    const { text, points, title, general_feedback } = parsed.data;
    questions.push({
      ...{ line_or_row: c.line, text, points, title: title ?? null, general_feedback: general_feedback ?? null },
      ...{ category: c.category ?? null, notes: c.notes ?? [] },
      ...keyOf(parsed.data),
    });
  } else {
    const messages = [...new Set(parsed.error.issues.map((i) => i.message))];
    errors.push({ line_or_row: c.line, message: QUESTION_MSG.atLine(c.line, messages.join(' ')) });
  }
}

const problemsOf = (problems: ImportProblem[]) =>
  problems.map((p) => ({ line_or_row: p.line, message: QUESTION_MSG.atLine(p.line, p.message) }));
const byLine = (a: { line_or_row: number }, b: { line_or_row: number }) => a.line_or_row - b.line_or_row;

/** Each candidate checked as a typed-in question; the problems of both steps in line order. */
export function checkCandidates(candidates: ImportCandidate[], problems: ImportProblem[], skipped: ImportProblem[] = []): ImportOutcome {
  const outcome: ImportOutcome = { questions: [], errors: problemsOf(problems), skipped: problemsOf(skipped) };
  for (const c of candidates) checkOne(c, outcome);
  outcome.errors.sort(byLine);
  return outcome;
}

/** Candidates checked between two turns of the event loop (docs/limits.md). */
const CHECK_SLICE = 100;

/** {@link checkCandidates}, giving the event loop back every CHECK_SLICE candidates: 1,000 questions never hold it long. */
async function checkCandidatesInSlices(
  candidates: ImportCandidate[],
  problems: ImportProblem[],
  skipped: ImportProblem[],
): Promise<ImportOutcome> {
  const outcome: ImportOutcome = { questions: [], errors: problemsOf(problems), skipped: problemsOf(skipped) };
  for (const [i, c] of candidates.entries()) {
    if (i % CHECK_SLICE === CHECK_SLICE - 1) await new Promise((resolve) => setImmediate(resolve));
    checkOne(c, outcome);
  }
  outcome.errors.sort(byLine);
  return outcome;
}
