import {
  SCHOOL_MSG,
  errorEnvelope,
  nextSemesterBody,
  nextSemesterPreview,
  nextSemesterResult,
  ok,
  semester,
  semesterBody,
  semesterLabel,
  semesterParams,
  type NextSemesterPreview,
} from '@kelasku/contract';
import type { z } from 'zod';
import type { App } from '../../types.js';
import type { Executor } from '../../db/client.js';
import { conflict, invalidField, notFound } from '../../http/errors.js';
import { pgError } from '../../http/db-errors.js';
import { changedFields, recordAudit } from '../../audit/record.js';
import {
  activate,
  activeSemester,
  findSemester,
  insertSemester,
  listSemesters,
  lockActiveSemester,
  lockSemesterWrites,
  overlapping,
  sameYearAndTerm,
  updateSemester,
  type SemesterValues,
} from './queries.js';
import { countNext, followingSemester, startNext } from './next.js';
import { toSemester } from './present.js';

const tags = ['admin: school year'];

const values = (b: z.output<typeof semesterBody>): SemesterValues => ({
  schoolYear: b.school_year,
  term: b.term,
  startsOn: b.starts_on,
  endsOn: b.ends_on,
});
const labelOf = (v: SemesterValues) => semesterLabel({ school_year: v.schoolYear, term: v.term });
const snapshot = (v: SemesterValues) => ({ school_year: v.schoolYear, term: v.term, starts_on: v.startsOn, ends_on: v.endsOn });

/** The rules every new or changed semester keeps: dates in order, its year and term free, no day shared with another. */
async function checkSemester(tx: Executor, v: SemesterValues, exceptId: number | null): Promise<void> {
  if (v.endsOn <= v.startsOn) throw invalidField('ends_on', SCHOOL_MSG.endsBeforeStart);
  if (await sameYearAndTerm(tx, v, exceptId)) throw conflict(SCHOOL_MSG.semesterTaken(labelOf(v)), 'term');
  const other = await overlapping(tx, v, exceptId);
  if (other) throw invalidField('starts_on', SCHOOL_MSG.semesterOverlap(semesterLabel(other)));
}

/**
 * The database's own guards (unique year and term, no overlap, one active semester, dates in
 * order) answer as the checks above do, should a write slip past them.
 */
async function semesterGuard<T>(
  app: App,
  written: () => SemesterValues | null,
  exceptId: number | null,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const { code, constraint } = pgError(err);
    const v = written();
    if (code === '23505' && constraint === 'semesters_one_active_uq') throw conflict(SCHOOL_MSG.activeChanged);
    if (!v) throw err;
    if (code === '23505' && constraint === 'semesters_year_term_uq') throw conflict(SCHOOL_MSG.semesterTaken(labelOf(v)), 'term');
    if (code === '23514') throw invalidField('ends_on', SCHOOL_MSG.endsBeforeStart);
    if (code === '23P01') {
      const other = await overlapping(app.db, v, exceptId);
      throw invalidField('starts_on', SCHOOL_MSG.semesterOverlap(other ? semesterLabel(other) : 'semester lain'));
    }
    throw err;
  }
}

async function semesterReply(app: App, id: number) {
  const row = await findSemester(app.db, id);
  if (!row) throw notFound();
  return toSemester(row);
}

/** /api/admin/semesters: school years and semesters, starting the next one (issue 37). */
export async function adminRoutes(app: App): Promise<void> {
  semesterRoutes(app);
  nextRoutes(app);
}

function semesterRoutes(app: App): void {
  app.get(
    '/semesters',
    { schema: { tags, summary: 'Every semester, newest first, with its number of classes', response: { 200: ok(semester.array()) } } },
    async () => ({ success: true as const, data: (await listSemesters(app.db)).map(toSemester) }),
  );

  app.post(
    '/semesters',
    {
      schema: {
        tags,
        summary:
          'Create a semester (not active). Its year and term are unique (409); its dates must not share a day with another semester (422 naming it).',
        body: semesterBody,
        response: { 201: ok(semester), 409: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request, reply) => {
      const v = values(request.body);
      const id = await semesterGuard(
        app,
        () => v,
        null,
        () =>
          app.db.transaction(async (tx) => {
            await lockSemesterWrites(tx);
            await checkSemester(tx, v, null);
            const id = await insertSemester(tx, v);
            await recordAudit(tx, request, {
              action: 'semester.create',
              targetType: 'semester',
              targetId: id,
              summary: labelOf(v),
              after: snapshot(v),
            });
            return id;
          }),
      );
      reply.code(201);
      return { success: true as const, message: SCHOOL_MSG.semesterCreated, data: await semesterReply(app, id) };
    },
  );

  app.put(
    '/semesters/:id',
    {
      schema: {
        tags,
        summary: "Change a semester's year, term or dates (the same rules as a new one)",
        params: semesterParams,
        body: semesterBody,
        response: { 200: ok(semester), 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      const id = request.params.id;
      const v = values(request.body);
      await semesterGuard(
        app,
        () => v,
        id,
        () =>
          app.db.transaction(async (tx) => {
            await lockSemesterWrites(tx);
            const before = await findSemester(tx, id);
            if (!before) throw notFound();
            await checkSemester(tx, v, id);
            await updateSemester(tx, id, v);
            const was = { school_year: before.school_year, term: before.term, starts_on: before.starts_on, ends_on: before.ends_on };
            await recordAudit(tx, request, {
              action: 'semester.update',
              targetType: 'semester',
              targetId: id,
              summary: labelOf(v),
              ...changedFields(was, snapshot(v)),
            });
          }),
      );
      return { success: true as const, message: SCHOOL_MSG.semesterUpdated, data: await semesterReply(app, id) };
    },
  );

  app.post(
    '/semesters/:id/activate',
    {
      schema: {
        tags,
        summary:
          'Make this the active semester; the one active before stops being active in the same transaction. Archives nothing (that is "Mulai semester berikutnya").',
        params: semesterParams,
        response: { 200: ok(semester), 404: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (request) => {
      const id = request.params.id;
      const label = await semesterGuard(
        app,
        () => null,
        id,
        () =>
          app.db.transaction(async (tx) => {
            await lockSemesterWrites(tx);
            const target = await findSemester(tx, id);
            if (!target) throw notFound();
            if (target.active) throw conflict(SCHOOL_MSG.semesterAlreadyActive);
            const was = await lockActiveSemester(tx);
            await activate(tx, id);
            const label = semesterLabel(target);
            await recordAudit(tx, request, {
              action: 'semester.activate',
              targetType: 'semester',
              targetId: id,
              summary: label,
              before: { active: was ? semesterLabel(was) : null },
              after: { active: label },
            });
            return label;
          }),
      );
      return { success: true as const, message: SCHOOL_MSG.semesterActivated(label), data: await semesterReply(app, id) };
    },
  );
}

/** The preview of the next semester from the active one (`db` inside the start's transaction, or the pool). */
async function previewNext(db: Executor, body: z.output<typeof nextSemesterBody>, locked: boolean): Promise<NextSemesterPreview> {
  const from = locked ? await lockActiveSemester(db) : await activeSemester(db);
  if (!from) throw conflict(SCHOOL_MSG.noActiveSemester);
  if (body.from_semester_id !== undefined && body.from_semester_id !== from.id) throw conflict(SCHOOL_MSG.activeChanged);
  const to = followingSemester(from, body);
  await checkSemester(db, to, null);
  const n = await countNext(db, from.id, body.carry_over);
  return {
    from: toSemester(from),
    to: toSemester({
      id: 0,
      school_year: to.schoolYear,
      term: to.term,
      starts_on: to.startsOn,
      ends_on: to.endsOn,
      active: true,
      classes: n.assignments,
      gradesLockedAt: null,
    }),
    archived_classes: n.archived,
    assignments: n.assignments,
    homerooms: n.homerooms,
    slots: n.slots,
    ungraded_submissions: n.ungraded,
    warnings: n.ungraded > 0 ? [SCHOOL_MSG.ungradedWarning(n.ungraded)] : [],
  };
}

const nextRules =
  "From the active semester: after Ganjil the Genap of the same year (1 January – 30 June), after Genap the next year's Ganjil (1 July – 31 December); " +
  '`starts_on`/`ends_on` change the dates. Refused: that semester exists already (409), its dates overlap another (422). ' +
  'Work handed in and not graded is a warning with its count, never a refusal.';

function nextRoutes(app: App): void {
  app.post(
    '/semesters/next/preview',
    {
      config: { expensive: 'import-preview' },
      schema: {
        tags,
        summary: `What "Mulai semester berikutnya" would do, writing nothing: the classes archived, what is carried over, the ungraded work. ${nextRules}`,
        body: nextSemesterBody,
        response: { 200: ok(nextSemesterPreview), 409: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => ({ success: true as const, data: await previewNext(app.db, request.body, false) }),
  );

  app.post(
    '/semesters/next',
    {
      config: { expensive: 'import' },
      schema: {
        tags,
        summary:
          'Start the next semester in one transaction: archive every class of the ended one (read-only, history kept, as the year-end promotion does), ' +
          'create the new one and make it active, and with `carry_over` (default true) copy each teaching assignment with a new empty class, the wali kelas and the timetable. ' +
          nextRules,
        body: nextSemesterBody,
        response: { 200: ok(nextSemesterResult), 409: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      const body = request.body;
      let to: SemesterValues | null = null;
      const done = await semesterGuard(
        app,
        () => to,
        null,
        () =>
          app.db.transaction(async (tx) => {
            await lockSemesterWrites(tx);
            // The active row stays locked to the end: a second start waits, then finds the new semester active.
            const plan = await previewNext(tx, body, true);
            to = followingSemester(plan.from, body);
            const result = await startNext(tx, plan.from.id, to, body.carry_over);
            await recordAudit(tx, request, {
              action: 'semester.next',
              targetType: 'semester',
              targetId: result.id,
              summary: plan.to.label,
              before: { active: plan.from.label },
              after: {
                active: plan.to.label,
                archived: result.archived,
                assignments: result.assignments,
                homerooms: result.homerooms,
                slots: result.slots,
                ungraded: plan.ungraded_submissions,
              },
            });
            return { result, label: plan.to.label };
          }),
      );
      const { result, label } = done;
      return {
        success: true as const,
        message: SCHOOL_MSG.nextSemesterStarted(label),
        data: {
          semester: await semesterReply(app, result.id),
          archived_classes: result.archived,
          assignments: result.assignments,
          homerooms: result.homerooms,
          slots: result.slots,
        },
      };
    },
  );
}

/** /api/semesters/active: the active semester, for everyone signed in. */
export async function authedRoutes(app: App): Promise<void> {
  app.get(
    '/semesters/active',
    {
      schema: {
        tags: ['school year'],
        summary: 'The active semester ("2026/2027 Ganjil"), for every signed-in user',
        response: { 200: ok(semester), 404: errorEnvelope },
      },
    },
    async () => {
      const row = await activeSemester(app.db);
      if (!row) throw notFound();
      return { success: true as const, data: toSemester(row) };
    },
  );
}
