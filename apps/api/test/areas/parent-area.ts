/**
 * Issue 40: this area's rows of the authorization matrix (authz-matrix.test.ts) and its JSON
 * endpoints for the fuzzer (fuzz.test.ts). Every route of the area has exactly one matrix row
 * (with the parents' cells where the route is not in another role's area); every POST/PUT/PATCH
 * route is in `fuzz.endpoints` (JSON) or `fuzz.notJson` (multipart, no body).
 *
 * What a parent sees of a child: `parent` follows the own chain's student, `otherParent` the
 * foreign one's; the foreign variant names the other family's child (404). Each chain's student has
 * a wali kelas message and a pending izin request made by their parent (its reason carries the
 * chain's marker, its letter is the chain's material file), written the first time a row asks for
 * them into tables the matrix's fingerprint does not watch (parent_messages, leave_requests, homerooms).
 */
import { homerooms, leaveRequests, parentMessages } from '../../src/db/schema.js';
import { json, parentList, parentTop, type CallContext, type Chain, type Row } from '../authz-shape.js';
import { samples } from '../helpers.js';
import { wibDate } from '../attendance-scene.js';
import type { AreaFuzz } from './types.js';
import { activeSemesterId } from './homerooms.js';

/** The parent the scene links to the chain's student. */
const parentOf = (c: CallContext, chain: Chain) => (chain.student.id === c.scene.student.id ? c.scene.parent : c.scene.otherParent);

/** The chain's wali kelas (kept when the rombel has one), message and request made by the parent (once per chain). */
const made = new Map<string, Promise<number>>();
function requestOf(c: CallContext, chain: Chain): Promise<number> {
  const db = c.scene.app.db;
  let id = made.get(chain.marker);
  if (!id) {
    id = (async () => {
      const semesterId = await activeSemesterId(db);
      await db.insert(homerooms).values({ semesterId, rombelClassId: chain.rombelId, teacherId: chain.teacher.id }).onConflictDoNothing();
      await db.insert(parentMessages).values({ studentId: chain.student.id, senderId: chain.teacher.id, body: `Pesan ${chain.marker}` });
      const [row] = await db
        .insert(leaveRequests)
        .values({
          studentId: chain.student.id,
          semesterId,
          rombelClassId: chain.rombelId,
          kind: 'S',
          startsOn: wibDate(-5),
          endsOn: wibDate(-5),
          reason: `Sakit ${chain.marker}`,
          fileId: chain.fileId,
          requestedBy: parentOf(c, chain).id,
        })
        .returning({ id: leaveRequests.id });
      return row!.id;
    })();
    made.set(chain.marker, id);
  }
  return id;
}

/** Both chains have their wali kelas, message and request. */
async function sceneReady(c: CallContext): Promise<void> {
  await requestOf(c, c.scene.own);
  await requestOf(c, c.scene.foreign);
}

const child = async (c: CallContext, page: string) => {
  await sceneReady(c);
  await requestOf(c, c.target);
  return `/api/parent/children/${c.target.student.id}/${page}`;
};
/** A child's page: 200 for the child's parent, 404 for the other family's. */
const page = (name: string, over: Partial<Row> = {}): Row => ({ expect: parentTop(200), url: (c) => child(c, name), ...over });

export const matrixRows: Record<string, Row> = {
  // The children's names carry no marker: which children are listed is parent-area.test.ts's to check.
  'GET /api/parent/children': {
    expect: parentList(200),
    url: async (c) => {
      await sceneReady(c);
      return '/api/parent/children';
    },
  },
  // Nothing of the chain is due today and no meeting is recorded: these show no marker.
  'GET /api/parent/children/:studentId/today': page('today', { noMarker: true }),
  'GET /api/parent/children/:studentId/work': page('work'),
  'GET /api/parent/children/:studentId/grades': page('grades'),
  'GET /api/parent/children/:studentId/report-grades': page('report-grades'),
  'GET /api/parent/children/:studentId/attendance': page('attendance', { noMarker: true }),
  'GET /api/parent/children/:studentId/announcements': page('announcements'),
  'GET /api/parent/children/:studentId/messages': page('messages'),
  'GET /api/parent/children/:studentId/leave-requests': page('leave-requests'),
  // A request for three days ago with a PNG letter (the chain's request is for five days ago: no overlap).
  'POST /api/parent/children/:studentId/leave-requests': {
    expect: parentTop(201),
    url: (c) => child(c, 'leave-requests'),
    body: () => ({
      form: {
        fields: { kind: 'S', starts_on: wibDate(-3), ends_on: wibDate(-3), reason: 'Demam' },
        files: { file: { name: 'surat.png', data: samples.png() } },
      },
    }),
  },
  'POST /api/parent/children/:studentId/leave-requests/:id/withdraw': {
    expect: parentTop(200),
    url: async (c) => `${await child(c, 'leave-requests')}/${await requestOf(c, c.target)}/withdraw`,
    body: () => json({}),
  },
  'GET /api/parent/children/:studentId/leave-requests/:id/file': {
    expect: parentTop(200),
    url: async (c) => `${await child(c, 'leave-requests')}/${await requestOf(c, c.target)}/file`,
  },
};

export const fuzz: AreaFuzz<Record<string, number>> = {
  scene: async () => ({}),
  endpoints: {},
  // The request form is multipart (its hostile files: parent-area.test.ts and leave-requests.test.ts); a withdrawal takes no body.
  notJson: ['POST /api/parent/children/:studentId/leave-requests', 'POST /api/parent/children/:studentId/leave-requests/:id/withdraw'],
};
