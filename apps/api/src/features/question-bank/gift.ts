/**
 * GIFT, Moodle's text format for questions: a reader that turns a file into question bodies (still
 * to be checked by the contract's questionBody) or line-numbered problems, and a writer whose
 * output the reader reads back into the same questions.
 *
 * Read: `::title::` (optional; the text when there is no other), `{=right ~wrong}`, `{=a =b}` short
 * answer, `{T}`/`{F}`/`{TRUE}`/`{FALSE}`, `{=left -> right …}` matching, `{#3.14:0.01}`, `{#1..5}`
 * and `{#=3:0 =4:0}` numeric (short answer with a tolerance), `{}` essay, `%50%` weights (several
 * positive weights: multiple answer), `#feedback` (dropped), `// comments` and `$CATEGORY:` lines
 * (ignored), escapes `\~ \= \# \{ \} \: \\` and `\n`, `[html]`/`[markdown]`… markers (dropped),
 * text after the answers (a blank `_____` where the answers stood). Questions are separated by a
 * blank line; a blank line inside an open `{` does not end the question.
 *
 * Two comment lines carry what GIFT has no place for (Moodle ignores them): `// poin: 5` (the
 * question's points) and `// jenis: multiple_answer` (a multiple-answer question with one right option).
 */
import { QUESTION_MSG, parseNumberAnswer, type QuestionKey, type QuestionType } from '@kelasku/contract';

/** A question as read, to be checked by questionBody; `line` is where it starts in the file. */
export interface ImportCandidate {
  line: number;
  body: { type: QuestionType; text: string; points: unknown; data: unknown };
}
export interface ImportProblem {
  line: number;
  message: string;
}

class GiftError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

const ESCAPABLE = new Set(['~', '=', '#', '{', '}', ':', '\\']);

/** The text with GIFT's escapes resolved. */
function unescape(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === '\\' && i + 1 < s.length) {
      const n = s[i + 1]!;
      if (ESCAPABLE.has(n)) out += n;
      else if (n === 'n') out += '\n';
      else out += c + n;
      i++;
    } else out += c;
  }
  return out;
}

/** Index of the first unescaped `token` at or after `from`, or -1. */
function findUnescaped(s: string, token: string, from = 0): number {
  for (let i = from; i < s.length; i++) {
    if (s[i] === '\\') {
      i++;
      continue;
    }
    if (s.startsWith(token, i)) return i;
  }
  return -1;
}

/** Whether a `{` is still open after this line (escapes respected; GIFT has no nesting). */
function openAfter(open: boolean, line: string): boolean {
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '\\') i++;
    else if (c === '{') open = true;
    else if (c === '}') open = false;
  }
  return open;
}

interface Hints {
  points?: number;
  type?: string;
}

interface Block {
  start: number;
  lines: Array<{ line: number; text: string }>;
  hints: Hints;
  open: boolean;
}

const HINT_POINTS = /^\/\/\s*poin\s*:\s*(\S+)\s*$/i;
const HINT_TYPE = /^\/\/\s*jenis\s*:\s*([a-z_]+)\s*$/i;

/** The lines of a text with their 1-based numbers, one at a time (the text is never split whole). */
function* linesOf(text: string): Generator<{ line: number; raw: string }> {
  let at = 0;
  for (let line = 1; at <= text.length; line++) {
    let end = text.indexOf('\n', at);
    if (end < 0) end = text.length;
    yield { line, raw: text.slice(at, end) };
    at = end + 1;
  }
}

/** Splits a file into question blocks, one at a time, dropping comments and $CATEGORY lines, keeping line numbers. */
function* blocksOf(text: string): Generator<Block> {
  let pending: Hints = {};
  let cur: Block | null = null;
  for (const { line, raw } of linesOf(text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n'))) {
    const trimmed = raw.trim();
    if (trimmed.startsWith('//')) {
      const hints = cur ? cur.hints : pending;
      const p = HINT_POINTS.exec(trimmed);
      if (p) hints.points = Number(p[1]!.replace(',', '.'));
      const t = HINT_TYPE.exec(trimmed);
      if (t) hints.type = t[1]!.toLowerCase();
      continue;
    }
    if (/^\$CATEGORY:/i.test(trimmed)) continue;
    if (trimmed === '') {
      if (cur && !cur.open) {
        yield cur;
        cur = null;
      } else if (cur) cur.lines.push({ line, text: '' });
      continue;
    }
    if (!cur) {
      cur = { start: line, lines: [], hints: pending, open: false };
      pending = {};
    }
    cur.lines.push({ line, text: raw });
    cur.open = openAfter(cur.open, raw);
  }
  if (cur) yield cur;
}

/** One block's source with a way back from an offset to its line in the file. */
function sourceOf(block: Block): { src: string; lineAt: (offset: number) => number } {
  const starts: number[] = [];
  let offset = 0;
  for (const l of block.lines) {
    starts.push(offset);
    offset += l.text.length + 1;
  }
  const lineAt = (at: number) => {
    let i = 0;
    while (i + 1 < starts.length && starts[i + 1]! <= at) i++;
    return block.lines[i]!.line;
  };
  return { src: block.lines.map((l) => l.text).join('\n'), lineAt };
}

const FORMAT_MARKER = /^\[(html|moodle|plain|markdown)\]\s*/i;

interface Item {
  marker: '=' | '~';
  /** Raw text (escapes unresolved) without weight and feedback. */
  raw: string;
  weight: number | null;
}

/** The answers of a block: each starts at an unescaped `=` or `~`; its `%w%` weight and `#feedback` split off. */
function itemsOf(body: string, line: number): Item[] {
  const items: Item[] = [];
  let cur: { marker: '=' | '~'; start: number } | null = null;
  const close = (end: number) => {
    if (!cur) return;
    let raw = body.slice(cur.start, end);
    const hash = findUnescaped(raw, '#');
    if (hash >= 0) raw = raw.slice(0, hash);
    let weight: number | null = null;
    const w = /^\s*%(-?\d+(?:[.,]\d+)?)%/.exec(raw);
    if (w) {
      weight = Number(w[1]!.replace(',', '.'));
      raw = raw.slice(w[0].length);
    }
    items.push({ marker: cur.marker, raw, weight });
  };
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === '=' || c === '~') {
      close(i);
      cur = { marker: c, start: i + 1 };
    } else if (!cur && !/\s/.test(c)) throw new GiftError(line, QUESTION_MSG.giftBadAnswer);
  }
  close(body.length);
  return items;
}

/** `{#…}`: one number with an optional `:tolerance`, a `min..max` range, or several `=` answers with one tolerance. */
function numericOf(body: string, line: number): { answers: string[]; tolerance: number } {
  const specs = body.trim().startsWith('=') ? itemsOf(body, line) : [{ marker: '=' as const, raw: body.split('#')[0]!, weight: null }];
  const answers: string[] = [];
  let tolerance: number | null = null;
  for (const item of specs) {
    if (item.marker === '~' || (item.weight !== null && item.weight !== 100)) throw new GiftError(line, QUESTION_MSG.giftPartial);
    const spec = unescape(item.raw).trim();
    let value: number | null;
    let tol: number | null;
    const range = spec.indexOf('..');
    const colon = spec.indexOf(':');
    if (range > 0) {
      const lo = parseNumberAnswer(spec.slice(0, range));
      const hi = parseNumberAnswer(spec.slice(range + 2));
      value = lo === null || hi === null || hi < lo ? null : (lo + hi) / 2;
      tol = lo === null || hi === null ? null : (hi - lo) / 2;
    } else if (colon > 0) {
      value = parseNumberAnswer(spec.slice(0, colon));
      tol = parseNumberAnswer(spec.slice(colon + 1));
    } else {
      value = parseNumberAnswer(spec);
      tol = 0;
    }
    if (value === null || tol === null || tol < 0) throw new GiftError(line, QUESTION_MSG.giftNumber);
    if (tolerance !== null && Math.abs(tolerance - tol) > 1e-12) throw new GiftError(line, QUESTION_MSG.giftTolerances);
    tolerance = tol;
    answers.push(String(value));
  }
  if (answers.length === 0 || tolerance === null) throw new GiftError(line, QUESTION_MSG.giftNumber);
  return { answers, tolerance };
}

/** The type and data of an answer block. */
function answersOf(body: string, line: number, hints: Hints): { type: QuestionType; data: unknown } {
  const trimmed = body.trim();
  if (trimmed === '') return { type: 'essay', data: {} };
  const tf = /^(T|TRUE|F|FALSE)\s*(#[\s\S]*)?$/i.exec(trimmed);
  if (tf) return { type: 'true_false', data: { answer: tf[1]!.toUpperCase().startsWith('T') } };
  if (trimmed.startsWith('#')) return { type: 'short_answer', data: numericOf(trimmed.slice(1), line) };
  const items = itemsOf(body, line);
  if (items.length === 0) throw new GiftError(line, QUESTION_MSG.giftBadAnswer);
  const allRight = items.every((i) => i.marker === '=');
  if (allRight && items.some((i) => i.raw.includes('->'))) {
    return {
      type: 'matching',
      data: {
        pairs: items.map((i) => {
          const arrow = i.raw.indexOf('->');
          if (arrow < 0) throw new GiftError(line, QUESTION_MSG.giftPair);
          return { left: unescape(i.raw.slice(0, arrow)).trim(), right: unescape(i.raw.slice(arrow + 2)).trim() };
        }),
      },
    };
  }
  if (allRight) {
    if (items.some((i) => i.weight !== null && i.weight !== 100)) throw new GiftError(line, QUESTION_MSG.giftPartial);
    return { type: 'short_answer', data: { answers: items.map((i) => unescape(i.raw).trim()), tolerance: null } };
  }
  const options = items.map((i) => ({
    text: unescape(i.raw).trim(),
    correct: (i.weight ?? (i.marker === '=' ? 100 : 0)) > 0,
  }));
  const correct = options.filter((o) => o.correct).length;
  if (correct === 0) throw new GiftError(line, QUESTION_MSG.giftNoCorrect);
  return { type: correct > 1 || hints.type === 'multiple_answer' ? 'multiple_answer' : 'multiple_choice', data: { options } };
}

function candidateOf(block: Block): ImportCandidate {
  const { src, lineAt } = sourceOf(block);
  let rest = src;
  let restAt = 0;
  let title = '';
  const lead = rest.length - rest.trimStart().length;
  if (rest.startsWith('::', lead)) {
    const end = findUnescaped(rest, '::', lead + 2);
    if (end < 0) throw new GiftError(block.start, QUESTION_MSG.giftTitleUnclosed);
    title = unescape(rest.slice(lead + 2, end)).trim();
    restAt = end + 2;
    rest = rest.slice(restAt);
  }
  const open = findUnescaped(rest, '{');
  const strayClose = findUnescaped(rest, '}');
  if (strayClose >= 0 && (open < 0 || strayClose < open)) throw new GiftError(lineAt(restAt + strayClose), QUESTION_MSG.giftBrace);
  if (open < 0) throw new GiftError(block.start, QUESTION_MSG.giftNoAnswer);
  const openLine = lineAt(restAt + open);
  const close = findUnescaped(rest, '}', open + 1);
  if (close < 0) throw new GiftError(openLine, QUESTION_MSG.giftUnclosed);
  const nested = findUnescaped(rest, '{', open + 1);
  if (nested >= 0 && nested < close) throw new GiftError(lineAt(restAt + nested), QUESTION_MSG.giftBrace);
  const after = rest.slice(close + 1);
  for (const brace of ['{', '}']) {
    const at = findUnescaped(after, brace);
    if (at >= 0) throw new GiftError(lineAt(restAt + close + 1 + at), QUESTION_MSG.giftBrace);
  }
  let text = unescape(rest.slice(0, open)).trim().replace(FORMAT_MARKER, '');
  const tail = unescape(after);
  if (tail.trim() !== '') text = `${text} _____${/^\s/.test(tail) ? ' ' : ''}${tail.trim()}`;
  if (text === '') text = title;
  const { type, data } = answersOf(rest.slice(open + 1, close), openLine, block.hints);
  return { line: block.start, body: { type, text, points: block.hints.points ?? 1, data } };
}

/**
 * Reads a GIFT file: the questions it holds (unchecked) and its syntax problems, each with its line.
 * At most `max` questions are read (`truncated` when more follow; the reading stops there).
 */
export function parseGift(
  text: string,
  max: number = Number.MAX_SAFE_INTEGER,
): { candidates: ImportCandidate[]; problems: ImportProblem[]; truncated: boolean } {
  const candidates: ImportCandidate[] = [];
  const problems: ImportProblem[] = [];
  for (const block of blocksOf(text)) {
    if (candidates.length + problems.length === max) return { candidates, problems, truncated: true };
    try {
      candidates.push(candidateOf(block));
    } catch (err) {
      if (!(err instanceof GiftError)) throw err;
      problems.push({ line: err.line, message: err.message });
    }
  }
  return { candidates, problems, truncated: false };
}

// ---------------------------------------------------------------- writing

/** Text as GIFT writes it: special characters escaped, line breaks as `\n`. */
export function escapeGift(s: string): string {
  return s
    .replace(/\r\n?/g, '\n')
    .replace(/[\\~=#{}:]/g, (c) => `\\${c}`)
    .replace(/\n/g, '\\n');
}

/** Weights as Moodle accepts them (100, 50, 33.33333, …). */
const weight = (n: number) => String(Number((100 / n).toFixed(5)));

function answerBlock(q: QuestionKey): string {
  switch (q.type) {
    case 'multiple_choice':
      return `{\n${q.data.options.map((o) => `${o.correct ? '=' : '~'}${escapeGift(o.text)}`).join('\n')}\n}`;
    case 'multiple_answer': {
      const w = weight(q.data.options.filter((o) => o.correct).length || 1);
      return `{\n${q.data.options.map((o) => `~%${o.correct ? w : '-100'}%${escapeGift(o.text)}`).join('\n')}\n}`;
    }
    case 'true_false':
      return q.data.answer ? '{T}' : '{F}';
    case 'short_answer':
      if (q.data.tolerance === null) return `{${q.data.answers.map((a) => `=${escapeGift(a)}`).join(' ')}}`;
      if (q.data.answers.length === 1) return `{#${q.data.answers[0]}:${q.data.tolerance}}`;
      return `{#${q.data.answers.map((a) => `=${a}:${q.data.tolerance}`).join(' ')}}`;
    case 'matching':
      return `{\n${q.data.pairs.map((p) => `=${escapeGift(p.left)} -> ${escapeGift(p.right)}`).join('\n')}\n}`;
    case 'essay':
      return '{}';
  }
}

/**
 * A category's questions as a GIFT file: a `$CATEGORY:` line, then per question its points (and,
 * for a multiple-answer question with one right option, its type) as comments, a `::Soal n::`
 * title, the text and the answers. Images have no place in GIFT and are left out.
 */
export function writeGift(categoryName: string, questions: Array<QuestionKey & { text: string; points: number }>): string {
  const parts = [
    `// Bank Soal Kelasku — ${categoryName.replace(/[\r\n]+/g, ' ')}`,
    `$CATEGORY: ${categoryName.replace(/[\r\n]+/g, ' ')}`,
    '',
  ];
  questions.forEach((q, i) => {
    parts.push(`// poin: ${q.points}`);
    if (q.type === 'multiple_answer' && q.data.options.filter((o) => o.correct).length === 1) parts.push('// jenis: multiple_answer');
    parts.push(`::Soal ${i + 1}:: ${escapeGift(q.text)} ${answerBlock(q)}`, '');
  });
  return parts.join('\n');
}
