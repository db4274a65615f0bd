/**
 * "Unduh XLSX" of the filtered log, streamed: the rows are read in batches (newest first, keyed on
 * the id) and each batch is written and committed to exceljs's streaming writer, so memory stays
 * bounded whatever the log's size.
 */
import { PassThrough, type Readable } from 'node:stream';
import { once } from 'node:events';
import ExcelJS from 'exceljs';
import { AUDIT_ACTION_LABELS, auditChangeLines, type AuditAction } from '@kelasku/contract';
import type { Executor } from '../../db/client.js';
import { auditBatch, type AuditFilter } from '../../audit/queries.js';
import { roleLabel, wibTime } from './present.js';

const BATCH = 500;

export const EXPORT_COLUMNS = [
  { header: 'Waktu (WIB)', width: 22 },
  { header: 'Pelaku', width: 24 },
  { header: 'Peran', width: 8 },
  { header: 'Alamat IP', width: 16 },
  { header: 'Aktivitas', width: 28 },
  { header: 'Sasaran', width: 40 },
  { header: 'Perubahan', width: 60 },
];

/** The workbook as a stream; `onError` hears a failure after the first bytes (the answer is cut then). */
export function auditXlsx(db: Executor, filter: AuditFilter, onError: (err: unknown) => void): Readable {
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const ws = wb.addWorksheet('Log aktivitas', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = EXPORT_COLUMNS;
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  const write = async () => {
    let last: number | null = null;
    for (;;) {
      const rows = await auditBatch(db, filter, last, BATCH);
      for (const r of rows) {
        const row = ws.addRow([
          wibTime(r.at),
          r.actorName,
          roleLabel(r.actorRole),
          r.ip ?? '',
          AUDIT_ACTION_LABELS[r.action as AuditAction] ?? r.action,
          r.summary,
          auditChangeLines(r.before as Record<string, unknown> | null, r.after as Record<string, unknown> | null).join('\n'),
        ]);
        row.getCell(7).alignment = { wrapText: true, vertical: 'top' };
        row.commit();
      }
      // The client reads slower than the database answers: wait for it before the next batch (or stop once it left).
      if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
      if (out.destroyed) return;
      if (rows.length < BATCH) break;
      last = rows[rows.length - 1]!.id;
    }
    ws.commit();
    await wb.commit();
  };
  write().catch((err) => {
    onError(err);
    out.destroy(err as Error);
  });
  return out;
}
