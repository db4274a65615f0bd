/**
 * The new school year: rombels in bulk, the year-end promotion ("Kenaikan Kelas") in one
 * transaction, and the class archive (read-only for its teacher, gone for its students).
 */
import { describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { CLASS_MSG, MSG, YEAR_MSG } from '@kelasku/contract';
import { authTokens, onlineClasses, rombelClasses, students, users } from '../src/db/schema.js';
import { samples, useTestApp } from './helpers.js';
import { expectAdminOnly } from './admin-access.js';

const t = useTestApp();
const BULK = '/api/admin/resources/rombel-classes/bulk';
const PREVIEW = '/api/admin/promotion/preview';
const APPLY = '/api/admin/promotion';
const ARCHIVE = '/api/admin/archived-classes';
let seq = 0;
const tag = () => `${Date.now().toString(36)}${++seq}`;

/** Three rombels of one "department line" (X, XI, XII) with students, and a class for each. */
async function year() {
  const f = t.factory;
  const k = tag();
  const x = await f.rombel({ name: `X P${k}`, grade: 10 });
  const xi = await f.rombel({ name: `XI P${k}`, grade: 11 });
  const xii = await f.rombel({ name: `XII P${k}`, grade: 12 });
  const teacher = await f.teacher();
  const sx = [await f.student({ rombelId: x.id }), await f.student({ rombelId: x.id })];
  const sxi = [await f.student({ rombelId: xi.id }), await f.student({ rombelId: xi.id }), await f.student({ rombelId: xi.id })];
  const sxii = [await f.student({ rombelId: xii.id })];
  const cx = await f.onlineClass(teacher.id, { rombelId: x.id, name: `Kelas X ${k}` });
  const cxi = await f.onlineClass(teacher.id, { rombelId: xi.id, name: `Kelas XI ${k}` });
  const cxii = await f.onlineClass(teacher.id, { rombelId: xii.id, name: `Kelas XII ${k}` });
  const nextXii = await f.rombel({ name: `XII Baru ${k}`, grade: 12 });
  return { x, xi, xii, nextXii, teacher, sx, sxi, sxii, cx, cxi, cxii };
}

const rombelOf = async (id: number) => (await t.db.select().from(students).where(eq(students.userId, id)))[0]!.rombelClassId;
const archivedAt = async (id: number) => (await t.db.select().from(onlineClasses).where(eq(onlineClasses.id, id)))[0]!.archivedAt;

describe('access', () => {
  it('refuses every new endpoint to teachers and students (403) and without a token (401)', async () => {
    const y = await year();
    const mappings = [{ from_rombel_id: y.x.id, to: y.xi.id }];
    await expectAdminOnly(t, [
      ['POST', BULK, { department_id: 1, grade: 10, names: [`X Z${tag()}`] }],
      ['POST', PREVIEW, { mappings }],
      ['POST', APPLY, { mappings }],
      ['GET', ARCHIVE],
    ]);
    expect(await rombelOf(y.sx[0]!.id)).toBe(y.x.id);
    expect(await archivedAt(y.cx.id)).toBeNull();
  });
});

describe('POST /api/admin/resources/rombel-classes/bulk', () => {
  it("creates a grade's rombels in one go and answers them", async () => {
    const admin = await t.factory.admin();
    const k = tag();
    const names = [`XI TKJ 1 ${k}`, `XI TKJ 2 ${k}`, `XI TKJ 3 ${k}`];
    const res = await t.as(admin.token).post(BULK, { department_id: 1, grade: 11, names: names.map((n) => `  ${n} `) });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(YEAR_MSG.rombelsCreated(3));
    expect(res.body.data.map((r: any) => [r.name, r.grade, r.department_id, r.total_student])).toEqual(names.map((n) => [n, 11, 1, 0]));
  });

  it('refuses a name written twice or already used, naming it, and creates none of them', async () => {
    const admin = await t.factory.admin();
    const k = tag();
    const existing = await t.factory.rombel({ name: `X TKJ 1 ${k}` });
    const count = async () => (await t.db.select().from(rombelClasses)).length;
    const before = await count();
    const twice = await t.as(admin.token).post(BULK, { department_id: 1, grade: 10, names: [`A ${k}`, `B ${k}`, `a ${k}`] });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(YEAR_MSG.nameRepeated(`a ${k}`));
    const taken = await t.as(admin.token).post(BULK, { department_id: 1, grade: 10, names: [`C ${k}`, existing.name.toUpperCase()] });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(YEAR_MSG.nameTaken(existing.name));
    expect(await count()).toBe(before);
  });

  it('refuses an empty list, a wrong grade and a disabled department (422)', async () => {
    const admin = await t.factory.admin();
    expect((await t.as(admin.token).post(BULK, { department_id: 1, grade: 10, names: [] })).body.message).toBe(YEAR_MSG.namesRequired);
    expect((await t.as(admin.token).post(BULK, { department_id: 1, grade: 9, names: ['Q'] })).status).toBe(422);
    const disabled = await t.as(admin.token).post(BULK, { department_id: 2, grade: 10, names: [`R ${tag()}`] });
    expect(disabled.status).toBe(422);
    expect(disabled.body.message).toBe(MSG.departmentDisabled);
  });
});

describe('POST /api/admin/promotion/preview', () => {
  it('counts per mapping the students who move or graduate and the classes to archive, changing nothing', async () => {
    const admin = await t.factory.admin();
    const y = await year();
    await t.factory.onlineClass(y.teacher.id, { rombelId: y.x.id });
    const res = await t.as(admin.token).post(PREVIEW, {
      mappings: [
        { from_rombel_id: y.x.id, to: y.xi.id },
        { from_rombel_id: y.xi.id, to: String(y.nextXii.id) },
        { from_rombel_id: y.xii.id, to: 'lulus' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.data.mappings.map((m: any) => [m.from.name, m.to?.name ?? null, m.students, m.classes])).toEqual([
      [y.x.name, y.xi.name, 2, 2],
      [y.xi.name, y.nextXii.name, 3, 1],
      [y.xii.name, null, 1, 1],
    ]);
    expect(res.body.data.totals).toEqual({ moved: 5, graduated: 1, classes: 4 });
    expect(await rombelOf(y.sx[0]!.id)).toBe(y.x.id);
    expect(await archivedAt(y.cx.id)).toBeNull();
  });

  it('refuses a rombel mapped twice, mapped to itself, or unknown (422 naming it)', async () => {
    const admin = await t.factory.admin();
    const y = await year();
    const preview = (mappings: unknown) => t.as(admin.token).post(PREVIEW, { mappings });
    const twice = await preview([
      { from_rombel_id: y.x.id, to: y.xi.id },
      { from_rombel_id: y.x.id, to: 'lulus' },
    ]);
    expect([twice.status, twice.body.message]).toEqual([422, YEAR_MSG.mappingTwice(y.x.name)]);
    const self = await preview([{ from_rombel_id: y.xi.id, to: y.xi.id }]);
    expect([self.status, self.body.message]).toEqual([422, YEAR_MSG.mappingToSelf(y.xi.name)]);
    const unknownFrom = await preview([{ from_rombel_id: 2_000_000_000, to: y.xi.id }]);
    expect([unknownFrom.status, unknownFrom.body.message]).toEqual([422, YEAR_MSG.rombelMissing(2_000_000_000)]);
    const unknownTo = await preview([{ from_rombel_id: y.x.id, to: 2_000_000_001 }]);
    expect([unknownTo.status, unknownTo.body.message]).toEqual([422, YEAR_MSG.rombelMissing(2_000_000_001)]);
    expect((await preview([{ from_rombel_id: y.x.id, to: 'naik' }])).status).toBe(422);
    expect((await preview([])).body.message).toBe(YEAR_MSG.mappingsRequired);
  });
});

describe('POST /api/admin/promotion', () => {
  it('moves X→XI and XI→XII at once, graduates XII, archives their classes, and leaves other rombels alone', async () => {
    const admin = await t.factory.admin();
    const y = await year();
    const bystander = await year();
    const graduate = y.sxii[0]!;
    const res = await t.as(admin.token).post(APPLY, {
      mappings: [
        { from_rombel_id: y.x.id, to: y.xi.id },
        { from_rombel_id: y.xi.id, to: y.nextXii.id },
        { from_rombel_id: y.xii.id, to: 'lulus' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: YEAR_MSG.promotionApplied, data: { moved: 5, graduated: 1, archived: 3 } });
    // Each student moved exactly one step, though XI was both a target and a source.
    for (const s of y.sx) expect(await rombelOf(s.id)).toBe(y.xi.id);
    for (const s of y.sxi) expect(await rombelOf(s.id)).toBe(y.nextXii.id);
    expect(await rombelOf(graduate.id)).toBeNull();
    const [g] = await t.db.select().from(users).where(eq(users.id, graduate.id));
    expect(g!.status).toBe(0);
    expect(await t.db.select().from(authTokens).where(eq(authTokens.userId, graduate.id))).toEqual([]);
    expect((await t.as(graduate.token).get('/api/me')).status).toBe(401);
    const promoted = await t.as(y.sx[0]!.token).get('/api/me');
    expect(promoted.status).toBe(200);
    for (const c of [y.cx, y.cxi, y.cxii]) expect(await archivedAt(c.id)).toBeInstanceOf(Date);
    // Not mapped: untouched.
    expect(await rombelOf(bystander.sx[0]!.id)).toBe(bystander.x.id);
    expect(await archivedAt(bystander.cx.id)).toBeNull();
  });

  it('is one transaction: a bad mapping after good ones changes nothing', async () => {
    const admin = await t.factory.admin();
    const y = await year();
    const res = await t.as(admin.token).post(APPLY, {
      mappings: [
        { from_rombel_id: y.x.id, to: y.xi.id },
        { from_rombel_id: y.xii.id, to: 'lulus' },
        { from_rombel_id: y.xi.id, to: 2_000_000_002 },
      ],
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(YEAR_MSG.rombelMissing(2_000_000_002));
    expect(await rombelOf(y.sx[0]!.id)).toBe(y.x.id);
    expect(await rombelOf(y.sxii[0]!.id)).toBe(y.xii.id);
    expect((await t.db.select().from(users).where(eq(users.id, y.sxii[0]!.id)))[0]!.status).toBe(1);
    expect((await t.as(y.sxii[0]!.token).get('/api/me')).status).toBe(200);
    const rows = await t.db
      .select()
      .from(onlineClasses)
      .where(inArray(onlineClasses.id, [y.cx.id, y.cxi.id, y.cxii.id]));
    expect(rows.map((r) => r.archivedAt)).toEqual([null, null, null]);
  });

  it('keeps the date of a class archived by an earlier promotion', async () => {
    const admin = await t.factory.admin();
    const y = await year();
    await t.as(admin.token).post(APPLY, { mappings: [{ from_rombel_id: y.x.id, to: y.xi.id }] });
    const first = await archivedAt(y.cx.id);
    const again = await t.as(admin.token).post(APPLY, { mappings: [{ from_rombel_id: y.x.id, to: y.xi.id }] });
    expect(again.body.data).toEqual({ moved: 0, graduated: 0, archived: 0 });
    expect(await archivedAt(y.cx.id)).toEqual(first);
  });
});

describe('an archived class', () => {
  /** A class with a content, material, forum with a comment, assignment with a submission, then archived by a promotion. */
  async function archivedScene() {
    const f = t.factory;
    const admin = await f.admin();
    const y = await year();
    const student = y.sx[0]!;
    const content = await f.content(y.cx.id, { title: 'Pertemuan arsip' });
    const material = await f.material(content.id);
    const forum = await f.forum(content.id, y.teacher.id);
    const comment = await f.comment(forum.id, student.id, 'Komentar lama');
    const assignment = await f.assignment(content.id, y.teacher.id, { deadline: new Date(Date.now() + 7 * 86400_000) });
    const submission = await f.submission(assignment.id, student.id);
    const graded = await f.submission(assignment.id, y.sx[1]!.id, { score: 88 });
    const current = await f.onlineClass(y.teacher.id, { rombelId: y.xi.id, name: `Kelas Baru ${tag()}` });
    // A student who stays in the old rombel (e.g. added next year) must not see the archived class either.
    const newcomer = await f.student({ rombelId: y.x.id });
    const res = await t.as(admin.token).post(APPLY, { mappings: [{ from_rombel_id: y.x.id, to: y.xi.id }] });
    expect(res.status).toBe(200);
    return { ...y, admin, student, newcomer, content, material, forum, comment, assignment, submission, graded, current };
  }

  it('refuses every write of its teacher with 409 and the archive message, and changes nothing', async () => {
    const s = await archivedScene();
    const cls = `/api/teacher/online-classes/${s.cx.id}`;
    const cnt = `${cls}/contents/${s.content.id}`;
    const asg = `${cnt}/assignments/${s.assignment.id}`;
    const frm = `${cnt}/forums/${s.forum.id}`;
    const as = t.as(s.teacher.token);
    const writes: Array<[string, () => Promise<{ status: number; body: any }>]> = [
      ['edit class', () => as.put(cls, { name: 'Ubah', rombel_class_id: s.x.id })],
      ['delete class', () => as.delete(cls)],
      ['add content', () => as.post(`${cls}/contents`, { title: 'Baru' })],
      ['edit content', () => as.put(cnt, { title: 'Ubah' })],
      ['delete content', () => as.delete(cnt)],
      ['add material', () => as.upload('POST', `${cnt}/materials`, { title: 'M' }, { file: { name: 'm.pdf', data: samples.pdf() } })],
      ['delete material', () => as.delete(`${cnt}/materials/${s.material.id}`)],
      ['add forum', () => as.post(`${cnt}/forums`, { topic: 'Baru' })],
      ['edit forum', () => as.put(frm, { topic: 'Ubah' })],
      ['delete forum', () => as.delete(frm)],
      ['comment', () => as.post(`${frm}/comments`, { comment: 'Hai' })],
      ['reply', () => as.post(`${frm}/comments/${s.comment.id}/sub-comments`, { comment: 'Hai' })],
      ['delete comment', () => as.delete(`${frm}/comments/${s.comment.id}`)],
      [
        'add assignment',
        () => as.post(`${cnt}/assignments`, { title: 'T', description: 'D', deadline: new Date(Date.now() + 86400_000).toISOString() }),
      ],
      ['edit assignment', () => as.put(asg, { title: 'T', description: 'D', deadline: new Date(Date.now() + 86400_000).toISOString() })],
      ['delete assignment', () => as.delete(asg)],
      ['grade', () => as.post(`${asg}/grade`, { student_id: s.student.id, score: 90 })],
    ];
    for (const [what, write] of writes) {
      const res = await write();
      expect([what, res.status, res.body]).toEqual([what, 409, { success: false, message: CLASS_MSG.classArchived }]);
    }
    const thread = await as.get(frm);
    expect(thread.body.data.comments.map((c: any) => c.comment)).toEqual(['Komentar lama']);
    expect((await as.get(`${cls}/contents`)).body.data).toHaveLength(1);
  });

  it('stays readable for its teacher: the page, contents, assignments and the grades handed in', async () => {
    const s = await archivedScene();
    const as = t.as(s.teacher.token);
    const cls = `/api/teacher/online-classes/${s.cx.id}`;
    const page = await as.get(cls);
    expect(page.status).toBe(200);
    expect(page.body.data.archived_at).toEqual(expect.any(String));
    // The rombel now holds another year's students: no roster.
    expect(page.body.data.students.total).toBe(0);
    const detail = await as.get(`${cls}/contents/${s.content.id}`);
    expect(detail.status).toBe(200);
    const asg = `${cls}/contents/${s.content.id}/assignments/${s.assignment.id}`;
    expect((await as.get(asg)).status).toBe(200);
    // The students moved to XI; their work is still listed under the archived class.
    expect((await as.get(`${asg}/ungrading`)).body.data.map((e: any) => e.student_id)).toEqual([s.student.id]);
    expect((await as.get(`${asg}/graded`)).body.data.map((e: any) => [e.student_id, e.submission.score])).toEqual([[s.sx[1]!.id, 88]]);
    expect((await as.get(`${asg}/unsubmitted`)).body.data).toEqual([]);
    expect((await as.get(`${cls}/contents/${s.content.id}/forums/${s.forum.id}`)).status).toBe(200);
  });

  it('is gone for the students of its rombel, from lists, pages, upcoming assignments and materials', async () => {
    const s = await archivedScene();
    for (const student of [s.student, s.newcomer]) {
      const as = t.as(student.token);
      const ids = (await as.get('/api/student/my-classes')).body.data.map((c: any) => c.id);
      expect(ids).not.toContain(s.cx.id);
      expect((await as.get(`/api/student/my-classes/${s.cx.id}`)).status).toBe(404);
      expect((await as.get(`/api/student/my-classes/${s.cx.id}/contents/${s.content.id}`)).status).toBe(404);
      expect((await as.get('/api/student/upcoming-assignments')).body.data.map((a: any) => a.id)).not.toContain(s.assignment.id);
      expect(
        (await as.post(`/api/student/my-classes/${s.cx.id}/contents/${s.content.id}/forums/${s.forum.id}/comments`, { comment: 'x' }))
          .status,
      ).toBe(404);
      expect((await as.get(`/api/files/${s.material.fileId}/link`)).status).toBe(404);
    }
    // The newcomer was never in it; the promoted student's own submission stays theirs.
    expect((await t.as(s.student.token).get(`/api/student/submissions/${s.assignment.id}`)).status).toBe(404);
    expect((await t.as(s.student.token).get(`/api/files/${s.submission.fileId}/link`)).status).toBe(200);
    // The promoted student sees the classes of the new rombel.
    expect((await t.as(s.student.token).get('/api/student/my-classes')).body.data.map((c: any) => c.id)).toContain(s.current.id);
  });

  it("leaves the teacher's dashboard list and shows in the teacher's and the admin's archive lists", async () => {
    const s = await archivedScene();
    const list = await t.as(s.teacher.token).get('/api/teacher/online-classes');
    const ids = list.body.data.map((c: any) => c.id);
    expect(ids).toEqual(expect.arrayContaining([s.cxi.id, s.cxii.id, s.current.id]));
    expect(ids).not.toContain(s.cx.id);
    expect(list.body.data.every((c: any) => c.archived_at === null)).toBe(true);
    const archive = await t.as(s.teacher.token).get('/api/teacher/online-classes?archived=1');
    expect(archive.body.data.map((c: any) => c.id)).toEqual([s.cx.id]);
    const admin = await t.as(s.admin.token).get(ARCHIVE);
    expect(admin.status).toBe(200);
    const row = admin.body.data.find((c: any) => c.id === s.cx.id);
    expect(row).toEqual({
      id: s.cx.id,
      name: s.cx.name,
      rombel: { id: s.x.id, name: s.x.name },
      teacher: { id: s.teacher.id, name: s.teacher.name },
      archived_at: expect.any(String),
    });
    expect(admin.body.data.some((c: any) => c.id === s.current.id)).toBe(false);
  });

  it("is another teacher's class to nobody else: 404 to read or write, absent from their archive", async () => {
    const s = await archivedScene();
    const other = await t.factory.teacher();
    const as = t.as(other.token);
    expect((await as.get('/api/teacher/online-classes?archived=1')).body.data).toEqual([]);
    expect((await as.get(`/api/teacher/online-classes/${s.cx.id}`)).status).toBe(404);
    expect((await as.put(`/api/teacher/online-classes/${s.cx.id}`, { name: 'X', rombel_class_id: s.x.id })).status).toBe(404);
    expect((await as.post(`/api/teacher/online-classes/${s.cx.id}/contents`, { title: 'X' })).status).toBe(404);
  });
});
