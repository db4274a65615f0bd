/**
 * Parent ↔ child links (issue 40): made by a pairing code, the wali kelas or an admin, removed by
 * an admin. Every link made and removed is in the audit log (who, the child, the parent, the
 * relation; never a password or a code), and the child is told when a parent links.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { PARENT_RELATION_LABELS, type ParentContact, type ParentRelation } from '@kelasku/contract';
import type { Executor } from '../../db/client.js';
import { parentLinks, parents, users } from '../../db/schema.js';
import { recordAudit, type AuditSource } from '../../audit/record.js';
import { notFound } from '../../http/errors.js';
import type { App } from '../../types.js';

type Source = ParentContact['source'];

export interface NewLink {
  parent: { id: number; name: string; username: string };
  student: { id: number; name: string };
  relation: ParentRelation;
  source: Source;
}

/** Inserts the link and its audit row on `tx`; returns the link's id. */
export async function insertLink(tx: Executor, by: AuditSource, l: NewLink): Promise<number> {
  const [row] = await tx
    .insert(parentLinks)
    .values({ parentId: l.parent.id, studentId: l.student.id, relation: l.relation, source: l.source, createdBy: by.user.id })
    .returning({ id: parentLinks.id });
  await recordAudit(tx, by, {
    action: 'parent.link',
    targetType: 'parent_link',
    targetId: row!.id,
    summary: `${PARENT_RELATION_LABELS[l.relation]} ${l.parent.name} (${l.parent.username}) terhubung dengan ${l.student.name}`,
    after: {
      student_id: l.student.id,
      student: l.student.name,
      parent_id: l.parent.id,
      parent: l.parent.name,
      relation: l.relation,
      source: l.source,
    },
  });
  return row!.id;
}

/** Tells the child a parent linked (after the link committed). */
export function linkedNotice(app: App, l: NewLink): Promise<void> {
  return app.notifier.send({
    userIds: [l.student.id],
    kind: 'parent_linked',
    actorId: l.parent.id,
    subject: l.parent.name,
    context: PARENT_RELATION_LABELS[l.relation],
    link: '/me',
  });
}

/** The parents linked to the student, as the wali kelas and admins see them (with phone numbers), oldest link first. */
export async function contactsOf(db: Executor, studentId: number, linkId?: number): Promise<ParentContact[]> {
  const rows = await db
    .select({
      linkId: parentLinks.id,
      id: users.id,
      name: users.name,
      username: users.username,
      telpon: users.telpon,
      email: users.email,
      relation: parentLinks.relation,
      source: parentLinks.source,
      active: sql<boolean>`${parents.privacyAcceptedAt} is not null`,
      createdAt: parentLinks.createdAt,
    })
    .from(parentLinks)
    .innerJoin(users, eq(users.id, parentLinks.parentId))
    .leftJoin(parents, eq(parents.userId, users.id))
    .where(and(eq(parentLinks.studentId, studentId), linkId === undefined ? undefined : eq(parentLinks.id, linkId)))
    .orderBy(asc(parentLinks.createdAt), asc(parentLinks.id));
  return rows.map((r) => ({
    link_id: r.linkId,
    parent: { id: r.id, name: r.name, username: r.username, telpon: r.telpon, email: r.email },
    relation: r.relation,
    source: r.source,
    active: Boolean(r.active),
    created_at: r.createdAt.toISOString(),
  }));
}

/** Removes the link (the parent account stays) with its audit row; 404 for an unknown link. */
export async function unlink(tx: Executor, by: AuditSource, linkId: number): Promise<void> {
  const [row] = await tx
    .select({
      id: parentLinks.id,
      parentId: parentLinks.parentId,
      studentId: parentLinks.studentId,
      relation: parentLinks.relation,
      source: parentLinks.source,
      parent: sql<string>`(select name from users where id = ${parentLinks.parentId})`,
      student: sql<string>`(select name from users where id = ${parentLinks.studentId})`,
    })
    .from(parentLinks)
    .where(eq(parentLinks.id, linkId))
    .for('update');
  if (!row) throw notFound();
  await tx.delete(parentLinks).where(eq(parentLinks.id, linkId));
  const relation = row.relation as ParentRelation;
  await recordAudit(tx, by, {
    action: 'parent.unlink',
    targetType: 'parent_link',
    targetId: row.id,
    summary: `${PARENT_RELATION_LABELS[relation]} ${row.parent} tidak lagi terhubung dengan ${row.student}`,
    before: {
      student_id: row.studentId,
      student: row.student,
      parent_id: row.parentId,
      parent: row.parent,
      relation,
      source: row.source,
    },
  });
}
