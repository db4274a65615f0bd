import { and, eq, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client.js';
import { materials, storedFiles } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { nextPosition } from '../lessons/queries.js';

export type MaterialRow = typeof materials.$inferSelect;
export type MaterialFileRow = Pick<typeof storedFiles.$inferSelect, 'id' | 'originalName' | 'mimeType' | 'size'>;

/** Adds a file material at the end of the content's materials. */
export async function insertMaterial(tx: Tx, lessonId: number, title: string, fileId: number): Promise<MaterialRow> {
  const [row] = await insertMaterials(tx, lessonId, [{ title, fileId }]);
  return row!;
}

/** Adds materials (files or links) at the end of the content's materials, in the given order: one statement. */
export async function insertMaterials(
  db: Executor,
  lessonId: number,
  items: Array<{ title: string; fileId: number; url?: never } | { title: string; url: string; fileId?: never }>,
): Promise<MaterialRow[]> {
  const rows = await db
    .insert(materials)
    .values(
      items.map((m, i) => ({
        lessonId,
        title: m.title,
        fileId: m.fileId ?? null,
        url: m.url ?? null,
        position: sql<number>`${nextPosition(materials, lessonId)} + ${i}::int`,
      })),
    )
    .returning();
  return rows.sort((a, b) => a.position - b.position || a.id - b.id);
}

/** A material of this content with its stored file (null for a link); 404 when it is gone. */
export async function materialWithFile(
  db: Db,
  lessonId: number,
  materialId: number,
): Promise<{ m: MaterialRow; f: MaterialFileRow | null }> {
  const [row] = await db
    .select({
      m: materials,
      f: { id: storedFiles.id, originalName: storedFiles.originalName, mimeType: storedFiles.mimeType, size: storedFiles.size },
    })
    .from(materials)
    .leftJoin(storedFiles, eq(storedFiles.id, materials.fileId))
    .where(and(eq(materials.id, materialId), eq(materials.lessonId, lessonId)));
  if (!row) throw notFound();
  return row;
}

/** Renames a material and, for a link, changes its address. */
export async function updateMaterial(db: Db, lessonId: number, materialId: number, v: { title: string; url?: string }): Promise<void> {
  const gone = await db
    .update(materials)
    .set({ title: v.title, ...(v.url === undefined ? {} : { url: v.url }), updatedAt: new Date() })
    .where(and(eq(materials.id, materialId), eq(materials.lessonId, lessonId)))
    .returning({ id: materials.id });
  if (gone.length === 0) throw notFound();
}

/**
 * Puts a new stored file (and optionally a new title) in a file material, in the upload's
 * transaction; returns the old stored file, to release once this has committed. 404 when the
 * material is gone (the transaction, and so the new file, is then undone).
 */
export async function replaceMaterialFile(
  tx: Tx,
  lessonId: number,
  materialId: number,
  fileId: number,
  title: string | null,
): Promise<number> {
  const [old] = await tx
    .select({ fileId: materials.fileId })
    .from(materials)
    .where(and(eq(materials.id, materialId), eq(materials.lessonId, lessonId)))
    .for('update');
  if (!old?.fileId) throw notFound();
  await tx
    .update(materials)
    .set({ fileId, ...(title === null ? {} : { title }), updatedAt: new Date() })
    .where(eq(materials.id, materialId));
  return old.fileId;
}

/** Deletes a material of this content; returns its stored file to release (null for a link), or undefined when it is gone. */
export async function deleteMaterial(tx: Executor, lessonId: number, materialId: number): Promise<number | null | undefined> {
  const [row] = await tx
    .delete(materials)
    .where(and(eq(materials.id, materialId), eq(materials.lessonId, lessonId)))
    .returning({ fileId: materials.fileId });
  return row ? row.fileId : undefined;
}
