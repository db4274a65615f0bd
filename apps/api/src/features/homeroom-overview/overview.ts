/**
 * "Kelas Perwalian" (issue 40): the rombel of a wali kelas at a glance. Attendance is counted as the
 * monthly recap counts it (a day's mark is the mark of most of its recorded meetings, attendance-
 * recaps/queries.ts); missing and late work as the gradebook and the report grades see it
 * (report-grades/service.ts `assignmentMark`: missing once closed, extension-aware); the final
 * grades are the leger's (`reportGradesOfClasses`). A fixed number of statements whatever the
 * number of students and subjects (listed in test/homeroom-overview-queries.test.ts).
 */
import type { AttendanceStatus, HomeroomOverview, OverviewStudent, RiskReason } from '@kelasku/contract';
import type { Db } from '../../db/client.js';
import { homeroomOf } from '../../access/leave-requests.js';
import { notFound } from '../../http/errors.js';
import { wibDay } from '../schedule/present.js';
import { monthMarks } from '../attendance-recaps/queries.js';
import { legerSubjectsOf } from '../report-grades/queries.js';
import { assignmentMark, reportGradesOfClasses } from '../report-grades/service.js';
import { cellOf } from '../gradebook/present.js';
import { extensionsOf, workOf } from '../gradebook/queries.js';
import { activeStudentsOf, overviewHeading, parentsOf, riskThresholds, visibleAssignmentsOf, type RiskThresholds } from './queries.js';

type Marks = Record<AttendanceStatus, number>;
const zeroMarks = (): Marks => ({ H: 0, T: 0, S: 0, I: 0, D: 0, A: 0 });
const pair = (a: number, b: number) => `${a}:${b}`;

/** Each student's missing (closed, not handed in) and late (handed in after the deadline) pieces of visible work. */
async function workCounts(db: Db, classIds: number[], studentIds: number[], now: Date) {
  const list = await visibleAssignmentsOf(db, classIds);
  const out = new Map(studentIds.map((id) => [id, { missing: 0, late: 0 }]));
  if (!list.length) return out;
  const work = await workOf(db, classIds);
  const extensions = await extensionsOf(db, classIds);
  const workBy = new Map(work.map((w) => [pair(w.assignmentId, w.studentId), w]));
  const extBy = new Map(extensions.map((e) => [pair(e.assignmentId, e.studentId), e]));
  for (const a of list) {
    for (const id of studentIds) {
      const w = workBy.get(pair(a.id, id));
      const ext = extBy.get(pair(a.id, id));
      const counts = out.get(id)!;
      if (assignmentMark(a, w, ext, now).state === 'missing') counts.missing++;
      if (cellOf(a, w, ext, now).late) counts.late++;
    }
  }
  return out;
}

/** Each student's final grades under the KKTP of their class, by subject name: "Nilai akhir Matematika 68 (KKTP 75)". */
async function gradeRisks(db: Db, subjects: Awaited<ReturnType<typeof legerSubjectsOf>>, now: Date) {
  const grades = await reportGradesOfClasses(
    db,
    subjects.map((s) => s.klass),
    { now },
  );
  const out = new Map<number, RiskReason[]>();
  grades.forEach((g, i) => {
    for (const s of g.students) {
      if (s.final === null || s.final >= g.kktp) continue;
      const text = `Nilai akhir ${subjects[i]!.subject} ${s.final} (KKTP ${g.kktp})`;
      out.set(s.student.id, [...(out.get(s.student.id) ?? []), { kind: 'grade', text }]);
    }
  });
  return out;
}

/** Each student's today's mark and this month's days per mark. */
async function attendanceOf(db: Db, rombelId: number, today: string) {
  const rows = await monthMarks(db, rombelId, today.slice(0, 7));
  const out = new Map<number, { today: AttendanceStatus | null; month: Marks }>();
  for (const r of rows) {
    const s = out.get(r.id) ?? { today: null, month: zeroMarks() };
    if (r.key !== null && r.status !== null) {
      s.month[r.status]++;
      if (r.key === today) s.today = r.status;
    }
    out.set(r.id, s);
  }
  return out;
}

function risksOf(month: Marks, missing: number, grades: RiskReason[], t: RiskThresholds): RiskReason[] {
  const out: RiskReason[] = [];
  if (month.A >= t.alpa) out.push({ kind: 'alpa', text: `${month.A}× alpa bulan ini` });
  if (missing >= t.missing) out.push({ kind: 'missing', text: `${missing} tugas belum dikumpulkan` });
  return [...out, ...grades];
}

/** The overview of the rombel for its wali kelas in the active semester; 404 for anyone else. */
export async function homeroomOverview(db: Db, teacherId: number, rombelId: number, now = new Date()): Promise<HomeroomOverview> {
  const { semesterId } = await homeroomOf(db, teacherId, rombelId);
  const heading = await overviewHeading(db, rombelId, semesterId);
  if (!heading) throw notFound();
  const thresholds = await riskThresholds(db);
  const date = wibDay(now).date;
  const roster = await activeStudentsOf(db, rombelId);
  const ids = roster.map((s) => s.id);
  const attendance = await attendanceOf(db, rombelId, date);
  const subjects = await legerSubjectsOf(db, semesterId, rombelId);
  const work = await workCounts(
    db,
    subjects.map((s) => s.klass.id),
    ids,
    now,
  );
  const grades = await gradeRisks(db, subjects, now);
  const parents = await parentsOf(db, ids);

  const today = { ...zeroMarks(), unrecorded: 0 };
  const studentsOut = roster.map((s): OverviewStudent => {
    const att = attendance.get(s.id) ?? { today: null, month: zeroMarks() };
    const w = work.get(s.id)!;
    if (att.today) today[att.today]++;
    else today.unrecorded++;
    return {
      id: s.id,
      name: s.name,
      nis: s.nis,
      today: att.today,
      month: att.month,
      missing: w.missing,
      late: w.late,
      risks: risksOf(att.month, w.missing, grades.get(s.id) ?? [], thresholds),
      parents: parents.filter((p) => p.studentId === s.id).map((p) => ({ id: p.id, name: p.name, relation: p.relation, telpon: p.telpon })),
    };
  });
  return {
    rombel: heading.rombel,
    semester: heading.semester,
    date,
    month_start: `${date.slice(0, 7)}-01`,
    thresholds,
    today,
    pending_requests: heading.pending,
    students: studentsOut,
  };
}
