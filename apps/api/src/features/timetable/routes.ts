import { z } from 'zod';
import { eq } from 'drizzle-orm';
import {
  TIMETABLE_MSG,
  bellDay,
  bellTimesBody,
  dayName,
  errorEnvelope,
  ok,
  slotBody,
  slotLabel,
  slotParams,
  timetableImportPreview,
  timetableImportResult,
  timetableQuery,
  timetableSlot,
  timetableWeek,
} from '@kelasku/contract';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../types.js';
import { timetableSlots } from '../../db/schema.js';
import { HttpError, conflict, invalid, invalidField, notFound } from '../../http/errors.js';
import { uniqueViolation } from '../../http/db-errors.js';
import { recordAudit } from '../../audit/record.js';
import { bellPeriodKeys, bellRefusal, readBell, replaceBell } from './bell.js';
import { clashBook, lockSemesterTimetable, slotOwners } from './clash.js';
import { activeSemesterId, semesterExists, slotsWhere, weekSlots } from './queries.js';
import { planSheet, sheetPreview } from './sheet-import.js';
import { readForm } from './upload.js';

const activeSemester = async (app: App) => {
  const id = await activeSemesterId(app.db);
  if (id === null) throw conflict(TIMETABLE_MSG.fetNoActiveSemester);
  return id;
};

/** The uploaded XLSX/CSV (multipart `file`). */
async function sheetFile(request: FastifyRequest): Promise<Buffer> {
  const form = await readForm(request, ['file'], TIMETABLE_MSG.fetTooLarge);
  const bytes = form.files.get('file');
  if (!bytes) throw invalidField('file', 'File wajib diunggah');
  return bytes;
}

/** /api/admin/bell-times and /api/admin/timetable: bell times and the weekly timetable (issue 37). */
export default async function timetableRoutes(app: App): Promise<void> {
  const tags = ['admin: timetable'];

  app.get(
    '/bell-times',
    { schema: { tags, summary: "The school's bell times per weekday", response: { 200: ok(z.array(bellDay)) } } },
    async () => ({
      success: true as const,
      data: await readBell(app.db),
    }),
  );

  app.put(
    '/bell-times',
    {
      schema: {
        tags,
        summary:
          'Replaces the whole set of bell times; overlaps, an end before the start or a period twice in a day are refused (422 naming day and time)',
        body: bellTimesBody,
        response: { 200: ok(z.array(bellDay)), 422: errorEnvelope },
      },
    },
    async (request) => {
      const refusal = bellRefusal(request.body);
      if (refusal) throw invalid({ days: [refusal] });
      const before = await readBell(app.db);
      await app.db.transaction(async (tx) => {
        await replaceBell(tx, request.body);
        await recordAudit(tx, request, {
          action: 'timetable.bell',
          targetType: 'timetable',
          summary: 'Jam pelajaran',
          before: { days: before.map((d) => `${dayName(d.day)}: ${d.periods.length}`) },
          after: { days: request.body.days.map((d) => `${dayName(d.day)}: ${d.periods.length}`) },
        });
      });
      return { success: true as const, message: TIMETABLE_MSG.bellSaved, data: await readBell(app.db) };
    },
  );

  app.get(
    '/timetable',
    {
      schema: {
        tags,
        summary: "A semester's week (the active one unless named): the whole school's, a rombel's or a teacher's",
        querystring: timetableQuery,
        response: { 200: ok(timetableWeek), 404: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (request) => {
      const q = request.query;
      const semesterId = q.semester_id ?? (await activeSemester(app));
      if (q.semester_id !== undefined && !(await semesterExists(app.db, q.semester_id))) throw notFound();
      const slots = await weekSlots(app.db, semesterId, { rombelId: q.rombel_id, teacherId: q.teacher_id });
      return { success: true as const, data: { semester_id: semesterId, bell: await readBell(app.db), slots } };
    },
  );

  app.post(
    '/timetable/slots',
    {
      schema: {
        tags,
        summary:
          "Places one lesson period of an assignment; a clash of the rombel or one of the assignment's teachers is a 409 naming the slot",
        body: slotBody,
        response: { 201: ok(timetableSlot), 409: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request, reply) => {
      const { assignment_id, day, period } = request.body;
      const id = await app.db.transaction(async (tx) => {
        const owner = (await slotOwners(tx, [assignment_id])).get(assignment_id);
        if (!owner) throw invalidField('assignment_id', TIMETABLE_MSG.assignmentUnknown);
        if (!(await bellPeriodKeys(tx)).has(`${day}:${period}`))
          throw invalidField('period', TIMETABLE_MSG.periodUnknown(dayName(day), period));
        await lockSemesterTimetable(tx, owner.semesterId);
        const clash = (await clashBook(tx, owner.semesterId, { day, period })).refusal(owner, day, period);
        if (clash) throw conflict(clash);
        const [row] = await tx
          .insert(timetableSlots)
          .values({ semesterId: owner.semesterId, assignmentId: assignment_id, rombelClassId: owner.rombelId, day, period })
          .returning({ id: timetableSlots.id })
          .catch((err: unknown) => {
            if (uniqueViolation(err) === 'timetable_slots_rombel_uq')
              throw conflict(TIMETABLE_MSG.rombelClash(owner.rombelName, slotLabel(day, period), 'lain'));
            throw err;
          });
        await recordAudit(tx, request, {
          action: 'timetable.slot',
          targetType: 'timetable',
          targetId: row!.id,
          summary: `${owner.rombelName} ${owner.subjectName}, ${slotLabel(day, period)}`,
          after: { assignment_id, day, period },
        });
        return row!.id;
      });
      const [slot] = await slotsWhere(app.db, eq(timetableSlots.id, id));
      return reply.code(201).send({ success: true as const, message: TIMETABLE_MSG.slotSaved, data: slot! });
    },
  );

  app.delete(
    '/timetable/slots/:id',
    {
      schema: {
        tags,
        summary: 'Removes one lesson period from the timetable',
        params: slotParams,
        response: { 200: ok(z.object({ id: z.number() })), 404: errorEnvelope },
      },
    },
    async (request) => {
      const { id } = request.params;
      await app.db.transaction(async (tx) => {
        const [row] = await tx.delete(timetableSlots).where(eq(timetableSlots.id, id)).returning();
        if (!row) throw notFound();
        await recordAudit(tx, request, {
          action: 'timetable.slot',
          targetType: 'timetable',
          targetId: id,
          summary: `Jadwal ${slotLabel(row.day, row.period)} dihapus`,
          before: { assignment_id: row.assignmentId, day: row.day, period: row.period },
        });
      });
      return { success: true as const, message: TIMETABLE_MSG.slotDeleted, data: { id } };
    },
  );

  await timetableImportRoutes(app);
}

/** /api/admin/timetable/import: the timetable from a spreadsheet, previewed then written all or nothing. */
async function timetableImportRoutes(app: App): Promise<void> {
  const tags = ['admin: timetable'];

  app.post(
    '/timetable/import/preview',
    {
      config: { expensive: 'import-preview' },
      schema: {
        tags,
        summary:
          'Reads an XLSX (multipart `file`: Hari, Jam ke, Rombel, Kode Mapel) and answers each row: its slot or its errors. Nothing is written.',
        response: { 200: ok(timetableImportPreview), 409: errorEnvelope, 413: errorEnvelope, 415: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      const bytes = await sheetFile(request);
      return { success: true as const, data: sheetPreview(await planSheet(app.db, await activeSemester(app), bytes)) };
    },
  );

  app.post(
    '/timetable/import',
    {
      config: { expensive: 'import' },
      schema: {
        tags,
        summary: 'Imports the file as its preview showed, all or nothing: refused (422) while any row has an error',
        response: { 200: ok(timetableImportResult), 409: errorEnvelope, 413: errorEnvelope, 415: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      const bytes = await sheetFile(request);
      const semesterId = await activeSemester(app);
      const slots = await app.db.transaction(async (tx) => {
        await lockSemesterTimetable(tx, semesterId);
        const planned = await planSheet(tx, semesterId, bytes);
        const bad = planned.find((p) => p.errors.length > 0);
        if (bad) throw new HttpError(422, TIMETABLE_MSG.importHasErrors, { file: bad.errors });
        const values = planned.map((p) => ({
          semesterId,
          assignmentId: p.slot!.assignmentId,
          rombelClassId: p.slot!.rombelId,
          day: p.slot!.day,
          period: p.slot!.period,
        }));
        await tx.insert(timetableSlots).values(values);
        await recordAudit(tx, request, {
          action: 'timetable.import',
          targetType: 'timetable',
          summary: `Impor jadwal: ${values.length} jam`,
          after: { slots: values.length },
        });
        return values.length;
      });
      return { success: true as const, message: TIMETABLE_MSG.slotSaved, data: { slots } };
    },
  );
}
