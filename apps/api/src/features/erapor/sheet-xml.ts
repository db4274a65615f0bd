/**
 * Writes numbers into a worksheet's XML in place, touching nothing else: each target <c> keeps its
 * reference and style (s="…"), loses its old value and type, and gets <v>number</v> (or nothing:
 * an empty cell). A cell or row the sheet lacks is inserted in column/row order. Everything else of
 * the file — the heading row, hidden columns, merges, protection, comments, widths — stays the same
 * bytes, which a load-and-save through exceljs does not promise (README in test/fixtures/erapor).
 */

/** 1-based column number of a column's letters ("A" 1, "AA" 27). */
export function columnNumber(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

/** Letters of a 1-based column number. */
export function columnLetters(n: number): string {
  let s = '';
  for (let v = n; v > 0; v = Math.floor((v - 1) / 26)) s = String.fromCharCode(65 + ((v - 1) % 26)) + s;
  return s;
}

const splitRef = (ref: string) => {
  const m = /^([A-Z]+)(\d+)$/.exec(ref)!;
  return { col: columnNumber(m[1]!), row: Number(m[2]) };
};

/** The attributes of a start tag ('r="A1" s="3" t="s"') as a map, in order. */
function attributes(tag: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of tag.matchAll(/([\w:]+)="([^"]*)"/g)) out.set(m[1]!, m[2]!);
  return out;
}

function cellXml(ref: string, style: string | undefined, value: number | null): string {
  const s = style !== undefined ? ` s="${style}"` : '';
  return value === null ? `<c r="${ref}"${s}/>` : `<c r="${ref}"${s}><v>${value}</v></c>`;
}

const CELL = /<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g;
const ROW = /<row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/row>)/g;

/** A row's inner XML with the given cells (column → value) written. */
function patchRow(inner: string, row: number, cells: Map<number, number | null>): string {
  const left = new Map(cells);
  let out = inner.replace(CELL, (whole, attrs: string) => {
    const a = attributes(attrs);
    const ref = a.get('r');
    if (!ref) return whole;
    const { col } = splitRef(ref);
    if (!left.has(col)) return whole;
    const value = left.get(col)!;
    left.delete(col);
    return cellXml(ref, a.get('s'), value);
  });
  for (const [col, value] of [...left].sort((x, y) => x[0] - y[0])) {
    const ref = `${columnLetters(col)}${row}`;
    let at = out.length;
    for (const m of out.matchAll(CELL)) {
      const r = attributes(m[1]!).get('r');
      if (r && splitRef(r).col > col) {
        at = m.index;
        break;
      }
    }
    out = out.slice(0, at) + cellXml(ref, undefined, value) + out.slice(at);
  }
  return out;
}

/** The sheet XML with every cell of `values` (A1 reference → number, null: empty) written. */
export function writeCells(xml: string, values: Map<string, number | null>): string {
  const byRow = new Map<number, Map<number, number | null>>();
  for (const [ref, v] of values) {
    const { col, row } = splitRef(ref);
    if (!byRow.has(row)) byRow.set(row, new Map());
    byRow.get(row)!.set(col, v);
  }
  const start = xml.indexOf('<sheetData');
  const end = xml.indexOf('</sheetData>');
  if (start < 0) return xml;
  if (end < 0) {
    // An empty <sheetData/>: only new rows.
    const rows = [...byRow.keys()].sort((a, b) => a - b).map((r) => `<row r="${r}">${patchRow('', r, byRow.get(r)!)}</row>`);
    return xml.replace(/<sheetData\s*\/>/, `<sheetData>${rows.join('')}</sheetData>`);
  }
  const open = xml.indexOf('>', start) + 1;
  let body = xml.slice(open, end).replace(ROW, (whole, attrs: string, inner: string | undefined) => {
    const r = Number(attributes(attrs).get('r'));
    const cells = byRow.get(r);
    if (!cells) return whole;
    byRow.delete(r);
    return `<row${attrs}>${patchRow(inner ?? '', r, cells)}</row>`;
  });
  for (const r of [...byRow.keys()].sort((a, b) => a - b)) {
    const rowXml = `<row r="${r}">${patchRow('', r, byRow.get(r)!)}</row>`;
    let at = body.length;
    for (const m of body.matchAll(ROW)) {
      if (Number(attributes(m[1]!).get('r')) > r) {
        at = m.index;
        break;
      }
    }
    body = body.slice(0, at) + rowXml + body.slice(at);
  }
  return xml.slice(0, open) + body + xml.slice(end);
}
