/**
 * The request form (multipart: kind, starts_on, ends_on, reason and the letter as `file`) of a
 * student, or of a parent for their child (issue 40): where it goes, the rules of its days, the
 * letter streamed to storage, and the request made.
 */
import type { FastifyRequest } from 'fastify';
import { LEAVE_MSG, leaveRequestBody } from '@kelasku/contract';
import type { z } from 'zod';
import type { App } from '../../types.js';
import type { Executor } from '../../db/client.js';
import { readMultipart } from '../../files/multipart.js';
import type { ReceivedFile } from '../../files/service.js';
import { conflict, fieldErrorsOf, HttpError, invalid, type FieldErrors } from '../../http/errors.js';
import { wibDay } from '../schedule/present.js';
import { leaveSubject } from './decide.js';
import { insertLeave, leaveRow, lockStudent, overlaps, requestTarget, type LeaveListRow } from './queries.js';

/** Longest request, in days; how far back a request may start, in days. */
const MAX_DAYS = 14;
const MAX_DAYS_BACK = 7;

export type LeaveFields = z.output<typeof leaveRequestBody>;

export interface LeaveTarget {
  rombelId: number;
  rombelName: string;
  studentName: string;
  semesterId: number;
  startsOn: string;
  endsOn: string;
  homeroomId: number;
}

/** The rombel, semester and wali kelas a student's request goes to; 422 without a rombel or a wali kelas. */
export async function leaveTarget(db: Executor, studentId: number): Promise<LeaveTarget> {
  const t = await requestTarget(db, studentId);
  if (!t || t.rombelId === null || t.rombelName === null) throw new HttpError(422, LEAVE_MSG.noRombel);
  if (t.semesterId === null || t.startsOn === null || t.endsOn === null || t.homeroomId === null) {
    throw new HttpError(422, LEAVE_MSG.noHomeroom);
  }
  return {
    ...t,
    rombelId: t.rombelId,
    rombelName: t.rombelName,
    semesterId: t.semesterId,
    startsOn: t.startsOn,
    endsOn: t.endsOn,
    homeroomId: t.homeroomId,
  };
}

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/** The rules of a request's days: inside the active semester, at most 14 days, starting at most 7 days ago. */
export function dayErrors(f: Pick<LeaveFields, 'starts_on' | 'ends_on'>, target: LeaveTarget, today: string): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  if (dayNumber(f.starts_on) < dayNumber(today) - MAX_DAYS_BACK) add('starts_on', LEAVE_MSG.tooOld);
  if (f.starts_on < target.startsOn) add('starts_on', LEAVE_MSG.outsideSemester);
  if (f.ends_on > target.endsOn) add('ends_on', LEAVE_MSG.outsideSemester);
  if (dayNumber(f.ends_on) - dayNumber(f.starts_on) + 1 > MAX_DAYS) add('ends_on', LEAVE_MSG.tooLong);
  return errors;
}

/**
 * Reads the form: the letter streamed to storage (413 over the limit, 415 not a photo or PDF by its
 * content), the fields checked. Invalid fields or no letter: 422 with every message, and the stored
 * letter removed.
 */
export async function readLeaveForm(request: FastifyRequest, target: LeaveTarget): Promise<{ fields: LeaveFields; file: ReceivedFile }> {
  const form = await readMultipart(request, 'file', 'letter');
  const parsed = leaveRequestBody.safeParse(form.fields);
  const errors = parsed.success ? dayErrors(parsed.data, target, wibDay(new Date()).date) : fieldErrorsOf(parsed.error.issues);
  if (!form.file) (errors.file ??= []).push(LEAVE_MSG.fileRequired);
  if (!parsed.success || !form.file || Object.keys(errors).length > 0) {
    await request.server.files.discard(form.file);
    throw invalid(errors);
  }
  return { fields: parsed.data, file: form.file };
}

/**
 * Makes a request for `studentId` from the form, asked by `requestedBy` (the student, or a parent
 * of theirs): 422 without a rombel or a wali kelas, the form's checks, 409 when a pending or
 * approved request shares a day. The rombel's wali kelas is told, the asker as the actor.
 */
export async function applyForLeave(
  app: App,
  request: FastifyRequest,
  who: { studentId: number; requestedBy: number },
): Promise<LeaveListRow> {
  // Where it goes first: no letter is stored for a request that cannot be made.
  const target = await leaveTarget(app.db, who.studentId);
  const { fields, file } = await readLeaveForm(request, target);
  const id = await app.files.commit(file, async (tx, fileId) => {
    await lockStudent(tx, who.studentId);
    if (await overlaps(tx, who.studentId, fields.starts_on, fields.ends_on)) throw conflict(LEAVE_MSG.overlap);
    return insertLeave(tx, {
      studentId: who.studentId,
      semesterId: target.semesterId,
      rombelClassId: target.rombelId,
      kind: fields.kind,
      startsOn: fields.starts_on,
      endsOn: fields.ends_on,
      reason: fields.reason,
      fileId,
      requestedBy: who.requestedBy,
    });
  });
  const subject = leaveSubject({ kind: fields.kind, startsOn: fields.starts_on, endsOn: fields.ends_on });
  await app.notifier.send({
    userIds: [target.homeroomId],
    kind: 'leave_request',
    actorId: who.requestedBy,
    // A parent's request names the child: "Ibu Sari mengajukan izin 1 Desember untuk Budi di X TKJ 1".
    subject: who.requestedBy === who.studentId ? subject : `${subject} untuk ${target.studentName}`,
    context: target.rombelName,
    link: '/perwalian',
  });
  return leaveRow(app.db, id);
}
