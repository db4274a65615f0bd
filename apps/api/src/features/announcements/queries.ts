import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedFor } from '../../db/prepared.js';
import { announcements, users } from '../../db/schema.js';

/** Announcements with their author, newest first; the caller narrows them down. */
const selectAnnouncements = (db: Db) =>
  db
    .select({ a: announcements, authorName: users.name, authorAvatar: users.avatarFileId })
    .from(announcements)
    .innerJoin(users, eq(users.id, announcements.authorId))
    .orderBy(desc(announcements.createdAt), desc(announcements.id));

export type AnnouncementRow = Awaited<ReturnType<typeof selectAnnouncements>>[number];

/** Every announcement of a class, newest first; one query. */
export const announcementsOfClass = (db: Db, classId: number): Promise<AnnouncementRow[]> => ofClass(db).execute({ classId });

/** Every class page reads them: a named prepared statement (db/prepared.ts). */
const ofClass = preparedFor((db) =>
  selectAnnouncements(db)
    .where(eq(announcements.onlineClassId, sql.placeholder('classId')))
    .prepare('announcements_of_class'),
);

/** Every announcement of these classes, newest first; one query (none without a class). */
export const announcementsOfClasses = (db: Db, classIds: number[]): Promise<AnnouncementRow[]> =>
  classIds.length ? selectAnnouncements(db).where(inArray(announcements.onlineClassId, classIds)) : Promise.resolve([]);

/** One announcement of a class with its author; null when there is none. */
async function announcementOf(db: Db, classId: number, id: number): Promise<AnnouncementRow | null> {
  const [row] = await selectAnnouncements(db).where(and(eq(announcements.id, id), eq(announcements.onlineClassId, classId)));
  return row ?? null;
}

export async function insertAnnouncement(db: Db, classId: number, authorId: number, body: string): Promise<AnnouncementRow | null> {
  const [row] = await db.insert(announcements).values({ onlineClassId: classId, authorId, body }).returning({ id: announcements.id });
  return announcementOf(db, classId, row!.id);
}

/** Changes the text (and updated_at, which shows "(diedit)"); null when it is not an announcement of this class. */
export async function updateAnnouncement(db: Db, classId: number, id: number, body: string): Promise<AnnouncementRow | null> {
  const rows = await db
    .update(announcements)
    .set({ body, updatedAt: sql`now()` })
    .where(and(eq(announcements.id, id), eq(announcements.onlineClassId, classId)))
    .returning({ id: announcements.id });
  return rows.length ? announcementOf(db, classId, id) : null;
}

/** False when it is not an announcement of this class. */
export async function deleteAnnouncement(db: Db, classId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(announcements)
    .where(and(eq(announcements.id, id), eq(announcements.onlineClassId, classId)))
    .returning({ id: announcements.id });
  return rows.length > 0;
}
