import { and, eq } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.js';
import { materials, storedFiles } from '../../db/schema.js';

export type MaterialRow = typeof materials.$inferSelect;
export type MaterialFileRow = Pick<typeof storedFiles.$inferSelect, 'id' | 'originalName' | 'mimeType' | 'size'>;

export async function insertMaterial(tx: Tx, contentId: number, title: string, fileId: number): Promise<MaterialRow> {
  const [row] = await tx.insert(materials).values({ contentId, title, fileId }).returning();
  return row!;
}

/** Deletes a material of this content; returns its stored file to release, or null when it is gone. */
export async function deleteMaterial(tx: Executor, contentId: number, materialId: number): Promise<number | null> {
  const [row] = await tx
    .delete(materials)
    .where(and(eq(materials.id, materialId), eq(materials.contentId, contentId)))
    .returning({ fileId: materials.fileId });
  return row?.fileId ?? null;
}
