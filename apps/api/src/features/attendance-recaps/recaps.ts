/** The recaps, whoever asks (the routes decide who reaches what): a fixed number of queries each. */
import {
  ATTENDANCE_MSG,
  DEFAULT_ALPA_ALERT_DAYS,
  TEACHING_MSG,
  type ClassRecap,
  type MonthRecap,
  type SemesterRecap,
  type StudentAttendance,
} from '@kelasku/contract';
import type { Executor } from '../../db/client.js';
import { invalidField, notFound } from '../../http/errors.js';
import { semesterFor } from '../homerooms/queries.js';
import {
  classMarks,
  classMeetings,
  homeroomOf,
  monthDates,
  monthMarks,
  recapClass,
  semesterCounts,
  storedAlpaAlertDays,
  studentCounts,
  studentMeetings,
} from './queries.js';
import { toClassRecap, toMonthRecap, toSemesterRecap, toStudentAttendance } from './present.js';

type Rombel = { id: number; name: string };
export type Semester = { id: number; label: string };

/** The semester named, or the active one; 422 when there is no such semester. */
export async function semesterOrRefuse(db: Executor, id: number | undefined): Promise<Semester> {
  const found = await semesterFor(db, id);
  if (!found) throw invalidField('semester_id', id === undefined ? ATTENDANCE_MSG.noActiveSemester : TEACHING_MSG.semesterUnknown);
  return found;
}

/** Students × meetings of the class (404 when it does not exist). */
export async function classRecapOf(db: Executor, classId: number): Promise<ClassRecap> {
  const klass = await recapClass(db, classId);
  if (!klass) throw notFound();
  const [meetings, marks] = await Promise.all([classMeetings(db, classId), classMarks(db, classId, klass.rombel_id)]);
  return toClassRecap(klass, meetings, marks);
}

/** Students × days of the month with meetings, one mark per day. */
export async function monthRecapOf(db: Executor, rombel: Rombel, month: string): Promise<MonthRecap> {
  const [homeroom, dates, marks] = await Promise.all([
    homeroomOf(db, rombel.id, { month }),
    monthDates(db, rombel.id, month),
    monthMarks(db, rombel.id, month),
  ]);
  return toMonthRecap(rombel, month, homeroom, dates, marks);
}

/** Days per mark of each student in the semester's classes of the rombel. */
export async function semesterRecapOf(db: Executor, rombel: Rombel, semester: Semester): Promise<SemesterRecap> {
  const [homeroom, counts] = await Promise.all([
    homeroomOf(db, rombel.id, { semesterId: semester.id }),
    semesterCounts(db, rombel.id, semester.id),
  ]);
  return toSemesterRecap(rombel, semester, homeroom, counts);
}

/** The school's number of Alpa days in a month that tells the wali kelas. */
export const alpaAlertDays = async (db: Executor) => (await storedAlpaAlertDays(db)) ?? DEFAULT_ALPA_ALERT_DAYS;

/**
 * A student's own attendance in the semester (`semesterId`, else the active one; 422 when there is
 * none): the student's page, and a parent's of their child (issue 40).
 */
export async function studentAttendanceOf(db: Executor, studentId: number, semesterId: number | undefined): Promise<StudentAttendance> {
  const semester = await semesterOrRefuse(db, semesterId);
  const [counts, meetings] = await Promise.all([studentCounts(db, studentId, semester.id), studentMeetings(db, studentId, semester.id)]);
  return toStudentAttendance(semester, counts, meetings);
}
