/**
 * The demo school's attendance (issue 38), seeded after its school year: the meetings of X TKJ 1's
 * timetable on the last ten school days before today, each with its journal and the marks of the
 * rombel's students (a day of sakit and a day of izin that the wali kelas approved, with their
 * letters, a late arrival, a dispensasi, three days of alpa), the last lesson still to be filled
 * in, and an izin request waiting for the wali kelas.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import {
  attendance,
  bellPeriods,
  leaveRequests,
  meetings,
  onlineClasses,
  students,
  subjects,
  teachingAssignments,
  timetableSlots,
} from '../db/schema.js';
import type { AttendanceStatusCode } from '../db/schema/attendance.js';
import { wibDay } from '../features/schedule/present.js';

/** The demo users' ids by username. */
type Ids = Record<string, number>;

const TOPICS: Record<string, string[]> = {
  DDTJKT: ['Pengenalan jaringan komputer', 'Topologi jaringan', 'Perangkat jaringan', 'Kabel UTP dan konektor RJ-45', 'Pengalamatan IP'],
  INF: ['Berpikir komputasional', 'Algoritma dan flowchart', 'Sistem komputer', 'Perakitan komputer'],
  PABP: ['Adab menuntut ilmu', 'Kejujuran dalam kehidupan', 'Toleransi beragama'],
  PP: ['Nilai-nilai Pancasila', 'Hak dan kewajiban warga negara'],
  BIND: ['Teks laporan hasil observasi', 'Teks eksposisi', 'Menulis paragraf argumentasi'],
  MTK: ['Eksponen dan logaritma', 'Barisan dan deret', 'Persamaan kuadrat'],
  BING: ['Self introduction', 'Descriptive text', 'Asking and giving opinion'],
  PJOK: ['Permainan bola voli', 'Atletik: lari jarak pendek', 'Kebugaran jasmani'],
  BJAWA: ['Unggah-ungguh basa', 'Aksara Jawa', 'Tembang macapat'],
};

interface Run {
  assignmentId: number;
  classId: number;
  teacherId: number;
  code: string;
  day: number;
  from: number;
  to: number;
  startsAt: string;
  endsAt: string;
}

/** X TKJ 1's lessons per weekday: consecutive periods of one assignment are one meeting. */
async function timetableRuns(tx: Tx, semesterId: number): Promise<Run[]> {
  const rows = await tx
    .select({
      assignmentId: timetableSlots.assignmentId,
      classId: teachingAssignments.onlineClassId,
      teacherId: onlineClasses.teacherId,
      code: subjects.code,
      day: timetableSlots.day,
      period: timetableSlots.period,
      startsAt: bellPeriods.startsAt,
      endsAt: bellPeriods.endsAt,
    })
    .from(timetableSlots)
    .innerJoin(teachingAssignments, eq(teachingAssignments.id, timetableSlots.assignmentId))
    .innerJoin(onlineClasses, eq(onlineClasses.id, teachingAssignments.onlineClassId))
    .innerJoin(subjects, eq(subjects.id, teachingAssignments.subjectId))
    .innerJoin(bellPeriods, and(eq(bellPeriods.day, timetableSlots.day), eq(bellPeriods.period, timetableSlots.period)))
    .where(and(eq(timetableSlots.semesterId, semesterId), eq(timetableSlots.rombelClassId, 1)))
    .orderBy(asc(timetableSlots.day), asc(timetableSlots.period));
  const runs: Run[] = [];
  for (const r of rows) {
    const last = runs[runs.length - 1];
    if (last && last.day === r.day && last.assignmentId === r.assignmentId && last.to === r.period - 1) {
      last.to = r.period;
      last.endsAt = r.endsAt;
    } else {
      runs.push({ ...r, from: r.period, to: r.period });
    }
  }
  return runs;
}

/** The last `n` weekdays (Senin–Jumat) before today (WIB), oldest first, not before `from`. */
function schoolDays(n: number, from: string): string[] {
  const out: string[] = [];
  const today = wibDay(new Date()).date;
  for (let back = 1; out.length < n && back < 40; back++) {
    const d = new Date(Date.parse(`${today}T00:00:00Z`) - back * 86_400_000);
    const date = d.toISOString().slice(0, 10);
    if (date < from) break;
    if (d.getUTCDay() >= 1 && d.getUTCDay() <= 5) out.unshift(date);
  }
  return out;
}

const isoDay = (date: string) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

export interface SeedLetters {
  /** Stored files of the letters: siswa's surat dokter, dewi's surat izin, dewi's surat dispensasi. */
  sick: number;
  leave: number;
  contest: number;
}

/** Seeds the attendance of the demo school (inside seedDemo's transaction). */
export async function seedAttendance(
  tx: Tx,
  semester: { id: number; startsOn: string; endsOn: string },
  id: Ids,
  letters: SeedLetters,
): Promise<void> {
  const days = schoolDays(10, semester.startsOn);
  if (days.length < 4) return;
  const runs = await timetableRuns(tx, semester.id);
  const rombel = await tx.select({ id: students.userId }).from(students).where(eq(students.rombelClassId, 1));
  const pupils = rombel.map((r) => r.id);
  const [sickDay, leaveDay] = [days[days.length - 4]!, days[days.length - 6] ?? days[0]!];
  const alpaDays = days.slice(-3);
  const [sick, leave] = await tx
    .insert(leaveRequests)
    .values([
      {
        studentId: id.siswa!,
        semesterId: semester.id,
        rombelClassId: 1,
        kind: 'S',
        startsOn: sickDay,
        endsOn: sickDay,
        reason: 'Demam, istirahat di rumah sesuai surat dokter.',
        fileId: letters.sick,
        status: 'approved',
        requestedBy: id.siswa!,
        decidedBy: id.guru!,
        decidedAt: new Date(`${sickDay}T07:30:00+07:00`),
        decisionNote: 'Semoga lekas sembuh.',
      },
      {
        studentId: id.dewi!,
        semesterId: semester.id,
        rombelClassId: 1,
        kind: 'I',
        startsOn: leaveDay,
        endsOn: leaveDay,
        reason: 'Menghadiri pernikahan kakak di Klaten.',
        fileId: letters.leave,
        status: 'approved',
        requestedBy: id.dewi!,
        decidedBy: id.guru!,
        decidedAt: new Date(`${leaveDay}T06:45:00+07:00`),
        decisionNote: null,
      },
    ])
    .returning({ id: leaveRequests.id });
  const next = wibNextSchoolDay();
  if (next <= semester.endsOn)
    await tx.insert(leaveRequests).values({
      studentId: id.dewi!,
      semesterId: semester.id,
      rombelClassId: 1,
      kind: 'I',
      startsOn: next,
      endsOn: next,
      reason: 'Mengikuti lomba LKS tingkat kabupaten bidang IT Network Systems Administration.',
      fileId: letters.contest,
      requestedBy: id.dewi!,
    });

  const mark = (student: number, date: string, index: number, code: string): [AttendanceStatusCode, number | null, string | null] => {
    if (student === id.siswa && date === sickDay) return ['S', sick!.id, null];
    if (student === id.dewi && date === leaveDay) return ['I', leave!.id, null];
    if (student === id.rizky && alpaDays.includes(date)) return ['A', null, null];
    if (student === id.siswa && index === 3) return ['T', null, 'Datang 10 menit setelah bel'];
    if (student === id.dewi && index === 7 && code === 'PJOK') return ['D', null, 'Latihan paskibra'];
    return ['H', null, null];
  };
  let index = 0;
  for (const date of days) {
    const todays = runs.filter((r) => r.day === isoDay(date));
    for (const run of todays) {
      index++;
      const lastOfAll = date === days[days.length - 1] && run === todays[todays.length - 1];
      const topics = TOPICS[run.code] ?? ['Materi pokok'];
      const [meeting] = await tx
        .insert(meetings)
        .values({
          onlineClassId: run.classId,
          date,
          periodFrom: run.from,
          periodTo: run.to,
          startsAt: new Date(`${date}T${run.startsAt}+07:00`),
          endsAt: new Date(`${date}T${run.endsAt}+07:00`),
          topic: lastOfAll ? null : topics[index % topics.length]!,
          activities: lastOfAll ? null : 'Penjelasan materi, diskusi kelompok, latihan soal.',
          attendanceTakenAt: lastOfAll ? null : new Date(`${date}T${run.startsAt}+07:00`),
        })
        .returning({ id: meetings.id });
      if (lastOfAll) continue;
      await tx.insert(attendance).values(
        pupils.map((studentId) => {
          const [status, leaveRequestId, note] = mark(studentId, date, index, run.code);
          return {
            meetingId: meeting!.id,
            studentId,
            status,
            note,
            source: leaveRequestId ? 'leave' : 'teacher',
            leaveRequestId,
            recordedBy: leaveRequestId ? null : run.teacherId,
            recordedAt: new Date(`${date}T${run.startsAt}+07:00`),
          };
        }),
      );
    }
  }
}

/** The next weekday (Senin–Jumat) after today, WIB. */
function wibNextSchoolDay(): string {
  const today = wibDay(new Date()).date;
  for (let ahead = 1; ; ahead++) {
    const d = new Date(Date.parse(`${today}T00:00:00Z`) + ahead * 86_400_000);
    if (d.getUTCDay() >= 1 && d.getUTCDay() <= 5) return d.toISOString().slice(0, 10);
  }
}
