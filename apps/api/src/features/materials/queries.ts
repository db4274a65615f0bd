import { and, eq } from 'drizzle-orm';
import type { ClassMaterial } from '@kelasku/contract';
import type { Executor, Tx } from '../../db/client.js';
import { materials, storedFiles } from '../../db/schema.js';
import type { FileService } from '../../files/service.js';
import { extensionOf } from '../../files/types.js';

type MaterialRow = typeof materials.$inferSelect;
type FileRow = Pick<typeof storedFiles.$inferSelect, 'id' | 'originalName' | 'mimeType' | 'size'>;

/** A material as the screens show it: a signed link plus the file's original name, extension, size and type. */
export const toMaterial = (files: FileService, m: Pick<MaterialRow, 'id' | 'title' | 'createdAt'>, f: FileRow): ClassMaterial => ({
  id: m.id,
  title: m.title,
  file: files.url(f.id),
  filename: f.originalName,
  file_extension: extensionOf(f.originalName),
  size: f.size,
  mime: f.mimeType,
  created_at: m.createdAt.toISOString(),
});

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
