/** What an area file (areas/*.ts) gives the fuzzer: its own objects, and a valid body per JSON endpoint. */
import type { Db } from '../../src/db/client.js';
import type { Factory, TestUser } from '../factory.js';

/** The fuzzer's users and database, handed to an area's scene builder. */
export interface AreaContext {
  db: Db;
  factory: Factory;
  admin: TestUser;
  teacher: TestUser;
  student: TestUser;
  /** Issue 40: a parent linked to `student`. */
  parent: TestUser;
}

export interface AreaEndpoint<S> {
  /** Who calls it (its area's role). */
  as: 'admin' | 'teacher' | 'student' | 'parent';
  /** Values of the path's ids. */
  ids?: (x: S) => Record<string, number | string>;
  /** A body the endpoint accepts; the fuzzer starts from it. */
  valid: (x: S) => Record<string, unknown>;
}

export interface AreaFuzz<S> {
  /** Builds the area's objects once (beforeAll). */
  scene: (ctx: AreaContext) => Promise<S>;
  /** "METHOD /api/…" → its JSON endpoint. */
  endpoints: Record<string, AreaEndpoint<S>>;
  /** Bodied routes that take no JSON (multipart uploads, no body): fuzzed where the area's own tests say. */
  notJson: string[];
}
