/**
 * The weekly summary's week and words (issue 40): the week runs from Monday 00.00 WIB to the run's
 * moment; its bell line names Monday to Friday ("Ringkasan minggu 23–27 November") and, per child,
 * what the week brought ("Andi: 2 tugas belum dikumpulkan, 1 nilai baru, 1 alpa").
 */
import type { z } from 'zod';
import type { summaryChild } from '@kelasku/contract';

export type SummaryChild = z.infer<typeof summaryChild>;

const WIB_MS = 7 * 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;
const MONTHS = ['Januari', 'Februari', 'Maret', 'April', 'Mei', 'Juni', 'Juli', 'Agustus', 'September', 'Oktober', 'November', 'Desember'];

export interface Week {
  /** The Monday (WIB) as YYYY-MM-DD: the row's week_start. */
  start: string;
  /** Monday 00.00 WIB. */
  from: Date;
  /** The run's moment: the week so far. */
  to: Date;
  /** The WIB date of `to`. */
  today: string;
}

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The WIB week (Monday 00.00 → `now`) that `now` falls in. */
export function weekOf(now: Date): Week {
  const wib = now.getTime() + WIB_MS;
  const sinceMonday = (new Date(wib).getUTCDay() + 6) % 7;
  const start = isoDate(wib - sinceMonday * DAY_MS);
  return { start, from: new Date(`${start}T00:00:00+07:00`), to: now, today: isoDate(wib) };
}

/** "Ringkasan minggu 23–27 November", or across a month "Ringkasan minggu 30 November–4 Desember". */
export function summarySubject(weekStart: string): string {
  const monday = new Date(`${weekStart}T00:00:00Z`);
  const friday = new Date(monday.getTime() + 4 * DAY_MS);
  const month = (d: Date) => MONTHS[d.getUTCMonth()]!;
  const from = monday.getUTCMonth() === friday.getUTCMonth() ? `${monday.getUTCDate()}` : `${monday.getUTCDate()} ${month(monday)}`;
  return `Ringkasan minggu ${from}–${friday.getUTCDate()} ${month(friday)}`;
}

const MARK_WORDS = { A: 'alpa', S: 'sakit', I: 'izin' } as const;

/** "2 tugas belum dikumpulkan, 1 nilai baru, 1 alpa" (absences in days), or that the week was clear. */
export function childLine(c: SummaryChild): string {
  const parts: string[] = [];
  if (c.missing.length) parts.push(`${c.missing.length} tugas belum dikumpulkan`);
  if (c.new_grades.length) parts.push(`${c.new_grades.length} nilai baru`);
  for (const mark of ['A', 'S', 'I'] as const) {
    const days = new Set(c.absences.filter((a) => a.mark === mark).map((a) => a.date)).size;
    if (days) parts.push(`${days} ${MARK_WORDS[mark]}`);
  }
  return parts.length ? parts.join(', ') : 'tidak ada tugas terlewat, nilai baru, atau ketidakhadiran';
}

/** The first name of a child, as the bell line uses it ("Andi Pratama" → "Andi"). */
export const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/** The bell's context: every child's line, cut to the column's 255 characters. */
export function summaryContext(children: SummaryChild[]): string {
  const text = children.map((c) => `${firstName(c.student.name)}: ${childLine(c)}`).join('; ');
  return text.length > 255 ? `${text.slice(0, 254)}…` : text;
}

/** "Senin, 23 November" of a YYYY-MM-DD date. */
export function dayLabel(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  const days = ['Minggu', 'Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat', 'Sabtu'];
  return `${days[d.getUTCDay()]}, ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
}
