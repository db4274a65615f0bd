/**
 * Issue 38 tests: a class of a teaching assignment with its timetable, students, a wali kelas,
 * and meetings straight into the database. Every attendance test starts from `attendanceScene`.
 */
import { sql } from 'drizzle-orm';
import {
  attendance,
  bellPeriods,
  homerooms,
  meetings,
  teachingAssignments,
  teachingAssignmentTeachers,
  timetableSlots,
} from '../src/db/schema.js';
import type { AttendanceStatusCode } from '../src/db/schema/attendance.js';
import type { TestContext } from './helpers.js';
import type { TestUser } from './factory.js';
import { activeSemester, makeSubject } from './teaching-helpers.js';

export interface AttendanceScene {
  semesterId: number;
  rombelId: number;
  rombelName: string;
  /** Teaches the class (position 0). */
  teacher: TestUser;
  /** Wali kelas of the rombel this semester (teaches nothing here). */
  homeroom: TestUser;
  /** Another teacher: no class of this rombel, wali kelas of nothing. */
  otherTeacher: TestUser;
  students: TestUser[];
  /** A student of another rombel (with a class of its own taught by `otherTeacher`). */
  outsider: TestUser;
  outsiderRombelId: number;
  outsiderClassId: number;
  classId: number;
  className: string;
  subjectId: number;
  subjectName: string;
  assignmentId: number;
}

/** The WIB date `days` from today ("2026-11-30"). */
export function wibDate(days = 0): string {
  const d = new Date(Date.now() + 7 * 3600_000 + days * 86_400_000);
  return d.toISOString().slice(0, 10);
}

/** ISO weekday (1 Senin … 7 Minggu) of a "YYYY-MM-DD". */
export const isoDay = (date: string) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

/** A bell of 8 periods of 45 minutes from 07.00 every day Senin … Minggu (tests run any day), if none is set yet. */
export async function ensureBell(t: Pick<TestContext, 'db'>): Promise<void> {
  const [{ n }] = (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from bell_periods`)).rows as [{ n: number }];
  if (n > 0) return;
  const rows = [];
  for (let day = 1; day <= 7; day++) {
    for (let p = 1; p <= 8; p++) {
      const start = 7 * 60 + (p - 1) * 45;
      const hm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}:00`;
      rows.push({ day, period: p, startsAt: hm(start), endsAt: hm(start + 45) });
    }
  }
  await t.db.insert(bellPeriods).values(rows);
}

/**
 * A rombel with `size` students, a teaching assignment (and its class) taught by a new teacher,
 * a wali kelas, and the class's lessons in the timetable at periods 3–4 of every day (so today
 * always has one), plus an outsider rombel with a class of its own.
 */
export async function attendanceScene(t: TestContext, size = 4, periods: number[] = [3, 4]): Promise<AttendanceScene> {
  const f = t.factory;
  await ensureBell(t);
  const semesterId = await activeSemester(t);
  const rombel = await f.rombel();
  const teacher = await f.teacher({ name: `Guru Mapel ${rombel.id}` });
  const homeroom = await f.teacher({ name: `Wali Kelas ${rombel.id}` });
  const otherTeacher = await f.teacher({ name: `Guru Lain ${rombel.id}` });
  const students: TestUser[] = [];
  for (let i = 0; i < size; i++)
    students.push(await f.student({ rombelId: rombel.id, name: `Siswa ${String(i + 1).padStart(2, '0')} ${rombel.id}` }));
  const outsiderRombel = await f.rombel();
  const outsider = await f.student({ rombelId: outsiderRombel.id, name: `Siswa Luar ${outsiderRombel.id}` });
  const outsiderClass = await f.onlineClass(otherTeacher.id, { rombelId: outsiderRombel.id });
  const subject = await makeSubject(t);
  const klass = await f.onlineClass(teacher.id, { rombelId: rombel.id, name: `${subject.name} ${rombel.name}` });
  const [assignment] = await t.db
    .insert(teachingAssignments)
    .values({ semesterId, rombelClassId: rombel.id, subjectId: subject.id, onlineClassId: klass.id, hoursPerWeek: periods.length * 7 })
    .returning();
  await t.db.insert(teachingAssignmentTeachers).values({ assignmentId: assignment!.id, teacherId: teacher.id, position: 0 });
  await t.db.insert(homerooms).values({ semesterId, rombelClassId: rombel.id, teacherId: homeroom.id });
  const slots = [];
  for (let day = 1; day <= 7; day++)
    for (const period of periods) slots.push({ semesterId, assignmentId: assignment!.id, rombelClassId: rombel.id, day, period });
  await t.db.insert(timetableSlots).values(slots);
  return {
    semesterId,
    rombelId: rombel.id,
    rombelName: rombel.name,
    teacher,
    homeroom,
    otherTeacher,
    students,
    outsider,
    outsiderRombelId: outsiderRombel.id,
    outsiderClassId: outsiderClass.id,
    classId: klass.id,
    className: klass.name,
    subjectId: subject.id,
    subjectName: subject.name,
    assignmentId: assignment!.id,
  };
}

/** A meeting straight into the database (07.00 + 45 min per period on `date`, WIB). */
export async function insertMeeting(
  t: Pick<TestContext, 'db'>,
  classId: number,
  date: string,
  over: Partial<{ periodFrom: number | null; periodTo: number | null; source: 'timetable' | 'extra'; cancelled: boolean }> = {},
) {
  const from = over.periodFrom === undefined ? 3 : over.periodFrom;
  const to = over.periodTo === undefined ? from : over.periodTo;
  const startMin = 7 * 60 + ((from ?? 1) - 1) * 45;
  const endMin = 7 * 60 + (to ?? 1) * 45;
  const at = (m: number) => new Date(`${date}T${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}:00+07:00`);
  const [row] = await t.db
    .insert(meetings)
    .values({
      onlineClassId: classId,
      date,
      periodFrom: from,
      periodTo: to,
      startsAt: at(startMin),
      endsAt: at(endMin),
      source: over.source ?? 'timetable',
      cancelledAt: over.cancelled ? new Date() : null,
    })
    .returning();
  return row!;
}

/** Marks straight into the database (source teacher, revision 1). */
export async function insertMarks(
  t: Pick<TestContext, 'db'>,
  meetingId: number,
  marks: Array<[studentId: number, status: AttendanceStatusCode]>,
) {
  if (marks.length === 0) return;
  await t.db.insert(attendance).values(marks.map(([studentId, status]) => ({ meetingId, studentId, status, source: 'teacher' })));
  await t.db
    .update(meetings)
    .set({ attendanceTakenAt: new Date() })
    .where(sql`${meetings.id} = ${meetingId} and ${meetings.attendanceTakenAt} is null`);
}
