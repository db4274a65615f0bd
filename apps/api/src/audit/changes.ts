/**
 * The audit rows of the changes that need a comparison (a user before and after an edit, a grade
 * before and after), so a route adds one line. Each takes the change's transaction.
 */
import { AUDIT_MSG } from '@kelasku/contract';
import type { Executor } from '../db/client.js';
import { changedFields, recordAudit, type AuditEntry, type AuditSource } from './record.js';
import {
  attemptScores,
  gradedSubmission,
  rombelSnapshot,
  userLabel,
  userSnapshot,
  userSnapshots,
  wordSnapshot,
  type UserSnapshot,
} from './queries.js';

/** Separate rows for these fields, so the log can be filtered by them. */
const OWN_ROWS = [
  ['role', 'user.role'],
  ['status', 'user.status'],
] as const;

/**
 * After an admin's edit of a user (`before` taken at the start of the transaction): a "user.update"
 * row with the changed fields, a "user.role" or "user.status" row when those changed, and a
 * "user.password_reset" row when a new password was set (the password itself is never kept).
 */
export async function auditUserEdit(
  tx: Executor,
  source: AuditSource,
  id: number,
  before: UserSnapshot,
  o: { passwordSet: boolean },
): Promise<void> {
  const after = await userSnapshot(tx, id);
  if (!after) return;
  const diff = changedFields(before, after);
  const summary = userLabel(after);
  const entries: AuditEntry[] = [];
  for (const [field, action] of OWN_ROWS) {
    if (!(field in diff.after)) continue;
    entries.push({
      action,
      targetType: 'user',
      targetId: id,
      summary,
      before: { [field]: diff.before[field] },
      after: { [field]: diff.after[field] },
    });
    delete diff.before[field];
    delete diff.after[field];
  }
  if (o.passwordSet) {
    entries.push({ action: 'user.password_reset', targetType: 'user', targetId: id, summary, after: { password: AUDIT_MSG.passwordSet } });
  }
  // The edit itself: its other changed fields (or none, when only the above changed or nothing did).
  if (Object.keys(diff.after).length > 0 || entries.length === 0) {
    entries.unshift({ action: 'user.update', targetType: 'user', targetId: id, summary, before: diff.before, after: diff.after });
  }
  await recordAudit(tx, source, entries);
}

/** After an admin's status change of one user. */
export async function auditUserStatus(tx: Executor, source: AuditSource, id: number, before: UserSnapshot): Promise<void> {
  const after = await userSnapshot(tx, id);
  if (!after) return;
  await recordAudit(tx, source, {
    action: 'user.status',
    targetType: 'user',
    targetId: id,
    summary: userLabel(after),
    before: { status: before.status },
    after: { status: after.status },
  });
}

/** After a grade of an assignment's submission (`before`: its score and feedback when locked, before the grade). */
export async function auditAssignmentGrade(
  tx: Executor,
  source: AuditSource,
  submissionId: number,
  before: { score: number | null; feedback: string | null },
): Promise<void> {
  const now = await gradedSubmission(tx, submissionId);
  if (!now) return;
  await recordAudit(tx, source, {
    action: 'grade.assignment',
    targetType: 'submission',
    targetId: submissionId,
    summary: `Tugas "${now.title}" — ${now.student}`,
    before: { score: before.score, feedback: before.feedback },
    after: { score: now.score, feedback: now.feedback },
  });
}

export interface AttemptScore {
  id: number;
  score: number | null;
  maxScore: number;
}

/** Rows for the attempts whose score changed (a hand grade, an override, a regrade), with the question's points when one question was graded. */
export async function auditQuizScores(
  tx: Executor,
  source: AuditSource,
  action: 'grade.quiz' | 'grade.override' | 'grade.regrade',
  before: AttemptScore[],
  question?: { id: number; before: { points: number | null; feedback: string | null }; after: { points: number; feedback: string | null } },
): Promise<void> {
  const now = new Map(
    (
      await attemptScores(
        tx,
        before.map((b) => b.id),
      )
    ).map((a) => [a.id, a]),
  );
  const entries: AuditEntry[] = [];
  for (const b of before) {
    const a = now.get(b.id);
    if (!a) continue;
    const scoreChanged = a.score !== b.score || a.maxScore !== b.maxScore;
    // A regrade records only the attempts it changed; a hand grade is recorded even when the sum stays.
    if (!question && !scoreChanged) continue;
    entries.push({
      action,
      targetType: 'quiz_attempt',
      targetId: a.id,
      summary: `Kuis "${a.quiz}" percobaan ${a.number} — ${a.student}${question ? `, soal #${question.id}` : ''}`,
      // The maximum only when it changed (a question's points were edited).
      before: { ...(question ? question.before : {}), score: b.score, ...(a.maxScore !== b.maxScore ? { max_score: b.maxScore } : {}) },
      after: { ...(question ? question.after : {}), score: a.score, ...(a.maxScore !== b.maxScore ? { max_score: a.maxScore } : {}) },
    });
  }
  await recordAudit(tx, source, entries);
}

/** After an admin created a user (in the same transaction): the new user's fields. */
export async function auditUserCreate(tx: Executor, source: AuditSource, id: number): Promise<void> {
  const created = await userSnapshot(tx, id);
  if (created)
    await recordAudit(tx, source, { action: 'user.create', targetType: 'user', targetId: id, summary: userLabel(created), after: created });
}

/** After an admin deleted a user (`gone`: the user as they were, taken before the delete). */
export async function auditUserDelete(tx: Executor, source: AuditSource, id: number, gone: UserSnapshot | null): Promise<void> {
  if (gone)
    await recordAudit(tx, source, { action: 'user.delete', targetType: 'user', targetId: id, summary: userLabel(gone), before: gone });
}

/** Indonesian names of the bulk actions, for the rows' summaries. */
const BULK_ACTIONS: Record<string, string> = {
  deactivate: 'Nonaktifkan',
  activate: 'Aktifkan',
  move_rombel: 'Pindah rombel',
  force_password_change: 'Wajib ganti password',
  reset_password: 'Atur ulang password',
};

/** After a bulk action (`before`: the users' snapshots at its start): one "users.bulk" row per user, with what changed. */
export async function auditBulk(tx: Executor, source: AuditSource, action: string, before: Map<number, UserSnapshot>): Promise<void> {
  const after = await userSnapshots(tx, [...before.keys()]);
  const entries: AuditEntry[] = [];
  for (const [id, was] of before) {
    const now = after.get(id);
    if (!now) continue;
    const diff = changedFields(was, now);
    if (action === 'reset_password') diff.after.password = AUDIT_MSG.passwordSet;
    entries.push({
      action: 'users.bulk',
      targetType: 'user',
      targetId: id,
      summary: `${userLabel(now)} — ${BULK_ACTIONS[action] ?? action}`,
      before: { action, ...diff.before },
      after: { action, ...diff.after },
    });
  }
  await recordAudit(tx, source, entries);
}

type Snapshot = Record<string, unknown>;
const SNAPSHOTS = { rombel: rombelSnapshot, word: wordSnapshot } as const;

/** The state of a rombel or motivational word, taken before an update or a delete. */
export const snapshotOf = (tx: Executor, type: keyof typeof SNAPSHOTS, id: number): Promise<Snapshot | null> => SNAPSHOTS[type](tx, id);

/**
 * After a create, update or delete of a rombel or motivational word (`before`: snapshotOf taken
 * first, for an update or a delete): the changed fields, the new one whole, or the deleted one whole.
 */
export async function auditRecord(
  tx: Executor,
  source: AuditSource,
  type: keyof typeof SNAPSHOTS,
  change: 'create' | 'update' | 'delete',
  id: number,
  before: Snapshot | null = null,
): Promise<void> {
  const after = change === 'delete' ? null : await SNAPSHOTS[type](tx, id);
  const shown = after ?? before;
  if (!shown) return;
  const diff = before && after ? changedFields(before, after) : { before, after };
  const summary = type === 'rombel' ? `Rombel ${String(shown.name)}` : `Kata motivasi "${String(shown.title)}"`;
  await recordAudit(tx, source, { action: `${type}.${change}`, targetType: type, targetId: id, summary, ...diff });
}
