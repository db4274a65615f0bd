import { asc, inArray, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.js';
import { onlineClasses, rombelClasses, students, users } from '../../db/schema.js';
import { revokeUserTokens } from '../../auth/tokens.js';

export interface RombelFacts {
  id: number;
  name: string;
  grade: number;
  /** Students in the rombel now. */
  students: number;
  /** Its online classes that are not archived yet. */
  classes: number;
}

/** The given rombels with their number of students and current classes; one query. */
export function rombelFacts(db: Executor, ids: number[]): Promise<RombelFacts[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: rombelClasses.id,
      name: rombelClasses.name,
      grade: rombelClasses.grade,
      // Qualified by hand: inside a subquery drizzle writes bare column names, and "id" would mean the class's.
      students: sql<number>`(select count(*) from students s where s.rombel_class_id = rombel_classes.id)::int`.mapWith(Number),
      classes:
        sql<number>`(select count(*) from online_classes oc where oc.rombel_class_id = rombel_classes.id and oc.archived_at is null)::int`.mapWith(
          Number,
        ),
    })
    .from(rombelClasses)
    .where(inArray(rombelClasses.id, ids))
    .orderBy(asc(rombelClasses.id));
}

/** One checked mapping: the students of `from` go to `to`, or graduate when `to` is null. */
export interface Move {
  from: number;
  to: number | null;
}

/**
 * Applies the promotion inside the caller's transaction, in three statements whatever the number
 * of rombels: every student of every `from` rombel moves at once (one UPDATE … FROM (VALUES …), so
 * X→XI and XI→XII in the same run never move a student twice); the graduates lose their rombel,
 * are deactivated and their sessions end; the current classes of every `from` rombel are archived.
 */
export async function applyPromotion(tx: Tx, moves: Move[]): Promise<{ moved: number; graduated: number; archived: number }> {
  const pairs = sql.join(
    moves.map((m) => sql`(${m.from}::int, ${m.to}::int)`),
    sql`, `,
  );
  const { rows } = await tx.execute<{ user_id: number; to_id: number | null }>(sql`
    update ${students} s set rombel_class_id = m.to_id
      from (values ${pairs}) as m(from_id, to_id)
     where s.rombel_class_id = m.from_id
    returning s.user_id, m.to_id`);
  const graduates = rows.filter((r) => r.to_id === null).map((r) => Number(r.user_id));
  if (graduates.length > 0) {
    await tx
      .update(users)
      .set({ status: 0, updatedAt: sql`now()` })
      .where(inArray(users.id, graduates));
    await revokeUserTokens(tx, graduates);
  }
  const archived = await tx
    .update(onlineClasses)
    .set({ archivedAt: sql`now()` })
    .where(
      sql`${onlineClasses.rombelClassId} in (${sql.join(
        moves.map((m) => sql`${m.from}`),
        sql`, `,
      )}) and ${onlineClasses.archivedAt} is null`,
    )
    .returning({ id: onlineClasses.id });
  return { moved: rows.length - graduates.length, graduated: graduates.length, archived: archived.length };
}
