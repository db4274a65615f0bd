/**
 * Reads the rows of an uploaded XLSX with exceljs's streaming reader, with a row cap applied while
 * reading: the reading stops at the first row past the cap, so a sheet of 300,000 rows costs what
 * cap + 1 rows cost, and memory stays small whatever the file (docs/limits.md).
 *
 * The streaming reader parses a worksheet as it inflates only when the workbook's relations and
 * shared strings came before it in the ZIP; otherwise it first writes the whole inflated sheet to a
 * temporary file (Excel and exceljs both store the shared strings last). So the file's entries are
 * handed to it in that order ({@link readingOrder}): the ZIP's own central directory says where each
 * entry lies, and only the entries a reader needs are passed on. The shared strings (all kept in
 * memory) and the other parts read whole must inflate to at most a few megabytes, and no row of a
 * worksheet may be longer than {@link ROW_STRETCH_MAX}; checked by a streaming inflate that stops at
 * the first breach (a small file that inflates to gigabytes is refused, holding nothing).
 *
 * Parsing yields to the event loop between the reader's chunks (a few hundred rows each), so other
 * users are served while a big file is read.
 */
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import ExcelJS from 'exceljs';

const MB = 1024 * 1024;
/** The file is handed to the reader this many compressed bytes at a time. */
const PIECE = 4 * 1024;
/**
 * The most a worksheet may inflate to. Only counted (a 300,000-row sheet is about 40 MB, read up to
 * its cap); it bounds the time a compressed bomb costs.
 */
export const INFLATED_MAX = 256 * MB;
/** The longest stretch of a worksheet between two rows: the most one row (or one text) may take. */
export const ROW_STRETCH_MAX = 4 * MB;
/** The most the shared strings (kept in memory whole) may inflate to. */
export const SHARED_STRINGS_MAX = 8 * MB;
/** The most the workbook, its relations and its styles (each read whole) may inflate to. */
const PART_MAX = 4 * MB;

/** The file is no XLSX exceljs can read. */
export class NotXlsxError extends Error {}
/** The file is bigger inside than any sheet within the caps (a compressed bomb). */
export class XlsxTooBigError extends Error {}

export interface XlsxRow {
  /** The row's 1-based number in the sheet. */
  line: number;
  /** Its cells by column, 0-based (exceljs values: text, number, Date, rich text, formula…). */
  values: ExcelJS.CellValue[];
}

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  localOffset: number;
  /** Where the entry's local record ends (the next record, or the central directory). */
  end: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** The central directory's entries, or null for what is no plain ZIP (too short, ZIP64, inconsistent). */
function centralDirectory(bytes: Buffer): { entries: ZipEntry[]; cdOffset: number } | null {
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65535); i--) {
    if (bytes.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = bytes.readUInt16LE(eocd + 10);
  const cdOffset = bytes.readUInt32LE(eocd + 16);
  if (count === 0xffff || cdOffset === 0xffffffff || cdOffset >= eocd) return null;
  const entries: ZipEntry[] = [];
  let at = cdOffset;
  for (let n = 0; n < count; n++) {
    if (at + 46 > eocd || bytes.readUInt32LE(at) !== CENTRAL) return null;
    const nameLength = bytes.readUInt16LE(at + 28);
    const localOffset = bytes.readUInt32LE(at + 42);
    if (localOffset + 30 > cdOffset || bytes.readUInt32LE(localOffset) !== LOCAL) return null;
    entries.push({
      name: bytes.toString('utf8', at + 46, at + 46 + nameLength),
      method: bytes.readUInt16LE(at + 10),
      compressedSize: bytes.readUInt32LE(at + 20),
      localOffset,
      end: cdOffset,
    });
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  const byOffset = [...entries].sort((a, b) => a.localOffset - b.localOffset);
  byOffset.forEach((e, i) => (e.end = byOffset[i + 1]?.localOffset ?? cdOffset));
  return { entries, cdOffset };
}

const ROW_TAG = Buffer.from('<row');

/** What a worksheet is checked for: its row tags, only as far as the reader will read. */
interface SheetCheck {
  /** The longest stretch allowed between two `<row` tags (nor before the first or after the last). */
  rowStretch: number;
  /** Row tags after which checking (and reading) stops. */
  rowTags: number;
}

/**
 * Whether the entry inflates to at most `max` bytes and, for a worksheet, holds no stretch longer
 * than `sheet.rowStretch` between two `<row` tags up to its `sheet.rowTags`-th: the reader keeps one
 * row in memory at a time, so a row (or a text) of gigabytes must never reach it. Inflated as a
 * stream that stops at the first breach, or once as many rows as will be read were seen; nothing
 * of it is kept.
 */
async function inflatesWithin(bytes: Buffer, entry: ZipEntry, max: number, sheet?: SheetCheck): Promise<boolean> {
  const local = entry.localOffset;
  const dataAt = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
  const data = bytes.subarray(dataAt, Math.min(dataAt + entry.compressedSize, entry.end));
  if (entry.method !== 0 && entry.method !== 8) return true; // exceljs refuses it anyway
  const inflate = entry.method === 0 ? Readable.from([data]) : zlib.createInflateRaw();
  return new Promise((resolve) => {
    let size = 0;
    let lastRow = 0;
    let tags = 0;
    let tail: Buffer = Buffer.alloc(0);
    const stop = (ok: boolean) => {
      inflate.destroy();
      resolve(ok);
    };
    inflate.on('data', (chunk: Buffer) => {
      if (sheet) {
        // A tag split between the previous chunk and this one is found in the few bytes around the seam.
        const seam = Buffer.concat([tail, chunk.subarray(0, ROW_TAG.length - 1)]);
        for (let at = seam.indexOf(ROW_TAG); at >= 0; at = seam.indexOf(ROW_TAG, at + 1))
          [lastRow, tags] = [size - tail.length + at, tags + 1];
        for (let at = chunk.indexOf(ROW_TAG); at >= 0; at = chunk.indexOf(ROW_TAG, at + 1)) [lastRow, tags] = [size + at, tags + 1];
        tail = chunk.subarray(Math.max(0, chunk.length - ROW_TAG.length + 1));
      }
      size += chunk.length;
      if (size > max || (sheet && size - lastRow > sheet.rowStretch)) stop(false);
      else if (sheet && tags > sheet.rowTags) stop(true);
    });
    inflate.on('end', () => resolve(true));
    // A broken stream is for exceljs to refuse.
    inflate.on('error', () => resolve(true));
    if (inflate instanceof zlib.InflateRaw) inflate.end(data);
  });
}

const SHARED_STRINGS = 'xl/sharedStrings.xml';
const EMPTY_SST = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"/>',
);

/** A stored (uncompressed) ZIP record of `name` holding `data`. */
function storedRecord(name: string, data: Buffer): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(LOCAL, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt32LE(zlib.crc32(data), 14);
  header.writeUInt32LE(data.length, 18);
  header.writeUInt32LE(data.length, 22);
  header.writeUInt16LE(Buffer.byteLength(name), 26);
  return Buffer.concat([header, Buffer.from(name), data]);
}

const sheetNumber = (name: string) => Number(/^xl\/worksheets\/sheet(\d+)\.xml$/.exec(name)?.[1] ?? NaN);

/**
 * The file as the streaming reader reads it without temporary files: the workbook's relations,
 * the workbook, the styles (date formats), the shared strings (an empty table when there is none),
 * then the worksheets by number, then the central directory. Null when the ZIP cannot be walked
 * (exceljs then reads, or refuses, the file as it is).
 */
async function readingOrder(bytes: Buffer, rowTags: number): Promise<Buffer | null> {
  let zip: ReturnType<typeof centralDirectory>;
  try {
    zip = centralDirectory(bytes);
  } catch {
    zip = null; // an offset past the end
  }
  if (!zip) return null;
  const find = (name: string) => zip.entries.find((e) => e.name === name);
  const sheets = zip.entries.filter((e) => !Number.isNaN(sheetNumber(e.name))).sort((a, b) => sheetNumber(a.name) - sheetNumber(b.name));
  const shared = find(SHARED_STRINGS);
  const parts = ['xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/styles.xml'].map(find);
  for (const part of parts) if (part && !(await inflatesWithin(bytes, part, PART_MAX))) throw new XlsxTooBigError();
  if (shared && !(await inflatesWithin(bytes, shared, SHARED_STRINGS_MAX))) throw new XlsxTooBigError();
  const check = { rowStretch: ROW_STRETCH_MAX, rowTags };
  for (const sheet of sheets) if (!(await inflatesWithin(bytes, sheet, INFLATED_MAX, check))) throw new XlsxTooBigError();
  const record = (e: ZipEntry | undefined) => (e ? [bytes.subarray(e.localOffset, e.end)] : []);
  return Buffer.concat([
    ...parts.flatMap(record),
    ...(shared ? record(shared) : [storedRecord(SHARED_STRINGS, EMPTY_SST)]),
    ...sheets.flatMap(record),
    bytes.subarray(zip.cdOffset),
  ]);
}

const hasValue = (v: ExcelJS.CellValue) => v !== null && v !== undefined && v !== '';

/** The worksheet's name as the workbook lists it (exceljs sets it on the reader; its types leave it out). */
const nameOf = (sheet: ExcelJS.stream.xlsx.WorksheetReader) => (sheet as unknown as { name?: string }).name;

/** Small pieces of the file, with the event loop given back before each (the reader's work comes in small slices). */
async function* pieces(bytes: Buffer): AsyncGenerator<Buffer> {
  for (let at = 0; at < bytes.length; at += PIECE) {
    await new Promise((resolve) => setImmediate(resolve));
    yield bytes.subarray(at, at + PIECE);
  }
}

/**
 * The rows with values of the first worksheet that `pick` accepts by name (default: the first one),
 * read as the file inflates; the caller stops reading when it has enough (its cap + 1). Yields
 * nothing when no worksheet is picked. At most `rowTags` rows are read, those without values
 * included (a sheet with more, before the caller has enough, is refused as too long). Throws
 * NotXlsxError for a file exceljs cannot read, XlsxTooBigError for one past the limits.
 */
/** How many rows (with values or not) a reader that wants `rows` rows with values may read: room for empty formatted rows. */
export const rowTagsFor = (rows: number) => Math.min(Number.MAX_SAFE_INTEGER, 4 * rows + 1_000);

export async function* xlsxRows(
  bytes: Buffer,
  pick: (sheetName: string | undefined) => boolean = () => true,
  rowTags: number = Number.MAX_SAFE_INTEGER,
): AsyncGenerator<XlsxRow> {
  const ordered = (await readingOrder(bytes, rowTags)) ?? bytes;
  const input = Readable.from(pieces(ordered));
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
  });
  try {
    let sheets: AsyncIterator<ExcelJS.stream.xlsx.WorksheetReader>;
    let sheet: ExcelJS.stream.xlsx.WorksheetReader | undefined;
    try {
      sheets = reader[Symbol.asyncIterator]();
      for (let next = await sheets.next(); !next.done; next = await sheets.next()) {
        if (pick(nameOf(next.value))) {
          sheet = next.value;
          break;
        }
      }
    } catch (err) {
      throw new NotXlsxError((err as Error).message);
    }
    if (!sheet) return;
    const rows = sheet[Symbol.asyncIterator]();
    for (let read = 0; ; read++) {
      // Rows past the checked ones are never read.
      if (read >= rowTags) throw new XlsxTooBigError();
      let next: IteratorResult<ExcelJS.Row>;
      try {
        next = await rows.next();
      } catch (err) {
        throw new NotXlsxError((err as Error).message);
      }
      if (next.done) return;
      const values = Array.isArray(next.value.values) ? (next.value.values as ExcelJS.CellValue[]).slice(1) : [];
      if (values.some(hasValue)) yield { line: next.value.number, values: Array.from(values, (v) => v ?? null) };
    }
  } finally {
    input.destroy();
  }
}
