import { youtubeIdOf, type ClassMaterial } from '@kelasku/contract';
import type { FileLinks } from '../../files/service.js';
import { extensionOf } from '../../files/types.js';
import { toVisibility } from '../lessons/visibility.js';
import type { MaterialFileRow, MaterialRow } from './queries.js';

/**
 * A material as the screens show it: a file (a signed link plus the file's original name,
 * extension, size and type) or a link (its address, and the YouTube video id when it is one).
 */
export const toMaterial = (files: FileLinks, m: MaterialRow, f: MaterialFileRow | null): ClassMaterial => ({
  id: m.id,
  kind: m.url === null ? 'file' : 'link',
  title: m.title,
  file: f ? files.url(f.id) : null,
  filename: f?.originalName ?? null,
  file_extension: f ? extensionOf(f.originalName) : '',
  size: f?.size ?? null,
  mime: f?.mimeType ?? null,
  url: m.url,
  youtube_id: m.url === null ? null : youtubeIdOf(m.url),
  position: m.position,
  ...toVisibility(m),
  created_at: m.createdAt.toISOString(),
  updated_at: m.updatedAt.toISOString(),
});
