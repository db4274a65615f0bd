import { expect } from 'vitest';
import { count, eq, inArray } from 'drizzle-orm';
import { assignments, comments, lessons, forums, materials, storedFiles, submissions } from '../src/db/schema.js';
import { readStored, storedObjects, type TestContext } from './helpers.js';

/**
 * Every object in the app's storage, folder or bucket (committed ones by key, unfinished uploads as
 * `.tmp/…` where the storage lists them), sorted.
 */
export const storedOnDisk = (t: TestContext): Promise<string[]> => storedObjects(t.app.files.storage);

export const storedRowCount = async (t: TestContext) => (await t.db.select({ n: count() }).from(storedFiles))[0]!.n;

/** Runs `work` and checks that it left no stored file and no stored_files row behind. */
export async function leavesNothing(t: TestContext, work: () => Promise<void>): Promise<void> {
  const filesBefore = await storedOnDisk(t);
  const rowsBefore = await storedRowCount(t);
  await work();
  expect(await storedOnDisk(t)).toEqual(filesBefore);
  expect(await storedRowCount(t)).toBe(rowsBefore);
}

/** The storage keys of stored files (to check later that their bytes are gone). */
export async function storageKeys(t: TestContext, fileIds: number[]): Promise<string[]> {
  const keys = (await t.db.select().from(storedFiles).where(inArray(storedFiles.id, fileIds))).map((f) => f.storageKey);
  expect(keys).toHaveLength(fileIds.length);
  for (const key of keys) expect(await readStored(t.app.files.storage, key), key).not.toBeNull();
  return keys;
}

/** Checks that a deleted class or content took everything under it along, stored files included. */
export async function expectAllGone(
  t: TestContext,
  gone: {
    lessonIds: number[];
    materialIds: number[];
    forumIds: number[];
    assignmentIds: number[];
    submissionIds: number[];
    fileIds: number[];
    keys: string[];
  },
): Promise<void> {
  expect(await t.db.select().from(lessons).where(inArray(lessons.id, gone.lessonIds))).toEqual([]);
  expect(await t.db.select().from(materials).where(inArray(materials.id, gone.materialIds))).toEqual([]);
  expect(await t.db.select().from(forums).where(inArray(forums.id, gone.forumIds))).toEqual([]);
  expect(await t.db.select().from(comments).where(inArray(comments.forumId, gone.forumIds))).toEqual([]);
  expect(await t.db.select().from(assignments).where(inArray(assignments.id, gone.assignmentIds))).toEqual([]);
  expect(await t.db.select().from(submissions).where(inArray(submissions.id, gone.submissionIds))).toEqual([]);
  expect(await t.db.select().from(storedFiles).where(inArray(storedFiles.id, gone.fileIds))).toEqual([]);
  for (const key of gone.keys) expect(await readStored(t.app.files.storage, key), key).toBeNull();
}

/** Checks that a material and its stored file are still there. */
export async function expectMaterialKept(t: TestContext, m: { id: number; fileId: number }): Promise<void> {
  expect(await t.db.select().from(materials).where(eq(materials.id, m.id))).toHaveLength(1);
  expect(await t.db.select().from(storedFiles).where(eq(storedFiles.id, m.fileId))).toHaveLength(1);
}
