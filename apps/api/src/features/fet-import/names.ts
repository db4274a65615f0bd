/** How FET's names become Kelasku's: teachers, rombels, subjects (docs/features/timetable.md). */

const ROMAN: Record<string, number> = { x: 10, xi: 11, xii: 12, '10': 10, '11': 11, '12': 12 };
const ROMAN_OF: Record<number, string> = { 10: 'X', 11: 'XI', 12: 'XII' };

/** "05 WAHYU AMIN, S.Pd." → "05 WAHYU AMIN, S.Pd." without its leading number and extra spaces. */
const stripNumber = (fetName: string) =>
  fetName
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\d+[\s.)\-_]*/, '');

/** "05 WAHYU AMIN, S.Pd." → "Wahyu Amin, S.Pd.": number stripped, the name in title case, titles as written. */
export function teacherDisplayName(fetName: string): string {
  const clean = stripNumber(fetName);
  const comma = clean.indexOf(',');
  const [name, degrees] = comma < 0 ? [clean, ''] : [clean.slice(0, comma), clean.slice(comma)];
  const titled = name
    .split(' ')
    .map((w) => (w.includes('.') ? w : w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()))
    .join(' ');
  return `${titled}${degrees}`.slice(0, 100);
}

/**
 * The key two spellings of one person share: no number, no degrees (after the first comma), no
 * short titles ending with a dot (Drs. H. Hj. Dr. Ir.), letters only, lower case.
 * "01 Drs. H. ANDI SUSANTO, M.Pd." and "1 Andi  Susanto" → "andi susanto".
 */
export function teacherKey(name: string): string {
  const head = stripNumber(name).split(',')[0]!;
  return head
    .split(' ')
    .filter((w) => !/^[A-Za-z]{1,4}\.$/.test(w))
    .join(' ')
    .toLowerCase()
    .replace(/[^a-z ]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** An 18-digit NIP written in the FET name, or null. */
export const nipIn = (fetName: string) => /\b(\d{18})\b/.exec(fetName.replace(/\s/g, ' '))?.[1] ?? null;

export interface RombelName {
  grade: number;
  /** The department's short name ("TKJ"). */
  department: string;
  /** "XII TKJ 1". */
  name: string;
}

/** "12 TKJ 1" or "XII TKJ 1" → grade 12, TKJ, "XII TKJ 1"; "10 BB" → "X BB"; anything else → null. */
export function rombelOf(group: string): RombelName | null {
  const m = /^(10|11|12|x|xi|xii)\s+([a-z][a-z0-9]{0,19})(?:\s+(\d{1,2}))?$/i.exec(group.replace(/\s+/g, ' ').trim());
  if (!m) return null;
  const grade = ROMAN[m[1]!.toLowerCase()]!;
  const department = m[2]!.toUpperCase();
  return { grade, department, name: `${ROMAN_OF[grade]} ${department}${m[3] ? ` ${m[3]}` : ''}` };
}

/** "BAHASA INGGRIS" → "Bahasa Inggris"; a single word of at most 4 letters stays as written ("PKN", "KKPI"). */
export function subjectName(fetName: string): string {
  const words = fetName.replace(/\s+/g, ' ').trim().split(' ');
  if (words.length === 1 && words[0]!.length <= 4) return words[0]!.toUpperCase();
  return words
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase())
    .join(' ')
    .slice(0, 150);
}

/** "MATEMATIKA" → "MATEMATIKA" (one word: itself, at most 10 letters); "BAHASA INGGRIS" → "BAHING" (3 letters of each word). */
export function subjectCode(fetName: string): string {
  const words = fetName
    .toUpperCase()
    .replace(/[^A-Z0-9 ]/g, '')
    .split(' ')
    .filter(Boolean);
  if (words.length === 0) return 'MAPEL';
  if (words.length === 1) return words[0]!.slice(0, 10);
  return words
    .map((w) => w.slice(0, 3))
    .join('')
    .slice(0, 12);
}
