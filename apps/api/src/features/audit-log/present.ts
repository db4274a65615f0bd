import { AUDIT_ACTION_LABELS, ROLE_IDS, ROLE_LABELS, type AuditAction, type AuditEntry, type RoleName } from '@kelasku/contract';
import type { AuditRow } from '../../audit/queries.js';

/** "admin" → "Admin", "teacher" → "Guru". */
export const roleLabel = (role: string) => ROLE_LABELS[ROLE_IDS[role as RoleName]] ?? role;

const record = (v: unknown) => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null);

/** A row of the log as the API answers it; `withIp` false (a teacher's grade history) leaves the address out. */
export function toAuditEntry(r: AuditRow, withIp: boolean): AuditEntry {
  const action = r.action as AuditAction;
  return {
    id: r.id,
    at: r.at.toISOString(),
    actor: { id: r.actorId, name: r.actorName, role: roleLabel(r.actorRole) },
    ip: withIp ? r.ip : null,
    action,
    action_label: AUDIT_ACTION_LABELS[action] ?? r.action,
    target: { type: r.targetType, id: r.targetId },
    summary: r.summary,
    before: record(r.before),
    after: record(r.after),
  };
}

const wib = new Intl.DateTimeFormat('id-ID', {
  timeZone: 'Asia/Jakarta',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

/** "29/11/2026 15.30.05 WIB". */
export const wibTime = (d: Date) => `${wib.format(d).replace(',', '')} WIB`;
