import { useCallback, useRef, useState } from 'react';
import type { QuickGradingRow } from '@kelasku/contract';
import { ApiError } from '../../api/client';
import type { AssignmentRef } from '../../api/keys';
import { useQuickGrade } from '../../api/quick-grading';
import { errorMessage } from '../../lib/toast';
import { bodyOf, CONFLICT_MESSAGE, draftKey, draftOf, isDirty, isEditable, type Draft, type RowMark } from './rows';

const without = <T>(all: Record<number, T>, id: number): Record<number, T> => {
  const next = { ...all };
  delete next[id];
  return next;
};

/**
 * The typed values of the rows (only rows being changed hold a draft; the others show the server's),
 * their marks, and `commit`: saves a row when it changed, once per draft (Enter and then the focus
 * leaving the row send it once).
 */
export function useQuickRows(r: AssignmentRef) {
  const grade = useQuickGrade(r);
  const [drafts, setDrafts] = useState<Record<number, Draft>>({});
  const [marks, setMarks] = useState<Record<number, RowMark>>({});
  const inFlight = useRef<Record<number, string>>({});
  // The latest drafts, kept beside the state so `commit`, called right after a change (Enter), reads them.
  const latest = useRef<Record<number, Draft>>({});
  const update = useCallback((change: (d: Record<number, Draft>) => Record<number, Draft>) => {
    const next = change(latest.current);
    latest.current = next;
    setDrafts(next);
  }, []);

  const draftFor = (row: QuickGradingRow) => drafts[row.student.id] ?? draftOf(row);

  const edit = (row: QuickGradingRow, patch: Partial<Draft>) =>
    update((d) => ({ ...d, [row.student.id]: { ...(d[row.student.id] ?? draftOf(row)), ...patch } }));

  const mark = (id: number, m: RowMark | null) =>
    setMarks((all) => {
      const next = { ...all };
      if (m) next[id] = m;
      else delete next[id];
      return next;
    });

  const commit = (row: QuickGradingRow) => {
    const id = row.student.id;
    const draft = latest.current[id];
    if (!draft || !isEditable(row) || !isDirty(row, draft) || inFlight.current[id] === draftKey(draft)) return;
    inFlight.current[id] = draftKey(draft);
    mark(id, { kind: 'saving' });
    grade.mutateAsync({ studentId: id, body: bodyOf(row, draft) }).then(
      () => {
        delete inFlight.current[id];
        // The row now holds these values; a draft typed meanwhile stays.
        update((d) => (d[id] === undefined || draftKey(d[id]) !== draftKey(draft) ? d : without(d, id)));
        mark(id, { kind: 'saved' });
      },
      (err: unknown) => {
        delete inFlight.current[id];
        // The work changed since the table loaded (not another 409, such as locked grades: its own message).
        const conflict = err instanceof ApiError && err.status === 409 && err.field('revision') !== undefined;
        mark(id, { kind: 'error', message: conflict ? CONFLICT_MESSAGE : errorMessage(err), conflict });
      },
    );
  };

  /** Drops a row's draft and mark (after "Muat ulang"). */
  const reset = (id: number) => {
    update((d) => without(d, id));
    mark(id, null);
  };

  return { draftFor, edit, commit, reset, marks };
}
