/**
 * Issue 40: this area's rows of the authorization matrix (authz-matrix.test.ts) and its JSON
 * endpoints for the fuzzer (fuzz.test.ts). Every route of the area has exactly one matrix row
 * (with the parents' cells where the route is not in another role's area); every POST/PUT/PATCH
 * route is in `fuzz.endpoints` (JSON) or `fuzz.notJson` (multipart, no body).
 *
 * The weekly summaries: each chain's parent has one summary whose child carries the chain's marker,
 * written the first time the row asks for it (parent_summaries is not in the matrix's fingerprint).
 */
import { parentSummaries } from '../../src/db/schema.js';
import { json, parentList, type CallContext, type Row } from '../authz-shape.js';
import type { AreaFuzz } from './types.js';

let made: Promise<void> | null = null;
/** A summary of last week for each chain's parent, naming the chain's student with the chain's marker. */
function summariesReady(c: CallContext): Promise<void> {
  made ??= (async () => {
    const { scene } = c;
    const rows = [
      { parent: scene.parent, chain: scene.own },
      { parent: scene.otherParent, chain: scene.foreign },
    ].map(({ parent, chain }) => ({
      parentId: parent.id,
      weekStart: '2026-11-23',
      body: {
        children: [{ student: { id: chain.student.id, name: `Anak ${chain.marker}` }, missing: [], new_grades: [], absences: [] }],
      },
    }));
    await scene.app.db.insert(parentSummaries).values(rows).onConflictDoNothing();
  })();
  return made;
}

export const matrixRows: Record<string, Row> = {
  'GET /api/parent/summaries': {
    expect: parentList(200),
    mine: true,
    url: async (c) => {
      await summariesReady(c);
      return '/api/parent/summaries';
    },
  },
  'GET /api/parent/settings': { expect: parentList(200), noMarker: true },
  'PUT /api/parent/settings': { expect: parentList(200), body: () => json({ weekly_summary_email: false }) },
};

export const fuzz: AreaFuzz<Record<string, number>> = {
  scene: async () => ({}),
  endpoints: {
    'PUT /api/parent/settings': { as: 'parent', valid: () => ({ weekly_summary_email: true }) },
  },
  notJson: [],
};
