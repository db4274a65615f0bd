/**
 * Writes the parents an import planned (parents.ts): the new accounts, their `parents` rows and the
 * links, each in a few batched INSERTs (500 rows at a time), never one query per parent; every link
 * is audited `parent.link`. The first passwords go on the import's slips, like the students'.
 */
import { and, eq } from 'drizzle-orm';
import { PARENT_RELATION_LABELS, ROLE_IDS } from '@kelasku/contract';
import { hashPassword } from '../../auth/passwords.js';
import type { Executor } from '../../db/client.js';
import { auditLog, parentLinks, parents, users } from '../../db/schema.js';
import { recordAudit, type AuditSource } from '../../audit/record.js';
import type { PlannedRow } from './plan.js';
import type { PlannedParent } from './parents.js';
import type { Credential } from './write.js';

const BATCH = 500;
const chunks = <T>(list: T[]) => Array.from({ length: Math.ceil(list.length / BATCH) }, (_, i) => list.slice(i * BATCH, (i + 1) * BATCH));

/** Who the links are audited as: the admin who started the import, from where (its `import.run` row). */
export async function importSource(tx: Executor, importId: number, adminId: number | null): Promise<AuditSource> {
  const [run] = await tx
    .select({ actorId: auditLog.actorId, actorName: auditLog.actorName, ip: auditLog.ip })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'import.run'), eq(auditLog.targetId, importId)));
  if (run?.actorId) return { ip: run.ip ?? '-', user: { id: run.actorId, name: run.actorName ?? '', roleId: ROLE_IDS.admin } };
  const [admin] = adminId === null ? [] : await tx.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, adminId));
  return { ip: '-', user: { id: admin?.id ?? 0, name: admin?.name ?? 'Impor', roleId: ROLE_IDS.admin } };
}

interface Link {
  line: number;
  parent: PlannedParent;
  studentId: number;
  child: string;
  rombel: string | null;
}

/** The new accounts, hashed and inserted; answers each key's user id and the slips of their first passwords. */
async function createAccounts(tx: Executor, links: Link[]): Promise<{ ids: Map<string, number>; credentials: Credential[] }> {
  const fresh = links.filter((l) => l.parent.account);
  const hashes = await Promise.all(fresh.map((l) => hashPassword(l.parent.account!.password)));
  const ids = new Map<string, number>();
  for (const [n, part] of chunks(fresh).entries()) {
    const made = await tx
      .insert(users)
      .values(
        part.map(({ parent: p }, i) => ({
          username: p.account!.username,
          name: p.name,
          roleId: ROLE_IDS.parent,
          passwordHash: hashes[n * BATCH + i]!,
          status: 1,
          mustChangePassword: true,
          telpon: p.telpon,
          gender: p.relation === 'ayah' ? 'L' : p.relation === 'ibu' ? 'P' : null,
        })),
      )
      .returning({ id: users.id, username: users.username });
    const byUsername = new Map(made.map((m) => [m.username, m.id]));
    for (const { parent: p } of part) ids.set(p.key, byUsername.get(p.account!.username)!);
    await tx.insert(parents).values(part.map(({ parent: p }) => ({ userId: ids.get(p.key)!, nik: p.nik })));
  }
  const credentials = fresh.map(({ parent: p, line }): Credential => {
    const children = links.filter((l) => l.parent.key === p.key).map((l) => `${l.child}${l.rombel ? ` (${l.rombel})` : ''}`);
    return {
      userId: ids.get(p.key)!,
      line,
      name: p.name,
      role: 'parent',
      rombel: links.find((l) => l.parent.key === p.key)!.rombel,
      username: p.account!.username,
      password: p.account!.password,
      child: `${PARENT_RELATION_LABELS[p.relation]} dari ${children.join(', ')}`,
    };
  });
  return { ids, credentials };
}

/**
 * Creates and links the parents of `rows` on `tx` (the import's transaction). `studentIds` gives the
 * id of each row's student by line (the rows created just now); an existing student's is on the row.
 */
export async function writeParents(
  tx: Executor,
  rows: PlannedRow[],
  studentIds: Map<number, number>,
  rombelNames: Map<number, string>,
  sourceOf: () => Promise<AuditSource>,
): Promise<Credential[]> {
  const links: Link[] = rows.flatMap((row) =>
    (row.parents ?? []).map((parent) => ({
      line: row.line,
      parent,
      studentId: row.userId ?? studentIds.get(row.line)!,
      child: row.draft!.name,
      rombel: row.draft!.rombelId === null ? null : (rombelNames.get(row.draft!.rombelId) ?? null),
    })),
  );
  if (links.length === 0) return [];
  const source = await sourceOf();
  const { ids, credentials } = await createAccounts(tx, links);
  const parentIdOf = (p: PlannedParent) => p.parentId ?? ids.get(p.key)!;
  for (const part of chunks(links)) {
    const made = await tx
      .insert(parentLinks)
      .values(
        part.map((l) => ({
          parentId: parentIdOf(l.parent),
          studentId: l.studentId,
          relation: l.parent.relation,
          source: 'import' as const,
          createdBy: source.user.id || null,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: parentLinks.id, parentId: parentLinks.parentId, studentId: parentLinks.studentId });
    const linkOf = new Map(part.map((l) => [`${parentIdOf(l.parent)}:${l.studentId}`, l]));
    await recordAudit(
      tx,
      source,
      made.map((m) => {
        const l = linkOf.get(`${m.parentId}:${m.studentId}`)!;
        const label = PARENT_RELATION_LABELS[l.parent.relation];
        return {
          action: 'parent.link' as const,
          targetType: 'parent_link' as const,
          targetId: m.id,
          summary: `${label} ${l.parent.name} ditautkan ke siswa ${l.child} (impor)`,
          after: { parent_id: m.parentId, student_id: m.studentId, relation: l.parent.relation, source: 'import' },
        };
      }),
    );
  }
  return credentials;
}
