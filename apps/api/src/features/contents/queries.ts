import { and, asc, eq, inArray, type SQLWrapper } from 'drizzle-orm';
import type { ClassContent, ClassContentDetail } from '@kelasku/contract';
import type { Db, Executor } from '../../db/client.js';
import { assignments, contents, forums, materials, storedFiles } from '../../db/schema.js';
import type { FileService } from '../../files/service.js';
import type { Content } from '../../access/index.js';
import { deleteFilesUnder } from '../online-classes/queries.js';
import { toMaterial } from '../materials/queries.js';

export const toContent = (c: Content): ClassContent => ({
  id: c.id,
  online_class_id: c.onlineClassId,
  title: c.title,
  description: c.description,
  created_at: c.createdAt.toISOString(),
  updated_at: c.updatedAt.toISOString(),
});

/** Materials (with their stored files), forums and assignments of the given contents: three queries. */
async function childrenOf(db: Executor, contentIds: SQLWrapper | number[]) {
  const [mats, fors, asgs] = await Promise.all([
    db
      .select({ material: materials, file: storedFiles })
      .from(materials)
      .innerJoin(storedFiles, eq(storedFiles.id, materials.fileId))
      .where(inArray(materials.contentId, contentIds))
      .orderBy(asc(materials.id)),
    db
      .select({ contentId: forums.contentId, id: forums.id, topic: forums.topic })
      .from(forums)
      .where(inArray(forums.contentId, contentIds))
      .orderBy(asc(forums.id)),
    db
      .select({ contentId: assignments.contentId, id: assignments.id, title: assignments.title })
      .from(assignments)
      .where(inArray(assignments.contentId, contentIds))
      .orderBy(asc(assignments.id)),
  ]);
  return { mats, fors, asgs };
}

/**
 * Contents with their materials (signed links), forums and assignments, oldest first.
 * Four queries whatever the number of contents.
 */
export async function loadContentDetails(db: Db, files: FileService, rows: Content[], ids: SQLWrapper | number[]): Promise<ClassContentDetail[]> {
  if (rows.length === 0) return [];
  const { mats, fors, asgs } = await childrenOf(db, ids);
  const out = new Map<number, ClassContentDetail>(rows.map((c) => [c.id, { ...toContent(c), materials: [], forums: [], assignment: [] }]));
  for (const m of mats) out.get(m.material.contentId)?.materials.push(toMaterial(files, m.material, m.file));
  for (const f of fors) out.get(f.contentId)?.forums.push({ id: f.id, topic: f.topic });
  for (const a of asgs) out.get(a.contentId)?.assignment.push({ id: a.id, title: a.title });
  return [...out.values()];
}

/** Every content of a class with its children; four queries. */
export async function contentsOfClass(db: Db, files: FileService, classId: number): Promise<ClassContentDetail[]> {
  const rows = await db.select().from(contents).where(eq(contents.onlineClassId, classId)).orderBy(asc(contents.id));
  return loadContentDetails(db, files, rows, db.select({ id: contents.id }).from(contents).where(eq(contents.onlineClassId, classId)));
}

/** One content with its children; three queries (the content row comes from the access check). */
export async function contentDetail(db: Db, files: FileService, content: Content): Promise<ClassContentDetail> {
  const [detail] = await loadContentDetails(db, files, [content], [content.id]);
  return detail!;
}

export interface ContentValues {
  title: string;
  description: string | null;
}

export async function insertContent(db: Db, classId: number, v: ContentValues): Promise<Content> {
  const [row] = await db.insert(contents).values({ onlineClassId: classId, title: v.title, description: v.description }).returning();
  return row!;
}

export async function updateContent(db: Db, classId: number, contentId: number, v: ContentValues): Promise<Content | null> {
  const [row] = await db
    .update(contents)
    .set({ title: v.title, description: v.description, updatedAt: new Date() })
    .where(and(eq(contents.id, contentId), eq(contents.onlineClassId, classId)))
    .returning();
  return row ?? null;
}

/** Deletes a content with everything under it; returns the stored files to release, or null when it is gone. */
export async function deleteContent(tx: Executor, classId: number, contentId: number): Promise<number[] | null> {
  const target = tx
    .select({ id: contents.id })
    .from(contents)
    .where(and(eq(contents.id, contentId), eq(contents.onlineClassId, classId)));
  const fileIds = await deleteFilesUnder(tx, target);
  const gone = await tx
    .delete(contents)
    .where(and(eq(contents.id, contentId), eq(contents.onlineClassId, classId)))
    .returning({ id: contents.id });
  return gone.length ? fileIds : null;
}
