/** The rules every teaching assignment written by the admin's form must meet (the import checks the same per row). */
import { MSG, ROLE_IDS, TEACHING_MSG } from '@kelasku/contract';
import type { Executor } from '../../db/client.js';
import { invalidField } from '../../http/errors.js';
import { rombelOf, subjectOf, usersOf, type SemesterState } from './queries.js';

/** A semester that exists and has not ended; 422 on `semester_id` otherwise. */
export function openSemester(state: SemesterState | null): SemesterState {
  if (!state) throw invalidField('semester_id', TEACHING_MSG.semesterUnknown);
  if (state.ended) throw invalidField('semester_id', TEACHING_MSG.semesterEnded);
  return state;
}

/** Every id is an active teacher; 422 on `teacher_ids` naming the first that is not. */
export async function checkTeachers(tx: Executor, ids: number[]): Promise<void> {
  const found = new Map((await usersOf(tx, ids)).map((u) => [u.id, u]));
  for (const id of ids) {
    const u = found.get(id);
    if (!u || u.roleId !== ROLE_IDS.teacher) throw invalidField('teacher_ids', TEACHING_MSG.teacherUnknown);
    if (u.status !== 1) throw invalidField('teacher_ids', TEACHING_MSG.teacherInactive(u.name));
  }
}

/** The rombel (of an enabled department) and the subject of a new assignment; 422 naming the field otherwise. */
export async function checkRombelAndSubject(tx: Executor, rombelId: number, subjectId: number) {
  const rombel = await rombelOf(tx, rombelId);
  if (!rombel) throw invalidField('rombel_id', MSG.rombelUnknown);
  if (!rombel.enabled) throw invalidField('rombel_id', TEACHING_MSG.rombelDepartmentDisabled(rombel.name));
  const subject = await subjectOf(tx, subjectId);
  if (!subject) throw invalidField('subject_id', TEACHING_MSG.subjectUnknown);
  return { rombel, subject };
}
