import { describe, expect, it } from 'vitest';
import { getTableColumns, sql } from 'drizzle-orm';
import { PgDialect, integer, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { lessons, onlineClasses } from '../src/db/schema.js';
import { copiedKeys, copiedValues, copyLists, type CopyPlan } from '../src/features/lesson-copy/columns.js';
import { CLASS_COPY, CONTENT_ALONE } from '../src/features/lesson-copy/queries.js';

/**
 * Copying a content or a class takes its columns from the schema (features/lesson-copy/columns.ts):
 * every column of a copied table must be named in the copy's plan (a type error, and an error at
 * run time), so a new column is never silently left out. The copies themselves: lesson-copy.test.ts.
 */

const dialect = new PgDialect();
const render = (q: ReturnType<typeof sql>) => dialect.sqlToQuery(q).sql;

const things = pgTable('things', {
  id: serial('id').primaryKey(),
  parentId: integer('parent_id').notNull(),
  title: varchar('title', { length: 20 }).notNull(),
});
const plan: CopyPlan<typeof things> = { id: 'fresh', parentId: sql`p.new_id`, title: 'copy' };

describe('copy plans', () => {
  it('list the columns of the schema: fresh ones left out, copied ones read from the source row', () => {
    const { columns, values } = copyLists(things, 't', plan);
    expect(render(sql`insert into things (${columns}) select ${values}`)).toBe(
      'insert into things ("parent_id", "title") select p.new_id, t."title"',
    );
  });

  it('refuse a plan that misses a column of the table (a column added and not handled) or names one it lacks', () => {
    const grown = pgTable('things', {
      id: serial('id').primaryKey(),
      parentId: integer('parent_id').notNull(),
      title: varchar('title', { length: 20 }).notNull(),
      note: varchar('note', { length: 20 }),
    });
    expect(() => copyLists(grown, 't', plan as never)).toThrow(/missing note/);
    const { title: _title, ...short } = plan;
    expect(() => copyLists(things, 't', short as never)).toThrow(/missing title/);
    expect(() => copyLists(things, 't', { ...plan, extra: 'copy' } as never)).toThrow(/unknown extra/);
  });

  it('of a content copied alone name every column of contents; insertContent writes the copied ones', () => {
    expect(Object.keys(CONTENT_ALONE).sort()).toEqual(Object.keys(getTableColumns(lessons)).sort());
    // A column copied here must also be written by insertContent (features/lessons/queries.ts).
    expect(copiedKeys(lessons, CONTENT_ALONE)).toEqual(['title', 'description', 'hidden']);
  });

  it('of a class name every column of online_classes; the copy takes the description only', () => {
    expect(Object.keys(CLASS_COPY).sort()).toEqual(Object.keys(getTableColumns(onlineClasses)).sort());
    const source = {
      id: 1,
      name: 'X',
      description: 'D',
      rombelClassId: 2,
      teacherId: 3,
      createdAt: new Date(),
      updatedAt: new Date(),
      archivedAt: new Date(),
      semesterId: 2,
    };
    expect(copiedValues(onlineClasses, CLASS_COPY, source)).toEqual({ description: 'D' });
  });
});
