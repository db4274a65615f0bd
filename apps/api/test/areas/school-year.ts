/**
 * Issue 37: this area's rows of the authorization matrix (authz-matrix.test.ts) and its JSON
 * endpoints for the fuzzer (fuzz.test.ts). Every route of the area has exactly one matrix row; every
 * POST/PUT/PATCH route is in `fuzz.endpoints` (JSON) or `fuzz.notJson` (multipart, no body).
 *
 * Departments, semesters and wali kelas. Switching the active semester would change the scene the
 * later rows stand on, so the activation and the start of the next semester are called in a way
 * the admin passes every guard and meets a rule (409) that writes nothing; semesters.test.ts
 * covers their 200s.
 */
import { eq } from 'drizzle-orm';
import { adminOnly, authed, json, uniq, type CallContext, type Row } from '../authz-shape.js';
import type { AreaFuzz } from './types.js';
import type { Executor } from '../../src/db/client.js';
import { departments, semesters } from '../../src/db/schema.js';

const NO_SUCH_ID = 2_147_483_000;
const A = '/api/admin';

/** Far-future school years, two apart, so no two semesters made here share a day or a year and term. */
let year = 2200 + Math.floor(Math.random() * 300) * 2;
const farSemester = () => {
  year += 2;
  return { school_year: `${year}/${year + 1}`, term: 1, starts_on: `${year}-07-01`, ends_on: `${year}-12-31` };
};

async function activeId(db: Executor): Promise<number> {
  const [row] = await db.select({ id: semesters.id }).from(semesters).where(eq(semesters.active, true));
  return row!.id;
}

async function newSemester(db: Executor): Promise<number> {
  const s = farSemester();
  const [row] = await db
    .insert(semesters)
    .values({ schoolYear: s.school_year, term: s.term, startsOn: s.starts_on, endsOn: s.ends_on })
    .returning({ id: semesters.id });
  return row!.id;
}

async function newDepartment(db: Executor): Promise<number> {
  const code = `M${uniq()}`.toUpperCase();
  const [row] = await db
    .insert(departments)
    .values({ code, name: `Jurusan ${code}`, shortName: code, enabled: false })
    .returning();
  return row!.id;
}

/** The granted cell (the admin, own variant) works on an object made for it; the others name one that exists or none. */
const granted = (c: CallContext) => c.caller === 'admin' && c.variant === 'own';

export const matrixRows: Record<string, Row> = {
  [`GET ${A}/departments`]: { expect: adminOnly(200) },
  [`POST ${A}/departments`]: {
    expect: adminOnly(201),
    body: () => json({ code: `M${uniq()}`, name: 'Jurusan Matriks', short_name: 'JM', enabled: false }),
  },
  [`PUT ${A}/departments/:id`]: {
    expect: adminOnly([200, 404]),
    url: async (c) => `${A}/departments/${c.variant === 'foreign' ? NO_SUCH_ID : granted(c) ? await newDepartment(c.scene.app.db) : 1}`,
    body: () => json({ code: `M${uniq()}`, name: 'Jurusan Matriks Diubah', short_name: 'JMD', enabled: false }),
  },
  [`GET ${A}/semesters`]: { expect: adminOnly(200) },
  [`POST ${A}/semesters`]: { expect: adminOnly(201), body: () => json(farSemester()) },
  [`PUT ${A}/semesters/:id`]: {
    expect: adminOnly([200, 404]),
    url: async (c) =>
      `${A}/semesters/${c.variant === 'foreign' ? NO_SUCH_ID : granted(c) ? await newSemester(c.scene.app.db) : await activeId(c.scene.app.db)}`,
    body: () => json(farSemester()),
  },
  // The active semester again: "Semester ini sudah aktif" (409), nothing switched.
  [`POST ${A}/semesters/:id/activate`]: {
    expect: adminOnly([409, 404]),
    url: async (c) => `${A}/semesters/${c.variant === 'foreign' ? NO_SUCH_ID : await activeId(c.scene.app.db)}/activate`,
  },
  [`POST ${A}/semesters/next/preview`]: { expect: adminOnly(200), body: () => json({}) },
  // A preview of another semester than the active one: refused (409) before anything is archived.
  [`POST ${A}/semesters/next`]: { expect: adminOnly(409), body: () => json({ from_semester_id: NO_SUCH_ID }) },
  'GET /api/semesters/active': { expect: authed(200) },
  [`GET ${A}/homerooms`]: { expect: adminOnly(200) },
  [`PUT ${A}/homerooms/:rombelId`]: {
    expect: adminOnly([200, 404]),
    url: (c) => `${A}/homerooms/${c.variant === 'foreign' ? NO_SUCH_ID : c.own.emptyRombelId}`,
    body: (c) => json({ teacher_id: c.scene.owner.id }),
  },
};

/** The scene's department, a far semester (not active), a rombel and a teacher. */
type Objects = Record<'department' | 'semester' | 'rombel' | 'teacherId', number>;

export const fuzz: AreaFuzz<Record<string, number>> = {
  scene: async ({ db, factory, teacher }) => {
    // The semester after the active one exists already: a fuzzed start ("Mulai semester berikutnya")
    // whose body lost its guard is refused (409) and archives nothing of the fuzzer's classes.
    const [active] = await db.select().from(semesters).where(eq(semesters.active, true));
    const second = Number(active!.schoolYear.slice(5));
    const next =
      active!.term === 1
        ? { schoolYear: active!.schoolYear, term: 2, startsOn: `${second}-01-01`, endsOn: `${second}-06-30` }
        : { schoolYear: `${second}/${second + 1}`, term: 1, startsOn: `${second}-07-01`, endsOn: `${second}-12-31` };
    await db.insert(semesters).values(next);
    const objects: Objects = {
      department: await newDepartment(db),
      semester: await newSemester(db),
      rombel: (await factory.rombel()).id,
      teacherId: teacher.id,
    };
    return objects;
  },
  endpoints: {
    [`POST ${A}/departments`]: { as: 'admin', valid: () => ({ code: 'FUZZ1', name: 'Jurusan Fuzz', short_name: 'FZ', enabled: false }) },
    [`PUT ${A}/departments/:id`]: {
      as: 'admin',
      ids: (x) => ({ id: x.department! }),
      valid: () => ({ code: 'FUZZ2', name: 'Jurusan Fuzz Diubah', short_name: 'FZ2', enabled: true }),
    },
    [`POST ${A}/semesters`]: { as: 'admin', valid: () => farSemester() },
    [`PUT ${A}/semesters/:id`]: { as: 'admin', ids: (x) => ({ id: x.semester! }), valid: () => farSemester() },
    [`POST ${A}/semesters/next/preview`]: { as: 'admin', valid: () => ({ carry_over: true }) },
    [`POST ${A}/semesters/next`]: { as: 'admin', valid: (x) => ({ carry_over: true, from_semester_id: x.semester! }) },
    [`PUT ${A}/homerooms/:rombelId`]: { as: 'admin', ids: (x) => ({ rombelId: x.rombel! }), valid: (x) => ({ teacher_id: x.teacherId! }) },
  },
  notJson: [`POST ${A}/semesters/:id/activate`],
};
