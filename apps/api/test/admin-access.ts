import { expect } from 'vitest';
import { MSG } from '@kelasku/contract';
import type { TestContext } from './helpers.js';

type Call = [method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown];

/** Each call answers 403 to a teacher and to a student, and 401 without a token; nothing else. */
export async function expectAdminOnly(t: TestContext, calls: Call[]): Promise<void> {
  const teacher = await t.factory.teacher();
  const student = await t.factory.student();
  for (const [method, url, body] of calls) {
    for (const token of [teacher.token, student.token]) {
      const res = await t.as(token).request(method, url, body);
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body).toEqual({ success: false, message: MSG.forbidden });
    }
    const anonymous = await t.as().request(method, url, body);
    expect(anonymous.status, `${method} ${url}`).toBe(401);
    expect(anonymous.body).toEqual({ success: false, message: MSG.unauthenticated });
  }
}

/**
 * How many SQL statements the server ran while `work` (a read) did, the session lookup included:
 * `work` runs once first, so a token's first use (which also records it as used) is not counted.
 */
export async function statementsDuring(t: TestContext, work: () => Promise<unknown>): Promise<number> {
  await work();
  const before = t.database.statements.count;
  await work();
  return t.database.statements.count - before;
}
