/** Rows → the contract's parentChild, parentAnnouncement and parentMessage (schemas/parents.ts). */
import type { ParentAnnouncement, ParentChild, ParentMessage } from '@kelasku/contract';
import type { FileService } from '../../files/service.js';
import type { AnnouncementRow } from '../announcements/queries.js';
import type { ChildRow, MessageRow } from './queries.js';

/** A child as the parent's list shows them; the avatar as the student's profile presents it. */
export const toParentChild = (files: FileService, r: ChildRow): ParentChild => ({
  id: r.id,
  name: r.name,
  nis: r.nis,
  rombel: r.rombelId === null || r.rombelName === null ? null : { id: r.rombelId, name: r.rombelName },
  homeroom_teacher: r.homeroomId === null || r.homeroomName === null ? null : { id: r.homeroomId, name: r.homeroomName },
  relation: r.relation,
  avatar: files.url(r.avatarFileId),
});

/**
 * An announcement as the student's class list shows it (its text, author, time), with its class.
 * Announcements have no title of their own: the title is the first line of the text (at most 80 characters).
 */
export function toParentAnnouncement(r: AnnouncementRow, classes: Map<number, string>): ParentAnnouncement {
  const firstLine = r.a.body.trim().split('\n')[0]!.trim();
  return {
    id: r.a.id,
    class: { id: r.a.onlineClassId, name: classes.get(r.a.onlineClassId) ?? '' },
    title: firstLine.length > 80 ? `${firstLine.slice(0, 79)}…` : firstLine,
    body: r.a.body,
    author: { id: r.a.authorId, name: r.authorName },
    created_at: r.a.createdAt.toISOString(),
  };
}

export const toParentMessage = (r: MessageRow): ParentMessage => ({
  id: r.id,
  student: { id: r.studentId, name: r.studentName },
  sender: r.senderId === null || r.senderName === null ? null : { id: r.senderId, name: r.senderName },
  body: r.body,
  created_at: r.createdAt.toISOString(),
});
