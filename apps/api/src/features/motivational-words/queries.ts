import { desc, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { preparedFor } from '../../db/prepared.js';
import { motivationalWords } from '../../db/schema.js';

export type Word = typeof motivationalWords.$inferSelect;
export type WordValues = Pick<Word, 'title' | 'body' | 'from'> & { active?: boolean };

/** Newest first. */
export function listWords(db: Db): Promise<Word[]> {
  return db.select().from(motivationalWords).orderBy(desc(motivationalWords.createdAt), desc(motivationalWords.id));
}

export async function findWord(db: Db, id: number): Promise<Word | null> {
  const [row] = await db.select().from(motivationalWords).where(eq(motivationalWords.id, id));
  return row ?? null;
}

export async function insertWord(db: Executor, v: WordValues): Promise<Word> {
  const [row] = await db.insert(motivationalWords).values(v).returning();
  return row!;
}

/** Null when there is no such word. */
export async function updateWord(db: Executor, id: number, v: WordValues): Promise<Word | null> {
  const [row] = await db.update(motivationalWords).set(v).where(eq(motivationalWords.id, id)).returning();
  return row ?? null;
}

export async function deleteWord(db: Executor, id: number): Promise<boolean> {
  const rows = await db.delete(motivationalWords).where(eq(motivationalWords.id, id)).returning({ id: motivationalWords.id });
  return rows.length > 0;
}

/** One active word picked at random, or null when none is active. */
export async function randomActiveWord(db: Db) {
  const [row] = await randomWord(db).execute();
  return row ?? null;
}

/** The student's dashboard asks on every visit: a named prepared statement (db/prepared.ts). */
const randomWord = preparedFor((db) =>
  db
    .select({ id: motivationalWords.id, title: motivationalWords.title, body: motivationalWords.body, from: motivationalWords.from })
    .from(motivationalWords)
    .where(eq(motivationalWords.active, true))
    .orderBy(sql`random()`)
    .limit(1)
    .prepare('random_active_word'),
);
