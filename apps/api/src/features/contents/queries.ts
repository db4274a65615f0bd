import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { ClassContent, ClassContentDetail } from '@kelasku/contract';
import { preparedQuery, type Db, type Executor } from '../../db/client.js';
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

const ph = sql.placeholder;

/**
 * Materials (with their stored files), forums and assignments of the contents `scope` picks (a whole
 * class, or one content): three prepared queries, run side by side.
 */
function childQueries(prefix: string, scope: (column: typeof materials.contentId | typeof forums.contentId | typeof assignments.contentId) => SQL) {
  const mats = preparedQuery(`${prefix}_materials`, (db, name) =>
    db
      .select({ material: materials, file: storedFiles })
      .from(materials)
      .innerJoin(storedFiles, eq(storedFiles.id, materials.fileId))
      .where(scope(materials.contentId))
      .orderBy(asc(materials.id))
      .prepare(name),
  );
  const fors = preparedQuery(`${prefix}_forums`, (db, name) =>
    db
      .select({ contentId: forums.contentId, id: forums.id, topic: forums.topic })
      .from(forums)
      .where(scope(forums.contentId))
      .orderBy(asc(forums.id))
      .prepare(name),
  );
  const asgs = preparedQuery(`${prefix}_assignments`, (db, name) =>
    db
      .select({ contentId: assignments.contentId, id: assignments.id, title: assignments.title })
      .from(assignments)
      .where(scope(assignments.contentId))
      .orderBy(asc(assignments.id))
      .prepare(name),
  );
  return async (db: Db, id: number) => {
    const [m, f, a] = await Promise.all([mats(db).execute({ id }), fors(db).execute({ id }), asgs(db).execute({ id })]);
    return { mats: m, fors: f, asgs: a };
  };
}

/** Children of every content of the class `id`. */
const childrenOfClass = childQueries('class_children', (column) =>
  sql`${column} in (select ${contents.id} from ${contents} where ${contents.onlineClassId} = ${ph('id')})`,
);
/** Children of the content `id`. */
const childrenOfContent = childQueries('content_children', (column) => eq(column, ph('id')));

type Children = Awaited<ReturnType<typeof childrenOfClass>>;

/** Contents with their materials (signed links), forums and assignments, oldest first. */
function assemble(files: FileService, rows: Content[], { mats, fors, asgs }: Children): ClassContentDetail[] {
  const out = new Map<number, ClassContentDetail>(rows.map((c) => [c.id, { ...toContent(c), materials: [], forums: [], assignment: [] }]));
  for (const m of mats) out.get(m.material.contentId)?.materials.push(toMaterial(files, m.material, m.file));
  for (const f of fors) out.get(f.contentId)?.forums.push({ id: f.id, topic: f.topic });
  for (const a of asgs) out.get(a.contentId)?.assignment.push({ id: a.id, title: a.title });
  return [...out.values()];
}

const contentsOfClassQuery = preparedQuery('class_contents', (db, name) =>
  db.select().from(contents).where(eq(contents.onlineClassId, ph('id'))).orderBy(asc(contents.id)).prepare(name),
);

/** Every content of a class with its children; four queries, side by side. */
export async function contentsOfClass(db: Db, files: FileService, classId: number): Promise<ClassContentDetail[]> {
  const [rows, children] = await Promise.all([contentsOfClassQuery(db).execute({ id: classId }), childrenOfClass(db, classId)]);
  return assemble(files, rows, children);
}

/** One content with its children; three queries (the content row comes from the access check). */
export async function contentDetail(db: Db, files: FileService, content: Content): Promise<ClassContentDetail> {
  return assemble(files, [content], await childrenOfContent(db, content.id))[0]!;
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
