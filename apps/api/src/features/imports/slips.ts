import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { IMPORT_MSG, type ImportJob } from '@kelasku/contract';
import type { Db } from '../../db/client.js';
import { userImports } from '../../db/schema.js';
import { HttpError, notFound } from '../../http/errors.js';
import type { App } from '../../types.js';
import type { Credential } from './write.js';
import { slipsUntil, sweepExpiredSlips } from './queries.js';

type ImportRow = typeof userImports.$inferSelect;

/**
 * The first passwords an import or reset still holds: none once erased (every user signed in, or
 * slipsUntil passed — also before the sweep has run).
 */
function liveCredentials(row: ImportRow, now = new Date()): Credential[] {
  const list = (row.credentials as Credential[] | null) ?? [];
  return row.finishedAt !== null && slipsUntil(row.finishedAt) > now ? list : [];
}

/** What the import's page says of its slips. */
export function slipsOf(row: ImportRow): ImportJob['slips'] {
  const count = liveCredentials(row).length;
  return { pdf: count > 0, xlsx: count > 0, count, until: count > 0 ? slipsUntil(row.finishedAt!).toISOString() : null };
}

/**
 * The first passwords for the slips of import `id`, for the admin who made them only (404 for any
 * other); 410 once they are erased (an expired slip is erased on the spot).
 */
export async function takeSlips(db: Db, id: number, adminId: number): Promise<Credential[]> {
  const [row] = await db.select().from(userImports).where(eq(userImports.id, id));
  if (!row || row.createdBy !== adminId) throw notFound();
  if (row.status !== 'done') throw new HttpError(409, IMPORT_MSG.notFinished);
  const credentials = liveCredentials(row);
  if (credentials.length === 0) {
    if (row.credentials !== null) await sweepExpiredSlips(db);
    throw new HttpError(410, IMPORT_MSG.slipsGone);
  }
  return credentials;
}

export const SLIP_SWEEP_QUEUE = 'slip-sweep';

/** Every 10 minutes one instance erases the slips past their 7 days (one idempotent statement; any instance may run it). */
export async function registerSlipSweep(app: App): Promise<void> {
  await app.jobs.every(
    SLIP_SWEEP_QUEUE,
    '*/10 * * * *',
    async () => {
      const erased = await sweepExpiredSlips(app.db);
      if (erased > 0) app.log.info({ erased }, 'expired first-password slips erased');
    },
    { expireInSeconds: 120 },
  );
}

export interface School {
  name: string;
  address: string;
}

/** pdf-lib's standard fonts speak WinAnsi only: any other character becomes "?" rather than failing. */
const winAnsi = (s: string) => s.replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?');

const ROLE_LABEL = { student: 'Siswa', teacher: 'Guru', parent: 'Orang Tua' } as const;

/** The slip's line under the name: "Siswa - X TKJ 1", or a parent's "Orang Tua - Ayah dari Agus Salim (X TKJ 1)". */
const roleLine = (c: Credential) =>
  c.role === 'parent' && c.child ? `${ROLE_LABEL.parent} - ${c.child}` : `${ROLE_LABEL[c.role]}${c.rombel ? ` - ${c.rombel}` : ''}`;

/**
 * Printable sign-in slips on A4: ten to a page (2 × 5) with cut lines, each with the school,
 * the name, rombel, username and first password, and how to sign in.
 */
export async function slipsPdf(credentials: Credential[], school: School, appUrl: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Slip akun Kelasku - ${school.name}`);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const mono = await pdf.embedFont(StandardFonts.CourierBold);
  const [W, H] = [595.28, 841.89];
  const margin = 28;
  const cols = 2;
  const rows = 5;
  const cw = (W - 2 * margin) / cols;
  const ch = (H - 2 * margin) / rows;
  credentials.forEach((c, i) => {
    const page = i % (cols * rows) === 0 ? pdf.addPage([W, H]) : pdf.getPages().at(-1)!;
    const slot = i % (cols * rows);
    const x = margin + (slot % cols) * cw;
    const top = H - margin - Math.floor(slot / cols) * ch;
    page.drawRectangle({
      x,
      y: top - ch,
      width: cw,
      height: ch,
      borderColor: rgb(0.6, 0.6, 0.6),
      borderWidth: 0.5,
      borderDashArray: [4, 3],
    });
    const line = (text: string, dy: number, size = 9, f = font) =>
      page.drawText(winAnsi(text), { x: x + 12, y: top - dy, size, font: f, maxWidth: cw - 24 });
    line(school.name, 20, 10, bold);
    if (school.address) line(school.address, 32, 7.5);
    line(`${c.name}`, 54, 11, bold);
    line(roleLine(c), 68);
    line('Username', 88, 8);
    line(c.username, 101, 12, mono);
    line('Password awal', 119, 8);
    line(c.password, 132, 12, mono);
    line(`Masuk di ${appUrl} lalu ganti password saat diminta.`, 150, 7.5);
  });
  if (credentials.length === 0) pdf.addPage([W, H]);
  return Buffer.from(await pdf.save());
}

/** The same slips as a spreadsheet (for a mail merge or a class WhatsApp list the school makes itself). */
export async function slipsXlsx(credentials: Credential[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Akun');
  ws.columns = [
    { header: 'Nama', key: 'name', width: 30 },
    { header: 'Peran', key: 'role', width: 8 },
    { header: 'Rombel', key: 'rombel', width: 16 },
    { header: 'Username', key: 'username', width: 22 },
    { header: 'Password awal', key: 'password', width: 16 },
    { header: 'Anak (untuk orang tua)', key: 'child', width: 40 },
  ];
  ws.getRow(1).font = { bold: true };
  for (const c of credentials) ws.addRow({ ...c, role: ROLE_LABEL[c.role], rombel: c.rombel ?? '', child: c.child ?? '' });
  return Buffer.from(await wb.xlsx.writeBuffer());
}
