import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { assignments, contents, forums, materials, storedFiles } from '../../db/schema.js';
import type { Content } from '../../access/index.js';
import { deleteFilesUnder } from '../online-classes/queries.js';

/** Materials (with their stored files), forums and assignments of the given contents, oldest first: three queries at once. */
async function childrenOf(db: Db, contentIds: number[]) {
  if (contentIds.length === 0) return { materialRows: [], forumRows: [], assignmentRows: [] };
  const [materialRows, forumRows, assignmentRows] = await Promise.all([
    db
      .select({ m: materials, f: storedFiles })
      .from(materials)
      .innerJoin(storedFiles, eq(storedFiles.id, materials.fileId))
      .where(inArray(materials.contentId, contentIds))
      .orderBy(asc(materials.id)),
    db
      .select({ id: forums.id, contentId: forums.contentId, topic: forums.topic })
      .from(forums)
      .where(inArray(forums.contentId, contentIds))
      .orderBy(asc(forums.id)),
    db
      .select({ id: assignments.id, contentId: assignments.contentId, title: assignments.title })
      .from(assignments)
      .where(inArray(assignments.contentId, contentIds))
      .orderBy(asc(assignments.id)),
  ]);
  return { materialRows, forumRows, assignmentRows };
}

export type ContentChildren = Awaited<ReturnType<typeof childrenOf>>;

/** Every content of a class, oldest first, with their children's rows; four queries whatever the size of the class. */
export async function contentsOfClass(db: Db, classId: number): Promise<{ rows: Content[]; children: ContentChildren }> {
  const rows = await db.select().from(contents).where(eq(contents.onlineClassId, classId)).orderBy(asc(contents.id));
  return {
    rows,
    children: await childrenOf(
      db,
      rows.map((c) => c.id),
    ),
  };
}

/** The children's rows of one content; three queries (the content row comes from the access check). */
export const childrenOfContent = (db: Db, content: Content): Promise<ContentChildren> => childrenOf(db, [content.id]);

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
