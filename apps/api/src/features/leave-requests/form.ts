/**
 * The student's request form (multipart: kind, starts_on, ends_on, reason and the letter as `file`):
 * where it goes, the rules of its days, and the letter streamed to storage.
 */
import type { FastifyRequest } from 'fastify';
import { LEAVE_MSG, leaveRequestBody } from '@kelasku/contract';
import type { z } from 'zod';
import type { Executor } from '../../db/client.js';
import { readMultipart } from '../../files/multipart.js';
import type { ReceivedFile } from '../../files/service.js';
import { fieldErrorsOf, HttpError, invalid, type FieldErrors } from '../../http/errors.js';
import { wibDay } from '../schedule/present.js';
import { requestTarget } from './queries.js';

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
