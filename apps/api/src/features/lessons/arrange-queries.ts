import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ItemKind } from '@kelasku/contract';
import type { Executor } from '../../db/client.js';
import { assignments, lessons, forums, materials, quizzes } from '../../db/schema.js';
import type { ItemTable } from './queries.js';

/** The table of each list inside a content. */
export const ITEM_TABLES: Record<ItemKind, ItemTable> = { materials, forums, assignments, quizzes };

/** One ordered list: the class's contents, or one list of a content. */
interface List {
  table: typeof lessons | ItemTable;
  /** Where the list's rows are: the class of the contents, the content of the items. */
  parent: SQL;
}

export const lessonList = (classId: number): List => ({ table: lessons, parent: sql`${lessons.onlineClassId} = ${classId}` });
export const itemList = (kind: ItemKind, lessonId: number): List => {
  const table = ITEM_TABLES[kind];
  return { table, parent: sql`${table.lessonId} = ${lessonId}` };
};

/**
 * Puts the named rows of the list first, in the given order, and the rows not named after them in
 * their current order; false (nothing changed) when an id is not a row of the list. Two statements
 * in a transaction: the check and one update of every place that moves.
 */
export async function reorder(db: Executor, list: List, ids: number[]): Promise<boolean> {
  const { table } = list;
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ n: count() })
      .from(table)
      .where(and(list.parent, inArray(table.id, ids)));
    if (found!.n !== ids.length) return false;
    await tx.execute(sql`
      update ${table} set position = n.pos
        from (
          select id, (row_number() over (order by array_position(${`{${ids.join(',')}}`}::int[], id) nulls last, position, id))::int as pos
            from ${table} where ${list.parent}
        ) n
       where ${table.id} = n.id and ${table.position} <> n.pos`);
    return true;
  });
}

export interface VisibilityValues {
  hidden: boolean;
  publishAt: Date | null;
}

/** Sets who sees one row of the list (`id`); null when it is not a row of the list. */
export async function setVisibility(db: Executor, list: List, id: number, v: VisibilityValues): Promise<VisibilityValues | null> {
  const { table } = list;
  const [row] = await db
    .update(table as typeof lessons)
    .set({ hidden: v.hidden, publishAt: v.publishAt })
    .where(and(list.parent, eq(table.id, id)))
    .returning({ hidden: table.hidden, publishAt: table.publishAt });
  return row ?? null;
}
