import { ATTENDANCE_LABELS, type AttendanceStatus, type PairingCheck, type StudentAttendance, type Today } from '@kelasku/contract';
import { timeRange } from '../schedule/week';

/** "Andi" of "Andi Pratama": the menu names each child by the first name. */
export const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/** The :studentId of the address as a positive whole number, or null (then the page is not found). */
export function childIdParam(param: string | undefined): number | null {
  if (!param || !/^\d{1,10}$/.test(param)) return null;
  const id = Number(param);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/** Today's lessons in a line: "3 pelajaran · Berikutnya: Matematika 10.00–11.30", or that there are none. */
export function todayLine(today: Pick<Today, 'lessons'>): string {
  if (today.lessons.length === 0) return 'Tidak ada pelajaran hari ini';
  const count = `${today.lessons.length} pelajaran hari ini`;
  const now = today.lessons.find((l) => l.state === 'now');
  if (now) return `${count} · Sedang berlangsung: ${now.subject.name}`;
  const next = today.lessons.find((l) => l.state === 'next') ?? today.lessons.find((l) => l.state === 'later');
  if (next) return `${count} · Berikutnya: ${next.subject.name} ${timeRange(next.starts_at, next.ends_at)}`;
  return `${count} · sudah selesai`;
}

/** The marks other than Hadir that a parent wants to know about, in the report card's order. */
const ABSENCES: AttendanceStatus[] = ['S', 'I', 'A', 'T', 'D'];

/**
 * This month's attendance in short, by days (a day counts once per mark, whatever the number of
 * meetings): "Bulan ini: 1 hari Sakit, 2 hari Alpa", "Bulan ini: selalu hadir", or nothing recorded.
 * `today` is the WIB date ("2026-11-30").
 */
export function monthAttendanceLine(meetings: StudentAttendance['meetings'], today: string): string {
  const month = today.slice(0, 7);
  const inMonth = meetings.filter((m) => m.meeting.date.slice(0, 7) === month);
  if (inMonth.length === 0) return 'Bulan ini: belum ada presensi';
  const days = new Map<AttendanceStatus, Set<string>>();
  for (const m of inMonth) {
    if (m.status === 'H') continue;
    const set = days.get(m.status) ?? new Set<string>();
    set.add(m.meeting.date);
    days.set(m.status, set);
  }
  const parts = ABSENCES.filter((s) => days.has(s)).map((s) => `${days.get(s)!.size} hari ${ATTENDANCE_LABELS[s]}`);
  return parts.length === 0 ? 'Bulan ini: selalu hadir' : `Bulan ini: ${parts.join(', ')}`;
}

/** The WIB date of an instant ("2026-11-30"). */
export const wibDate = (now: number = Date.now()) => new Date(now + 7 * 3600_000).toISOString().slice(0, 10);

/** "2 tugas belum dikerjakan · 1 terlambat", or that nothing is open. */
export function workLine(todo: number, late: number): string {
  const parts = [todo > 0 ? `${todo} tugas belum dikerjakan` : null, late > 0 ? `${late} terlambat` : null].filter(Boolean);
  return parts.length === 0 ? 'Tidak ada tugas yang tertunda' : parts.join(' · ');
}

/** "Kode untuk Andi (X TKJ 1)": whose code the parent typed. */
export const codeOwnerText = (check: Pick<PairingCheck, 'student_first_name' | 'rombel_name'>) =>
  `Kode untuk ${check.student_first_name}${check.rombel_name ? ` (${check.rombel_name})` : ''}`;
