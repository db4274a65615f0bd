import type { QuickGradingRow } from '@kelasku/contract';
import type { Assignment } from '../../access/index.js';
import { cellOf } from '../gradebook/present.js';
import type { QuickRosterRow } from './queries.js';

/** One row of the quick table: the state as the gradebook shows it, the score, the last grade while awaiting a new one. */
export function toQuickRow(a: Pick<Assignment, 'id' | 'deadline'>, r: QuickRosterRow, now = new Date()): QuickGradingRow {
  const s = r.submission;
  const cell = cellOf(a, s ?? undefined, r.extDeadline ? { deadline: r.extDeadline } : undefined, now);
  return {
    student: { id: r.id, name: r.name, nis: r.nis },
    state: cell.state,
    score: s?.score ?? null,
    last_score: cell.awaiting_regrade ? cell.score : null,
    feedback: s?.feedback ?? null,
    revision: s && s.submittedAt !== null ? s.revision : null,
    late: cell.late,
    returned: !!s?.returnedAt,
  };
}
