import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
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
 * class, or one content), in one prepared statement: the three lists as one UNION ALL, told apart
 * by `kind`, each oldest first.
 */
function childQuery(name: string, scope: (column: typeof materials.contentId | typeof forums.contentId | typeof assignments.contentId) => SQL) {
  const none = { createdAt: sql<Date | null>`null::timestamptz`, fileId: sql<number | null>`null::int`, fileName: sql<string | null>`null::text`, mime: sql<string | null>`null::text`, size: sql<number | null>`null::int` };
  return preparedQuery(name, (db, statement) =>
    db
      .select({
        kind: sql<Kind>`'m'`.as('kind'),
        contentId: materials.contentId,
        id: materials.id,
        title: materials.title,
        createdAt: orNull(materials.createdAt),
        fileId: orNull(storedFiles.id),
        fileName: orNull(storedFiles.originalName),
        mime: orNull(storedFiles.mimeType),
        size: orNull(storedFiles.size),
      })
      .from(materials)
      .innerJoin(storedFiles, eq(storedFiles.id, materials.fileId))
      .where(scope(materials.contentId))
      .unionAll(
        db
          .select({ kind: sql<Kind>`'f'`.as('kind'), contentId: forums.contentId, id: forums.id, title: forums.topic, ...none })
          .from(forums)
          .where(scope(forums.contentId)),
      )
      .unionAll(
        db
          .select({ kind: sql<Kind>`'a'`.as('kind'), contentId: assignments.contentId, id: assignments.id, title: assignments.title, ...none })
          .from(assignments)
          .where(scope(assignments.contentId)),
      )
      .orderBy(sql`1`, sql`3`) // kind, id
      .prepare(statement),
  );
}
type Kind = 'm' | 'f' | 'a';
/** A column of the first branch typed as the union's column (null in the other branches), decoded as the column. */
function orNull<T>(column: PgColumn & { _: { data: T } }): SQL<T | null> {
  return sql<T | null>`${column}`.mapWith(column);
}

/** Children of every content of the class `id`. */
const childrenOfClass = childQuery('class_children', (column) =>
  // `= any(array(…))`: the class's content ids are read first, then each child table through its
  // content index; with `in (select …)` PostgreSQL may scan a whole child table (it did forums).
  sql`${column} = any(array(select ${contents.id} from ${contents} where ${contents.onlineClassId} = ${ph('id')}))`,
);
/** Children of the content `id`. */
const childrenOfContent = childQuery('content_children', (column) => eq(column, ph('id')));

type Child = Awaited<ReturnType<ReturnType<ReturnType<typeof childQuery>>['execute']>>[number];

/** Contents with their materials (signed links), forums and assignments, oldest first. */
function assemble(files: FileService, rows: Content[], children: Child[]): ClassContentDetail[] {
  // The lists are added to each content object, not spread into a copy of it (a class has dozens).
  const out = new Map<number, ClassContentDetail>(rows.map((c) => [c.id, Object.assign(toContent(c), { materials: [], forums: [], assignment: [] })]));
  for (const c of children) {
    const detail = out.get(c.contentId);
    if (!detail) continue;
    if (c.kind === 'm') {
      detail.materials.push(
        toMaterial(files, { id: c.id, title: c.title, createdAt: c.createdAt! }, { id: c.fileId!, originalName: c.fileName!, mimeType: c.mime!, size: c.size! }),
      );
    } else if (c.kind === 'f') detail.forums.push({ id: c.id, topic: c.title });
    else detail.assignment.push({ id: c.id, title: c.title });
  }
  return [...out.values()];
}

const contentsOfClassQuery = preparedQuery('class_contents', (db, name) =>
  db.select().from(contents).where(eq(contents.onlineClassId, ph('id'))).orderBy(asc(contents.id)).prepare(name),
);

/** Every content of a class with its children; two queries, side by side. */
export async function contentsOfClass(db: Db, files: FileService, classId: number): Promise<ClassContentDetail[]> {
  const [rows, children] = await Promise.all([
    contentsOfClassQuery(db).execute({ id: classId }),
    childrenOfClass(db).execute({ id: classId }),
  ]);
  return assemble(files, rows, children);
}

/** One content with its children; one query (the content row comes from the access check). */
export async function contentDetail(db: Db, files: FileService, content: Content): Promise<ClassContentDetail> {
  return assemble(files, [content], await childrenOfContent(db).execute({ id: content.id }))[0]!;
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
