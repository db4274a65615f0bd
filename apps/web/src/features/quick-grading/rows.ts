import { REPORT_MSG, type QuickGradeBody, type QuickGradingRow } from '@kelasku/contract';

/** The message of a row whose work changed since the table loaded (409: handed in again or taken back). */
export const CONFLICT_MESSAGE = 'Pekerjaan ini baru saja berubah, muat ulang';
/** Beside the last grade of returned work handed in again. */
export const AWAITING_REGRADE = REPORT_MSG.awaitingRegrade;

/** What the teacher typed in one row: the score as typed, and the short feedback. */
export interface Draft {
  score: string;
  feedback: string;
}

/** A row's mark after it was left: being saved, saved, or the server's message. */
export type RowMark = { kind: 'saving' } | { kind: 'saved' } | { kind: 'error'; message: string; conflict: boolean };

/** Only handed-in work can be graded: the other rows are read-only. */
export const isEditable = (row: QuickGradingRow) => row.revision !== null && (row.state === 'graded' || row.state === 'waiting');

/** Returned work handed in again: no score yet, its last grade is kept. */
export const isAwaitingRegrade = (row: QuickGradingRow) => row.score === null && row.last_score !== null && row.revision !== null;

/** The inputs' values as the server has them. */
export const draftOf = (row: QuickGradingRow): Draft => ({
  score: row.score === null ? '' : String(row.score),
  feedback: row.feedback ?? '',
});

/** The draft differs from what is saved (surrounding spaces of the score do not count). */
export function isDirty(row: QuickGradingRow, draft: Draft): boolean {
  const saved = draftOf(row);
  return draft.score.trim() !== saved.score || draft.feedback.trim() !== saved.feedback.trim();
}

/** The body of a row's PUT: the score as typed (the server says what is wrong with it), the feedback, the revision seen. */
export function bodyOf(row: QuickGradingRow, draft: Draft): QuickGradeBody {
  return { score: draft.score.trim(), feedback: draft.feedback.trim(), revision: row.revision ?? 0 };
}

/** The same draft sent twice (Enter, then the focus leaving the row) is saved once. */
export const draftKey = (d: Draft) => `${d.score.trim()}\u0000${d.feedback.trim()}`;

/** The next row after `index` that can be graded (Enter moves there), or null at the end. */
export function nextEditable(rows: readonly QuickGradingRow[], index: number): QuickGradingRow | null {
  for (let i = index + 1; i < rows.length; i++) if (isEditable(rows[i]!)) return rows[i]!;
  return null;
}

/** What a key in a row does: Enter saves the row and moves to the next row's score; anything else is the browser's. */
export function keyAction(e: {
  key: string;
  shiftKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  isComposing?: boolean;
}) {
  if (e.key !== 'Enter' || e.shiftKey || e.altKey || e.ctrlKey || e.metaKey || e.isComposing) return null;
  return 'save-next' as const;
}

/** Whether focus moving from a row to `to` leaves it (to nothing, or to an element outside the row). */
export const leavesRow = (row: Element, to: EventTarget | null) => !(to instanceof Node && row.contains(to));

/** The ids of a row's inputs, so Enter can move to the next row's score. */
export const scoreInputId = (studentId: number) => `nilai-cepat-${studentId}`;
export const feedbackInputId = (studentId: number) => `masukan-cepat-${studentId}`;
