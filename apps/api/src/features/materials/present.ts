import type { ClassMaterial } from '@kelasku/contract';
import type { FileService } from '../../files/service.js';
import { extensionOf } from '../../files/types.js';
import type { MaterialFileRow, MaterialRow } from './queries.js';

/** A material as the screens show it: a signed link plus the file's original name, extension, size and type. */
export const toMaterial = (files: FileService, m: Pick<MaterialRow, 'id' | 'title' | 'createdAt'>, f: MaterialFileRow): ClassMaterial => ({
  id: m.id,
  title: m.title,
  file: files.url(f.id),
  filename: f.originalName,
  file_extension: extensionOf(f.originalName),
  size: f.size,
  mime: f.mimeType,
  created_at: m.createdAt.toISOString(),
});
