/**
 * Writing the audit log (ASVS V16). Every admin write and every grade change calls recordAudit
 * with the transaction of the change (where there is one), so the row commits or rolls back with
 * it. The table is append-only: this module only inserts, and no code updates or deletes a row.
 */
import { AUDIT_MSG, ROLE_BY_ID, type AuditAction } from '@kelasku/contract';
import type { Executor } from '../db/client.js';
import { auditLog } from '../db/schema.js';

/** Who acted and from where: a request (its user and address), or the same taken from a signed link's session. */
export interface AuditSource {
  ip: string;
  user: { id: number; name: string; roleId: number };
}

export type AuditValues = Record<string, unknown>;

export interface AuditEntry {
  action: AuditAction;
  targetType:
    | 'user'
    | 'users'
    | 'import'
    | 'promotion'
    | 'rombel'
    | 'word'
    | 'backup'
    | 'submission'
    | 'quiz_attempt'
    | 'department'
    | 'semester'
    | 'homeroom'
    | 'timetable'
    | 'subject'
    | 'teaching'
    | 'leave_request'
    | 'meeting'
    | 'setting'
    | 'grade_scheme'
    | 'learning_objective'
    | 'parent_link'
    | 'quiz';
  targetId?: number | null;
  /** A short human description of the target ("Siswa Budi Santoso (budi)"). */
  summary: string;
  before?: AuditValues | null;
  after?: AuditValues | null;
}

/**
 * Keys never kept, at any depth: passwords, tokens, hashes, secrets, slips and first-password
 * credentials. Two exceptions say that something happened without saying what: the flag
 * `must_change_password`, and a password key whose value is only the marker "diganti".
 */
const SECRET_KEY = /pass|token|hash|secret|credential|slip|signature/i;
const keeps = (key: string, value: unknown) => !SECRET_KEY.test(key) || key === 'must_change_password' || value === AUDIT_MSG.passwordSet;

/** A copy of `value` without secret keys (objects and arrays walked; other values as they are). */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (keeps(k, v)) out[k] = withoutSecrets(v);
  return out;
}

const clean = (v: AuditValues | null | undefined) => (v ? (withoutSecrets(v) as AuditValues) : null);

/** The fields whose values differ, as { before, after } holding only those fields. */
export function changedFields(before: AuditValues, after: AuditValues): { before: AuditValues; after: AuditValues } {
  const b: AuditValues = {};
  const a: AuditValues = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key] ?? null) === JSON.stringify(after[key] ?? null)) continue;
    b[key] = before[key] ?? null;
    a[key] = after[key] ?? null;
  }
  return { before: b, after: a };
}

/** Writes one or more rows of the audit log with `db` (the change's transaction where there is one). */
export async function recordAudit(db: Executor, source: AuditSource, entries: AuditEntry | AuditEntry[]): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries];
  if (list.length === 0) return;
  const actor = {
    actorId: source.user.id,
    actorName: source.user.name.slice(0, 100),
    actorRole: ROLE_BY_ID[source.user.roleId] ?? 'unknown',
    ip: source.ip.slice(0, 64),
  };
  // At most a few thousand rows at once (a bulk action on 1,000 users): one INSERT per 500.
  for (let i = 0; i < list.length; i += 500) {
    await db.insert(auditLog).values(
      list.slice(i, i + 500).map((e) => ({
        ...actor,
        action: e.action,
        targetType: e.targetType,
        targetId: e.targetId ?? null,
        summary: e.summary.slice(0, 300),
        before: clean(e.before),
        after: clean(e.after),
      })),
    );
  }
}
