/**
 * The teaching journal of a month as XLSX ("Jurnal Mengajar"), the document schools ask teachers
 * for: title rows (the teacher's name and NIP, the month), then one row per meeting, oldest first.
 */
import ExcelJS from 'exceljs';
import type { JournalMonth } from '@kelasku/contract';
import { dayText, monthText } from './present.js';

export const JOURNAL_HEADER = [
  'Tanggal',
  'Jam ke-',
  'Rombel',
  'Mata Pelajaran',
  'Pertemuan',
  'Topik/Materi',
  'Kegiatan',
  'Hadir',
  'Tidak hadir',
  'Catatan',
];
const WIDTHS = [24, 12, 16, 24, 11, 32, 40, 8, 11, 32];

/** "07.00" in WIB of an ISO instant. */
const clock = (isoAt: string) => new Date(Date.parse(isoAt) + 7 * 3600_000).toISOString().slice(11, 16).replace(':', '.');

/** "3–4", "3", or the times of a meeting without periods ("13.00–14.30"). */
function periodsCell(r: JournalMonth['rows'][number]): string {
  if (r.periods.length === 0) return `${clock(r.starts_at)}–${clock(r.ends_at)}`;
  const first = r.periods[0]!;
  const last = r.periods[r.periods.length - 1]!;
  return first === last ? String(first) : `${first}–${last}`;
}

export const journalFilename = (j: JournalMonth) => `Jurnal Mengajar - ${j.teacher.name} - ${monthText(j.month)}.xlsx`;

export async function journalXlsx(j: JournalMonth): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Jurnal Mengajar');
  ws.addRow(['Jurnal Mengajar']).font = { bold: true, size: 14 };
  ws.addRow(['Nama guru', j.teacher.name]);
  ws.addRow(['NIP', j.teacher.nip ?? '-']);
  ws.addRow(['Bulan', monthText(j.month)]);
  ws.addRow([]);
  const header = ws.addRow(JOURNAL_HEADER);
  header.font = { bold: true };
  header.alignment = { wrapText: true, vertical: 'top' };
  WIDTHS.forEach((w, i) => (ws.getColumn(i + 1).width = w));
  for (const r of j.rows) {
    const notes = r.cancelled ? `Dibatalkan: ${r.cancel_reason ?? ''}`.trim() : (r.notes ?? '');
    const row = ws.addRow([
      dayText(r.date, true),
      periodsCell(r),
      r.rombel,
      r.subject ?? r.class_name,
      r.number ?? '',
      r.topic ?? r.lesson ?? '',
      r.activities ?? '',
      r.cancelled ? '' : r.present,
      r.cancelled ? '' : r.absent,
      notes,
    ]);
    row.alignment = { wrapText: true, vertical: 'top' };
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
