/**
 * Issue 39: this area's rows of the authorization matrix (authz-matrix.test.ts) and its JSON
 * endpoints for the fuzzer (fuzz.test.ts). Every route of the area has exactly one matrix row; every
 * POST/PUT/PATCH route is in `fuzz.endpoints` (JSON) or `fuzz.notJson` (multipart, no body).
 *
 * e-Rapor: the fill takes a "sumatif akhir semester" template made for the target chain's class (its
 * subject and rombel names, its student's NISN), so a granted call fills it (200); the filled file's
 * link is minted by the own chain's teacher and opens for anyone holding it, a made-up one for nobody.
 * Bad files of every kind: erapor.test.ts.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db/client.js';
import { issueToken } from '../../src/auth/tokens.js';
import { eraporClassInfo } from '../../src/features/erapor/queries.js';
import { CALLERS, teacherTop, type CallContext, type Chain, type Expectations, type Row } from '../authz-shape.js';
import { Client } from '../helpers.js';
import { sumatifAkhirSemester } from '../fixtures/erapor/make-erapor-templates.js';
import type { AreaFuzz } from './types.js';

const dbOf = (c: CallContext) => (c.scene.app as unknown as { db: Db }).db;

/** The template e-Rapor would give for the chain's class, by class id (made once). */
const templates = new Map<number, Buffer>();
async function templateFor(db: Db, chain: Chain): Promise<Buffer> {
  const known = templates.get(chain.classId);
  if (known) return known;
  const info = await eraporClassInfo(db, chain.classId, []);
  const bytes = await sumatifAkhirSemester({
    mapel: info.subject,
    rombel: info.rombel,
    semester: '2025/2026 Ganjil',
    rombonganBelajarId: randomUUID(),
    pembelajaranId: randomUUID(),
    students: [{ pdId: randomUUID(), nama: chain.student.name, nisn: chain.student.nisn ?? '' }],
    tps: [],
  });
  templates.set(chain.classId, bytes);
  return bytes;
}

let pending: Buffer = Buffer.alloc(0);
let minted: string | null = null;
const form = () => ({ form: { fields: {}, files: { file: { name: 'template-nilai-sumatif-akhir-semester.xlsx', data: pending } } } });

export const matrixRows: Record<string, Row> = {
  'POST /api/teacher/online-classes/:classId/erapor/fill': {
    expect: teacherTop(200),
    url: async (c) => {
      pending = await templateFor(dbOf(c), c.target);
      return `/api/teacher/online-classes/${c.target.classId}/erapor/fill`;
    },
    body: form,
    noMarker: true,
  },
  'GET /api/downloads/erapor/:token': {
    // The filled file's link opens for anyone holding it while its maker's session lasts; a made-up one for nobody.
    // Minted once, before the first granted cell (refused cells come first and must leave the storage as it was).
    expect: Object.fromEntries(CALLERS.map((k) => [k, [200, 404]])) as Expectations,
    prepare: async (c) => {
      if (minted) return;
      const db = dbOf(c);
      const owner = new Client(c.scene.app as unknown as FastifyInstance, await issueToken(db, c.scene.owner.id));
      pending = await templateFor(db, c.scene.own);
      const res = await owner.upload('POST', `/api/teacher/online-classes/${c.scene.own.classId}/erapor/fill`, {}, form().form.files);
      minted = res.body.data.download_url as string;
    },
    url: (c) => (c.variant === 'own' && minted ? minted : `/api/downloads/erapor/${'0'.repeat(32)}.zz.1.${'A'.repeat(32)}`),
    noMarker: true,
  },
};

export const fuzz: AreaFuzz<Record<string, number>> = {
  scene: async () => ({}),
  endpoints: {},
  // Multipart: its bad files (not an XLSX, too large, other subject/rombel, edited heading, hidden columns gone) are in erapor.test.ts.
  notJson: ['POST /api/teacher/online-classes/:classId/erapor/fill'],
};
