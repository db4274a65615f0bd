/**
 * Names of the folders and files inside the ZIP: safe on Windows, macOS and Linux (no folder
 * separators, no characters those refuse, no device names, no trailing dot or space), and unique
 * within their folder ignoring case, as Windows and macOS compare them.
 */

// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"<>|*?:/\\]/g;
const DEVICE = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\.|$)/i;

/** `raw` made safe as one path segment of at most `max` characters (the extension kept); `fallback` when nothing is left. */
export function safeSegment(raw: string, fallback: string, max: number): string {
  let s = raw
    .normalize('NFC')
    .replace(UNSAFE, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[. ]+/, '')
    .replace(/[. ]+$/, '');
  if (!s) s = fallback;
  if (DEVICE.test(s)) s = `_${s}`;
  if (s.length <= max) return s;
  const dot = s.lastIndexOf('.');
  const ext = dot > 0 && s.length - dot <= 11 ? s.slice(dot) : '';
  return s.slice(0, max - ext.length).trimEnd() + ext;
}

/** Hands out names unique within one folder: "foto.jpg", "foto (2).jpg", … */
export class UniqueNames {
  private readonly taken = new Set<string>();

  take(name: string): string {
    const dot = name.lastIndexOf('.');
    const [base, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = name;
    for (let n = 2; this.taken.has(candidate.toLowerCase()); n++) candidate = `${base} (${n})${ext}`;
    this.taken.add(candidate.toLowerCase());
    return candidate;
  }
}

/** The student's folder: "NIS - Nama", or the name alone without a NIS. */
export const studentFolder = (nis: string | null, name: string) => safeSegment(nis?.trim() ? `${nis.trim()} - ${name}` : name, 'Siswa', 80);

/** A file's name in its folder. */
export const fileName = (originalName: string) => safeSegment(originalName, 'file', 150);
