import { describe, expect, it } from 'vitest';
import type { AttendanceRow, AttendanceStatus } from '@kelasku/contract';
import { allPresentUntouched, conflictsOf, countMarks, entriesToSave, meetingBadge, totalsLabel, type Choice } from './marks';

const row = (id: number, status: AttendanceStatus | null = null, extra: Partial<AttendanceRow> = {}): AttendanceRow => ({
  student: { id, name: `Siswa ${id}`, nis: null, avatar: null },
  status,
  note: null,
  source: status ? 'teacher' : null,
  revision: status ? 1 : 0,
  recorded_by: null,
  recorded_at: null,
  checked_in_at: null,
  leave: null,
  ...extra,
});
const none = new Map<number, Choice>();

describe('the class list', () => {
  it('starts everyone not recorded as Hadir, a student with an approved leave as its S or I', () => {
    const rows = [row(1), row(2), row(3, null, { leave: { id: 9, kind: 'S' } })];
    expect(totalsLabel(countMarks(rows, none))).toBe('H 2 · S 1');
    expect(allPresentUntouched(rows, none)).toBe(false);
    expect(allPresentUntouched(rows.slice(0, 2), none)).toBe(true);
    // The first save sends every student (none is recorded yet).
    expect(entriesToSave(rows, none)).toEqual([
      { student_id: 1, status: 'H', note: null, revision: 0 },
      { student_id: 2, status: 'H', note: null, revision: 0 },
      { student_id: 3, status: 'S', note: null, revision: 0 },
    ]);
  });

  it('sends only the changed students of a taken list, each with the revision seen when chosen', () => {
    const rows = [row(1, 'H'), row(2, 'H'), row(3, 'H'), row(4, 'S', { note: 'demam' })];
    expect(entriesToSave(rows, none)).toEqual([]);
    const choices = new Map<number, Choice>([
      [1, { status: 'S', note: '', revision: 1 }],
      [2, { status: 'H', note: ' terlambat bus ', revision: 1 }],
      [3, { status: 'H', note: '', revision: 1 }],
      [4, { status: 'S', note: 'demam', revision: 1 }],
    ]);
    expect(entriesToSave(rows, choices)).toEqual([
      { student_id: 1, status: 'S', note: null, revision: 1 },
      { student_id: 2, status: 'H', note: 'terlambat bus', revision: 1 },
    ]);
    expect(totalsLabel(countMarks(rows, choices))).toBe('H 2 · S 2');
  });

  it('counts "H 33 · S 1 · I 1 · A 1" and leaves out statuses nobody has (Hadir always shown)', () => {
    expect(totalsLabel({ H: 33, T: 0, S: 1, I: 1, D: 0, A: 1 })).toBe('H 33 · S 1 · I 1 · A 1');
    expect(totalsLabel({ H: 0, T: 0, S: 0, I: 0, D: 0, A: 0 })).toBe('H 0');
  });

  it('reads the students of a conflict from the 409 errors', () => {
    const c = conflictsOf({ 'students.12': ['Sudah diubah menjadi Sakit oleh Budi Santoso'], entries: ['x'], 'students.x': ['y'] });
    expect([...c]).toEqual([[12, 'Sudah diubah menjadi Sakit oleh Budi Santoso']]);
  });
});

describe('a meeting as the lists say it', () => {
  it('badges its state', () => {
    const totals = { H: 30, T: 0, S: 2, I: 1, D: 0, A: 3 };
    expect(meetingBadge({ cancelled: true, attendance_taken_at: null, totals })).toBe('Dibatalkan');
    expect(meetingBadge({ cancelled: false, attendance_taken_at: null, totals })).toBe('Belum diisi');
    expect(meetingBadge({ cancelled: false, attendance_taken_at: '2026-12-01T01:00:00Z', totals })).toBe('H 30 · S 2 · I 1 · A 3');
  });
});
