import type { Announcement } from '@kelasku/contract';
import type { FileService } from '../../files/service.js';
import type { AnnouncementRow } from './queries.js';

export const toAnnouncement = (files: FileService, { a, authorName, authorAvatar }: AnnouncementRow): Announcement => ({
  id: a.id,
  body: a.body,
  author: { id: a.authorId, name: authorName, avatar: files.url(authorAvatar) },
  created_at: a.createdAt.toISOString(),
  updated_at: a.updatedAt.toISOString(),
});
