/** The audit log of administrative changes. */
import { bigserial, index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The audit log (ASVS V16): one row per admin write and per grade change, append-only (the code
 * only inserts; nothing updates or deletes a row, and no job prunes it). The actor is kept by
 * name and role too, so a row outlives its user; before/after hold the changed fields, never a
 * password, token or slip (audit/record.ts strips such keys). See docs/features/audit-log.md.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** No foreign key: deleting the user keeps their rows. */
    actorId: integer('actor_id'),
    actorName: varchar('actor_name', { length: 100 }).notNull(),
    actorRole: varchar('actor_role', { length: 10 }).notNull(),
    ip: varchar('ip', { length: 64 }),
    action: varchar('action', { length: 40 }).notNull(),
    targetType: varchar('target_type', { length: 20 }).notNull(),
    targetId: integer('target_id'),
    summary: varchar('summary', { length: 300 }).notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_actor_idx').on(t.actorId, t.id),
    index('audit_log_action_idx').on(t.action, t.id),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.id),
  ],
);
