import { describe, expect, it } from 'vitest';
import type { StudentAttendance, Today } from '@kelasku/contract';
import { childIdParam, codeOwnerText, firstName, monthAttendanceLine, todayLine, workLine } from './child-summary';

type Lesson = Today['lessons'][number];
const lesson = (subject: string, state: Lesson['state'], starts_at = '07.00', ends_at = '08.30'): Lesson => ({
  starts_at,
  ends_at,
  periods: [1, 2],
  subject: { id: 1, code: 'X', name: subject },
  rombel: { id: 1, name: 'X TKJ 1' },
  teachers: [{ id: 2, name: 'Budi Santoso' }],
  class_id: 3,
  meeting_id: null,
  state,
});

type Meeting = StudentAttendance['meetings'][number];
const meeting = (id: number, date: string, status: Meeting['status']): Meeting => ({
  meeting: { id, number: id, date, periods: [1], starts_at: '07.00' },
  class: { id: 1, name: 'Matematika X TKJ 1', subject: 'Matematika' },
  status,
  note: null,
});

describe('todayLine', () => {
  it('counts the lessons and names the one going on, else the next', () => {
    expect(todayLine({ lessons: [] })).toBe('Tidak ada pelajaran hari ini');
    expect(todayLine({ lessons: [lesson('Matematika', 'done'), lesson('Basis Data', 'now')] })).toBe(
      '2 pelajaran hari ini · Sedang berlangsung: Basis Data',
    );
    expect(todayLine({ lessons: [lesson('Matematika', 'done'), lesson('Basis Data', 'next', '10:00', '11:30')] })).toBe(
      '2 pelajaran hari ini · Berikutnya: Basis Data 10.00–11.30',
    );
    expect(todayLine({ lessons: [lesson('Matematika', 'done')] })).toBe('1 pelajaran hari ini · sudah selesai');
  });
});

describe('monthAttendanceLine', () => {
  it('counts the days of each absence in the month of today, a day once per mark', () => {
    const meetings = [
      meeting(1, '2026-11-02', 'S'),
      meeting(2, '2026-11-02', 'S'),
      meeting(3, '2026-11-03', 'A'),
      meeting(4, '2026-11-04', 'A'),
      meeting(5, '2026-11-05', 'H'),
      meeting(6, '2026-10-30', 'I'),
    ];
    expect(monthAttendanceLine(meetings, '2026-11-30')).toBe('Bulan ini: 1 hari Sakit, 2 hari Alpa');
  });

  it('says when the child was always present, or nothing is recorded yet', () => {
    expect(monthAttendanceLine([meeting(1, '2026-11-02', 'H')], '2026-11-30')).toBe('Bulan ini: selalu hadir');
    expect(monthAttendanceLine([meeting(1, '2026-10-02', 'A')], '2026-11-30')).toBe('Bulan ini: belum ada presensi');
  });
});

describe('small texts', () => {
  it('names open work', () => {
    expect(workLine(2, 1)).toBe('2 tugas belum dikerjakan · 1 terlambat');
    expect(workLine(0, 3)).toBe('3 terlambat');
    expect(workLine(0, 0)).toBe('Tidak ada tugas yang tertunda');
  });

  it('reads the child id of the address, refusing anything but a positive number', () => {
    expect(childIdParam('12')).toBe(12);
    for (const bad of [undefined, '', '0', '-1', '1e3', 'abc', '99999999999', '3000000000']) expect(childIdParam(bad)).toBeNull();
  });

  it('names the child by the first name, and the code by its child and rombel', () => {
    expect(firstName('  Andi Pratama ')).toBe('Andi');
    expect(codeOwnerText({ student_first_name: 'Andi', rombel_name: 'X TKJ 1' })).toBe('Kode untuk Andi (X TKJ 1)');
    expect(codeOwnerText({ student_first_name: 'Andi', rombel_name: null })).toBe('Kode untuk Andi');
  });
});
