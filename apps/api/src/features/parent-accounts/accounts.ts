/**
 * Writes of parent accounts (issue 40): signing up with a child's code, pairing another child, and
 * the wali kelas creating a parent. Each is one transaction: the child's `students` row is locked
 * while their parents are counted (at most three, also under parallel requests), and a code is
 * claimed in one statement (used once, never after it expired).
 */
import type { FastifyRequest } from 'fastify';
import { and, eq, gt, isNotNull, sql } from 'drizzle-orm';
import {
  MSG,
  PARENT_MSG,
  PARENT_RELATION_LABELS,
  ROLE_IDS,
  type HomeroomParentBody,
  type ParentRelation,
  type ParentSignupBody,
} from '@kelasku/contract';
import type { Executor } from '../../db/client.js';
import { parentLinks, parents, userImports } from '../../db/schema.js';
import { hashPassword } from '../../auth/passwords.js';
import { conflict, invalidField } from '../../http/errors.js';
import { uniqueViolation } from '../../http/db-errors.js';
import { conflictForUnique } from '../users-shared.js';
import { insertUser } from '../users/queries.js';
import { generatePassword } from '../imports/plan.js';
import { SLIP_DAYS } from '../imports/queries.js';
import type { Credential } from '../imports/write.js';
import type { App } from '../../types.js';
import { claimCode, findCode, lockChildWithRoom, releaseLookup, reserveLookup, type FoundCode } from './codes.js';
import { insertLink, type NewLink } from './links.js';
import type { RombelStudent } from './queries.js';
import { usernameTaken } from './queries.js';

/** The code typed on a public form or by a parent: counted against the address until it is found. */
export async function lookUpCode(app: App, ip: string, typed: string): Promise<FoundCode> {
  await reserveLookup(app.db, ip);
  const code = await findCode(app.db, typed);
  await releaseLookup(app.db, ip);
  return code;
}

/** A username or e-mail taken meanwhile: the username on the form (422), the e-mail as the user form says it (409). */
async function uniqueUsers<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const constraint = uniqueViolation(err);
    if (constraint === null) throw err;
    if (constraint.includes('username')) throw invalidField('username', MSG.usernameTaken);
    throw conflictForUnique(constraint);
  }
}

interface NewParent {
  name: string;
  username: string;
  passwordHash: string;
  telpon: string | null;
  email: string | null;
  mustChangePassword: boolean;
}

/** The parent's user (role 4, active) and `parents` row (privacy notice not yet accepted). */
async function insertParent(tx: Executor, p: NewParent): Promise<number> {
  const id = await insertUser(tx, { roleId: ROLE_IDS.parent, status: 1, ...p });
  await tx.insert(parents).values({ userId: id });
  return id;
}

/** POST /api/parent-signup: the new parent, linked to the code's child. */
export async function signUp(app: App, request: FastifyRequest, b: ParentSignupBody): Promise<{ userId: number; link: NewLink }> {
  const code = await lookUpCode(app, request.ip, b.code);
  if (await usernameTaken(app.db, b.username)) throw invalidField('username', MSG.usernameTaken);
  const passwordHash = await hashPassword(b.password);
  return uniqueUsers(() =>
    app.db.transaction(async (tx) => {
      await lockChildWithRoom(tx, code.studentId);
      const user = { name: b.name, username: b.username };
      const id = await insertParent(tx, {
        ...user,
        passwordHash,
        telpon: b.telpon ?? null,
        email: b.email ?? null,
        mustChangePassword: false,
      });
      await claimCode(tx, code, id);
      const link: NewLink = { parent: { id, ...user }, student: await childName(tx, code), relation: b.relation, source: 'pairing' };
      await insertLink(tx, { ip: request.ip, user: { id, name: b.name, roleId: ROLE_IDS.parent } }, link);
      return { userId: id, link };
    }),
  );
}

async function childName(tx: Executor, code: FoundCode): Promise<{ id: number; name: string }> {
  const { rows } = await tx.execute<{ name: string }>(sql`select name from users where id = ${code.studentId}`);
  return { id: code.studentId, name: rows[0]!.name };
}

/** POST /api/parent/children: the signed-in parent pairs with another child (a sibling). */
export async function pairChild(app: App, request: FastifyRequest, code: FoundCode, relation: ParentRelation): Promise<NewLink> {
  const me = request.user;
  return app.db.transaction(async (tx) => {
    const [linked] = await tx
      .select({ id: parentLinks.id })
      .from(parentLinks)
      .where(and(eq(parentLinks.parentId, me.id), eq(parentLinks.studentId, code.studentId)));
    if (linked) throw conflict(PARENT_MSG.alreadyLinked);
    await lockChildWithRoom(tx, code.studentId);
    await claimCode(tx, code, me.id);
    const link: NewLink = {
      parent: { id: me.id, name: me.name, username: me.username },
      student: await childName(tx, code),
      relation,
      source: 'pairing',
    };
    await insertLink(tx, { ip: request.ip, user: me }, link);
    return link;
  });
}

/** "ibu.0051234567" from the relation and the child's NISN (else NIS, else id); "-2", "-3" … when taken. */
async function freeUsername(tx: Executor, relation: ParentRelation, child: RombelStudent): Promise<string> {
  const base = `${relation}.${(child.nisn ?? child.nis ?? String(child.id)).replace(/[^A-Za-z0-9._-]/g, '')}`.slice(0, 44);
  let username = base;
  for (let n = 2; await usernameTaken(tx, username); n++) username = `${base}-${n}`;
  return username;
}

/** Where the homeroom's first passwords are kept for the slips: one `user_imports` row per parent made. */
export const HOMEROOM_SLIPS_SOURCE = 'homeroom';

/**
 * POST …/homerooms/:rombelId/students/:studentId/parents: a new parent account (a random first
 * password to change at the first sign-in), linked to the child; its slip is kept for the wali
 * kelas until that sign-in or SLIP_DAYS.
 */
export async function createByHomeroom(
  app: App,
  request: FastifyRequest,
  rombelId: number,
  child: RombelStudent,
  b: HomeroomParentBody,
): Promise<{ link: NewLink; linkId: number; password: string }> {
  const me = request.user;
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  return uniqueUsers(() =>
    app.db.transaction(async (tx) => {
      await lockChildWithRoom(tx, child.id);
      const username = await freeUsername(tx, b.relation, child);
      const id = await insertParent(tx, {
        name: b.name,
        username,
        passwordHash,
        telpon: b.telpon ?? null,
        email: b.email ?? null,
        mustChangePassword: true,
      });
      const link: NewLink = { parent: { id, name: b.name, username }, student: child, relation: b.relation, source: 'homeroom' };
      const linkId = await insertLink(tx, { ip: request.ip, user: me }, link);
      const credential: Credential = {
        ...{ userId: id, line: 0, name: b.name, role: 'parent', rombel: child.rombelName, username, password },
        child: `${PARENT_RELATION_LABELS[b.relation]} dari ${child.name} (${child.rombelName})`,
      };
      await tx.insert(userImports).values({
        createdBy: me.id,
        status: 'done',
        total: 1,
        done: 1,
        summary: { create: 1, update: 0, unchanged: 0, source: HOMEROOM_SLIPS_SOURCE, rombel_id: rombelId },
        credentials: [credential],
        finishedAt: new Date(),
      });
      return { link, linkId, password };
    }),
  );
}

/** The first passwords of the parents `teacherId` made for the rombel, still kept (not signed in yet, under SLIP_DAYS old). */
export async function homeroomSlips(db: Executor, teacherId: number, rombelId: number): Promise<Credential[]> {
  const rows = await db
    .select({ credentials: userImports.credentials })
    .from(userImports)
    .where(
      and(
        eq(userImports.createdBy, teacherId),
        sql`${userImports.summary}->>'source' = ${HOMEROOM_SLIPS_SOURCE}`,
        sql`${userImports.summary}->>'rombel_id' = ${String(rombelId)}`,
        isNotNull(userImports.credentials),
        gt(userImports.finishedAt, sql`now() - make_interval(days => ${SLIP_DAYS})`),
      ),
    )
    .orderBy(userImports.id);
  return rows.flatMap((r) => (r.credentials as Credential[] | null) ?? []);
}
