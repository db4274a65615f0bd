import {
  ATTENDANCE_LABELS,
  ATTENDANCE_STATUSES,
  type AttendanceRow,
  type AttendanceStatus,
  type AttendanceTotals,
  type Meeting,
} from '@kelasku/contract';

/** What the teacher chose on this device for a student (not yet on the server). */
export interface Choice {
  status: AttendanceStatus;
  note: string;
  /** The student's revision the device saw when the teacher chose (a save names it: a newer one is a conflict). */
  revision: number;
}

/** One entry of a save (PUT …/attendance). */
export interface Entry {
  student_id: number;
  status: AttendanceStatus;
  note: string | null;
  revision: number;
}

/** The mark a row starts from: the recorded one, else the approved leave's S/I, else Hadir. */
export const defaultStatus = (row: AttendanceRow): AttendanceStatus => row.status ?? row.leave?.kind ?? 'H';

/** The mark and note shown for a student: this device's choice, or what the server has. */
export function shownMark(row: AttendanceRow, choice: Choice | undefined): Choice {
  return choice ?? { status: defaultStatus(row), note: row.note ?? '', revision: row.revision };
}

/**
 * What a save sends: every student not recorded yet (their shown mark), and every recorded one whose
 * shown mark or note differs from the server's, each with the revision the device saw.
 */
export function entriesToSave(rows: readonly AttendanceRow[], choices: ReadonlyMap<number, Choice>): Entry[] {
  const out: Entry[] = [];
  for (const row of rows) {
    const shown = shownMark(row, choices.get(row.student.id));
    const note = shown.note.trim();
    if (row.status !== null && row.status === shown.status && (row.note ?? '') === note) continue;
    out.push({ student_id: row.student.id, status: shown.status, note: note === '' ? null : note, revision: shown.revision });
  }
  return out;
}

/** Whether the teacher changed nothing and everyone shows Hadir: saving is "Semua hadir — simpan". */
export function allPresentUntouched(rows: readonly AttendanceRow[], choices: ReadonlyMap<number, Choice>): boolean {
  return rows.every((row) => {
    const shown = shownMark(row, choices.get(row.student.id));
    return shown.status === 'H' && shown.note.trim() === '';
  });
}

/** The counts of the shown marks. */
export function countMarks(rows: readonly AttendanceRow[], choices: ReadonlyMap<number, Choice>): AttendanceTotals {
  const totals: AttendanceTotals = { H: 0, T: 0, S: 0, I: 0, D: 0, A: 0 };
  for (const row of rows) totals[shownMark(row, choices.get(row.student.id)).status] += 1;
  return totals;
}

/** "H 33 · S 1 · I 1 · A 1": Hadir always, the others when there are some. */
export function totalsLabel(totals: AttendanceTotals): string {
  return ATTENDANCE_STATUSES.filter((s) => s === 'H' || totals[s] > 0)
    .map((s) => `${s} ${totals[s]}`)
    .join(' · ');
}

/** The badge of a meeting in the list: "Dibatalkan", "Belum diisi" or its counts. */
export function meetingBadge(m: Pick<Meeting, 'cancelled' | 'attendance_taken_at' | 'totals'>): string {
  if (m.cancelled) return 'Dibatalkan';
  if (!m.attendance_taken_at) return 'Belum diisi';
  return totalsLabel(m.totals);
}

/**
 * The students named in a 409 (`errors["students.<id>"]`): the server's message for each
 * ("Sudah diubah menjadi Sakit oleh Budi Santoso").
 */
export function conflictsOf(errors: Record<string, string[]>): Map<number, string> {
  const out = new Map<number, string>();
  for (const [field, messages] of Object.entries(errors)) {
    const m = /^students\.(\d+)$/.exec(field);
    if (m && messages[0]) out.set(Number(m[1]), messages[0]);
  }
  return out;
}

/** The full label of a status ("Sakit"). */
export const statusLabel = (s: AttendanceStatus) => ATTENDANCE_LABELS[s];
