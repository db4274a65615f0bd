/**
 * Issue 37: semesters — exactly one active, refusals with their Indonesian messages, and
 * "Mulai semester berikutnya": its preview, and the start that archives the ended semester's
 * classes and carries the teaching assignments (new classes), wali kelas and timetable over.
 * The tests run in order: the later ones start from the semester the earlier ones left active.
 */
import { describe, expect, it } from 'vitest';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { CLASS_MSG, MSG, SCHOOL_MSG, semesterLabel } from '@kelasku/contract';
import {
  auditLog,
  homerooms,
  lessons,
  onlineClasses,
  semesters,
  subjects,
  teachingAssignments,
  teachingAssignmentTeachers,
  timetableSlots,
} from '../src/db/schema.js';
import { insertAssignment } from '../src/features/teaching-assignments/write.js';
import { useTestApp } from './helpers.js';
import { expectAdminOnly } from './admin-access.js';

const t = useTestApp();
const URL = '/api/admin/semesters';
const PREVIEW = `${URL}/next/preview`;
const NEXT = `${URL}/next`;
let seq = 0;
const tag = () => `${Date.now().toString(36)}${++seq}`;

const admin = async () => t.as((await t.factory.admin()).token);
const active = async () => (await t.as((await t.factory.teacher()).token).get('/api/semesters/active')).body.data;
const far = { school_year: '2090/2091', term: 1, starts_on: '2090-07-01', ends_on: '2090-12-31' };

describe('access', () => {
  it('refuses every admin route to teachers and students (403) and without a token (401), and changes nothing', async () => {
    const before = await t.db.select().from(semesters);
    await expectAdminOnly(t, [
      ['GET', URL],
      ['POST', URL, far],
      ['PUT', `${URL}/1`, far],
      ['POST', `${URL}/1/activate`],
      ['POST', PREVIEW, {}],
      ['POST', NEXT, {}],
    ]);
    expect(await t.db.select().from(semesters)).toEqual(before);
  });

  it('GET /api/semesters/active answers every signed-in user and refuses a caller without a token', async () => {
    for (const u of [await t.factory.admin(), await t.factory.teacher(), await t.factory.student()]) {
      const res = await t.as(u.token).get('/api/semesters/active');
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ active: true, label: semesterLabel(res.body.data) });
    }
    const none = await t.as().get('/api/semesters/active');
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ success: false, message: MSG.unauthenticated });
  });
});

describe('creating and changing semesters', () => {
  it('creates a semester that is not active (201, audited) and lists it, newest first', async () => {
    const api = await admin();
    const res = await api.post(URL, far);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      message: SCHOOL_MSG.semesterCreated,
      data: { ...far, label: '2090/2091 Ganjil', active: false, classes: 0 },
    });
    const list = (await api.get(URL)).body.data as Array<{ id: number; starts_on: string; active: boolean }>;
    expect(list[0]!.id).toBe(res.body.data.id);
    expect(list.map((s) => s.starts_on)).toEqual([...list.map((s) => s.starts_on)].sort().reverse());
    expect(list.filter((s) => s.active)).toHaveLength(1);
    const log = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'semester.create'), eq(auditLog.targetId, res.body.data.id)));
    expect(log).toHaveLength(1);
  });

  it.each([
    ['school_year', { school_year: '2090-2091' }, SCHOOL_MSG.schoolYearFormat],
    ['school_year', { school_year: '2090/2092' }, SCHOOL_MSG.schoolYearOrder],
    ['term', { term: 3 }, SCHOOL_MSG.termInvalid],
    ['starts_on', { starts_on: '2092-02-30' }, SCHOOL_MSG.dateFormat],
    ['ends_on', { ends_on: '31-12-2092' }, SCHOOL_MSG.dateFormat],
    ['ends_on', { starts_on: '2092-07-01', ends_on: '2092-06-30' }, SCHOOL_MSG.endsBeforeStart],
  ])('refuses a bad %s (422 naming the field)', async (field, over, message) => {
    const api = await admin();
    const res = await api.post(URL, { school_year: '2092/2093', term: 1, starts_on: '2092-07-01', ends_on: '2092-12-31', ...over });
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toEqual([message]);
    expect(await t.db.select().from(semesters).where(eq(semesters.schoolYear, '2092/2093'))).toEqual([]);
  });

  it('refuses a year and term that exist (409) and dates that overlap another semester (422 naming it)', async () => {
    const api = await admin();
    const taken = await api.post(URL, { ...far, starts_on: '2095-07-01', ends_on: '2095-12-31' });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(SCHOOL_MSG.semesterTaken('2090/2091 Ganjil'));
    const overlap = await api.post(URL, { school_year: '2090/2091', term: 2, starts_on: '2090-12-31', ends_on: '2091-06-30' });
    expect(overlap.status).toBe(422);
    expect(overlap.body.errors.starts_on).toEqual([SCHOOL_MSG.semesterOverlap('2090/2091 Ganjil')]);
    const now = await active();
    const onActive = await api.post(URL, { school_year: '2093/2094', term: 1, starts_on: now.starts_on, ends_on: '2093-12-31' });
    expect(onActive.status).toBe(422);
    expect(onActive.body.message).toBe(`Tanggalnya bertumpang tindih dengan ${now.label}`);
  });

  it('changes a semester with the same rules (200, audited); 404 for an unknown one', async () => {
    const api = await admin();
    const made = (await api.post(URL, { school_year: '2096/2097', term: 2, starts_on: '2097-01-01', ends_on: '2097-06-30' })).body.data;
    const res = await api.put(`${URL}/${made.id}`, { school_year: '2096/2097', term: 2, starts_on: '2097-01-02', ends_on: '2097-06-29' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: SCHOOL_MSG.semesterUpdated, data: { starts_on: '2097-01-02', ends_on: '2097-06-29' } });
    const log = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'semester.update'), eq(auditLog.targetId, made.id)));
    expect(log[0]!.after).toEqual({ starts_on: '2097-01-02', ends_on: '2097-06-29' });
    const overlap = await api.put(`${URL}/${made.id}`, {
      school_year: '2096/2097',
      term: 2,
      starts_on: '2090-12-01',
      ends_on: '2097-06-29',
    });
    expect(overlap.status).toBe(422);
    expect(overlap.body.message).toBe(SCHOOL_MSG.semesterOverlap('2090/2091 Ganjil'));
    const taken = await api.put(`${URL}/${made.id}`, far);
    expect(taken.status).toBe(409);
    const missing = await api.put(`${URL}/999999`, far);
    expect(missing.status).toBe(404);
  });

  it('the database keeps the last guard: no second active semester, no overlapping dates', async () => {
    await expect(
      t.db.insert(semesters).values({ schoolYear: '2098/2099', term: 1, startsOn: '2098-07-01', endsOn: '2098-12-31', active: true }),
    ).rejects.toThrow();
    await expect(
      t.db.insert(semesters).values({ schoolYear: '2098/2099', term: 1, startsOn: '2090-08-01', endsOn: '2090-09-30' }),
    ).rejects.toThrow();
    expect(await t.db.select().from(semesters).where(eq(semesters.schoolYear, '2098/2099'))).toEqual([]);
  });
});

describe('POST /api/admin/semesters/:id/activate', () => {
  it('switches the one active semester in one step, refuses the active one (409), and switches back', async () => {
    const api = await admin();
    const was = await active();
    const target = (await api.get(URL)).body.data.find((s: { label: string }) => s.label === '2090/2091 Ganjil');
    const res = await api.post(`${URL}/${target.id}/activate`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: SCHOOL_MSG.semesterActivated('2090/2091 Ganjil'), data: { id: target.id, active: true } });
    expect((await t.db.select().from(semesters).where(eq(semesters.active, true))).map((s) => s.id)).toEqual([target.id]);
    const again = await api.post(`${URL}/${target.id}/activate`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(SCHOOL_MSG.semesterAlreadyActive);
    expect((await api.post(`${URL}/${was.id}/activate`)).status).toBe(200);
    expect((await active()).id).toBe(was.id);
    const log = await t.db.select().from(auditLog).where(eq(auditLog.action, 'semester.activate'));
    expect(log.map((r) => r.after)).toEqual([{ active: '2090/2091 Ganjil' }, { active: was.label }]);
    expect((await api.post(`${URL}/999999/activate`)).status).toBe(404);
  });
});

/** The active semester's school: a rombel, a teaching assignment with two teachers, its wali kelas and slot, a hand-made class, ungraded work. */
async function school() {
  const f = t.factory;
  const from = await active();
  const k = tag();
  const rombel = await f.rombel({ name: `X TKJ S${k}` });
  const [first, second] = [await f.teacher(), await f.teacher()];
  const [subject] = await t.db
    .insert(subjects)
    .values({ code: `MTK${k}`.slice(0, 20), name: `Matematika ${k}`, group: 'umum' })
    .returning();
  const made = await insertAssignment(t.db, {
    semesterId: from.id,
    rombelId: rombel.id,
    subjectId: subject!.id,
    teacherIds: [first.id, second.id],
    hoursPerWeek: 4,
    className: `Matematika — ${rombel.name}`,
  });
  await t.db.insert(homerooms).values({ semesterId: from.id, rombelClassId: rombel.id, teacherId: second.id });
  await t.db.insert(timetableSlots).values({ semesterId: from.id, assignmentId: made.id, rombelClassId: rombel.id, day: 1, period: 2 });
  const byHand = await f.onlineClass(first.id, { rombelId: rombel.id, name: `Kelas sendiri ${k}` });
  const student = await f.student({ rombelId: rombel.id });
  const lesson = await f.content(made.onlineClassId);
  const work = await f.assignment(lesson.id, first.id);
  await f.submission(work.id, student.id);
  const graded = await f.assignment(lesson.id, first.id);
  await f.submission(graded.id, student.id, { score: 90 });
  return { from, rombel, first, second, subject: subject!, made, byHand };
}

describe('Mulai semester berikutnya', () => {
  let s: Awaited<ReturnType<typeof school>>;
  let preview: Record<string, any>;

  it('previews what moves, writing nothing; ungraded work is a warning with its count', async () => {
    s = await school();
    const api = await admin();
    const semestersBefore = await t.db.select().from(semesters);
    const res = await api.post(PREVIEW, {});
    expect(res.status).toBe(200);
    preview = res.body.data;
    const second = Number(s.from.school_year.slice(5));
    const expected =
      s.from.term === 1
        ? { school_year: s.from.school_year, term: 2, starts_on: `${second}-01-01`, ends_on: `${second}-06-30` }
        : { school_year: `${second}/${second + 1}`, term: 1, starts_on: `${second}-07-01`, ends_on: `${second}-12-31` };
    expect(preview.from).toMatchObject({ id: s.from.id, active: true });
    expect(preview.to).toMatchObject({ id: 0, ...expected, label: semesterLabel(expected) });
    expect(preview).toMatchObject({ assignments: 1, homerooms: 1, slots: 1, ungraded_submissions: 1 });
    expect(preview.archived_classes).toBeGreaterThanOrEqual(2);
    expect(preview.warnings).toEqual([SCHOOL_MSG.ungradedWarning(1)]);
    expect(await t.db.select().from(semesters)).toEqual(semestersBefore);
    expect((await t.db.select().from(onlineClasses).where(eq(onlineClasses.id, s.byHand.id)))[0]!.archivedAt).toBeNull();
    const bare = (await api.post(PREVIEW, { carry_over: false })).body.data;
    expect(bare).toMatchObject({ assignments: 0, homerooms: 0, slots: 0, archived_classes: preview.archived_classes });
  });

  it('refuses dates out of order, dates overlapping another semester, and a next semester that exists already', async () => {
    const api = await admin();
    const order = await api.post(PREVIEW, { starts_on: '2099-06-01', ends_on: '2099-05-01' });
    expect(order.status).toBe(422);
    expect(order.body.errors.ends_on).toEqual([SCHOOL_MSG.endsBeforeStart]);
    const overlap = await api.post(NEXT, { starts_on: s.from.ends_on });
    expect(overlap.status).toBe(422);
    expect(overlap.body.message).toBe(SCHOOL_MSG.semesterOverlap(s.from.label));
    const made = await api.post(URL, {
      school_year: preview.to.school_year,
      term: preview.to.term,
      starts_on: preview.to.starts_on,
      ends_on: preview.to.ends_on,
    });
    expect(made.status).toBe(201);
    const taken = await api.post(NEXT, {});
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(SCHOOL_MSG.semesterTaken(preview.to.label));
    await t.db.delete(semesters).where(eq(semesters.id, made.body.data.id));
    expect((await active()).id).toBe(s.from.id);
    expect((await t.db.select().from(onlineClasses).where(eq(onlineClasses.id, s.byHand.id)))[0]!.archivedAt).toBeNull();
  });

  it('starts it as previewed: archives, activates, and carries assignments (new empty classes), wali kelas and slots over', async () => {
    const api = await admin();
    const res = await api.post(NEXT, { from_semester_id: s.from.id });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(SCHOOL_MSG.nextSemesterStarted(preview.to.label));
    const data = res.body.data;
    expect({ ...data, semester: undefined }).toEqual({
      semester: undefined,
      archived_classes: preview.archived_classes,
      assignments: preview.assignments,
      homerooms: preview.homerooms,
      slots: preview.slots,
    });
    expect(data.semester).toMatchObject({ ...preview.to, id: data.semester.id, active: true, classes: preview.assignments });
    const to = data.semester.id as number;
    expect((await active()).id).toBe(to);
    expect(
      await t.db
        .select()
        .from(onlineClasses)
        .where(and(eq(onlineClasses.semesterId, s.from.id), isNull(onlineClasses.archivedAt))),
    ).toEqual([]);

    const [copy] = await t.db.select().from(teachingAssignments).where(eq(teachingAssignments.semesterId, to));
    expect(copy).toMatchObject({ rombelClassId: s.rombel.id, subjectId: s.subject.id, hoursPerWeek: 4 });
    expect(copy!.onlineClassId).not.toBe(s.made.onlineClassId);
    const teachers = await t.db
      .select()
      .from(teachingAssignmentTeachers)
      .where(eq(teachingAssignmentTeachers.assignmentId, copy!.id))
      .orderBy(asc(teachingAssignmentTeachers.position));
    expect(teachers.map((r) => r.teacherId)).toEqual([s.first.id, s.second.id]);
    const [klass] = await t.db.select().from(onlineClasses).where(eq(onlineClasses.id, copy!.onlineClassId));
    expect(klass).toMatchObject({ name: `Matematika — ${s.rombel.name}`, teacherId: s.first.id, semesterId: to, archivedAt: null });
    expect(await t.db.select().from(lessons).where(eq(lessons.onlineClassId, klass!.id))).toEqual([]);
    expect(await t.db.select().from(homerooms).where(eq(homerooms.semesterId, to))).toEqual([
      { semesterId: to, rombelClassId: s.rombel.id, teacherId: s.second.id },
    ]);
    const slots = await t.db.select().from(timetableSlots).where(eq(timetableSlots.semesterId, to));
    expect(slots).toMatchObject([{ assignmentId: copy!.id, rombelClassId: s.rombel.id, day: 1, period: 2 }]);
    // The ended semester keeps its own rows.
    expect(await t.db.select().from(homerooms).where(eq(homerooms.semesterId, s.from.id))).toHaveLength(1);
    const [log] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'semester.next'));
    expect(log).toMatchObject({ targetId: to, after: { active: preview.to.label, archived: preview.archived_classes, ungraded: 1 } });
  });

  it('leaves the archived classes read-only, and a class made by hand lands in the new active semester', async () => {
    const teacher = t.as(s.first.token);
    const refused = await teacher.post(`/api/teacher/online-classes/${s.byHand.id}/contents`, { title: 'Bab baru' });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ success: false, message: CLASS_MSG.classArchived });
    const made = await teacher.post('/api/teacher/online-classes', { name: 'Kelas Tambahan', rombel_class_id: s.rombel.id });
    expect(made.status).toBe(201);
    const [row] = await t.db.select().from(onlineClasses).where(eq(onlineClasses.id, made.body.data.id));
    expect(row!.semesterId).toBe((await active()).id);
  });

  it('two starts at once: one starts the semester, the other is refused (409) and nothing is started twice', async () => {
    // Two admins (one admin's second expensive call would wait its turn: 429).
    const [one, two] = [await admin(), await admin()];
    const from = await active();
    const count = (await t.db.select().from(semesters)).length;
    const [a, b] = await Promise.all([
      one.post(NEXT, { from_semester_id: from.id, carry_over: false }),
      two.post(NEXT, { from_semester_id: from.id, carry_over: false }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.status === 409)!.body.message).toBe(SCHOOL_MSG.activeChanged);
    expect(await t.db.select().from(semesters)).toHaveLength(count + 1);
    expect(await t.db.select().from(semesters).where(eq(semesters.active, true))).toHaveLength(1);
  });
});
