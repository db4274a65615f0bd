/**
 * GIFT, Moodle's text format for questions, read as Moodle's own importer reads it
 * (question/format/gift/format.php in moodle/moodle; our own code) and written back so that reading
 * the output gives the same questions.
 *
 * Read, as Moodle does: `::title::`, the first `{…}` is the answer part (text after it: a blank
 * `_____` where it stood), `####…` its general feedback; `{}` essay; `{#…}` numeric (several
 * `=%w%value:tolerance#feedback` or `min..max` answers, `~#…` a catch-all); an answer part with `~`
 * is a choice question, single choice iff some answer starts with `=` (each option's `%w%` is its
 * credit, negative too), else multiple answer; `=` and `->` matching (`= -> x` an unused right-hand
 * answer); `T`/`TRUE`/`F`/`FALSE` (`#wrong#right` feedback); else short answer (`=%w%answer#feedback`,
 * `*` a wildcard). Per-answer `#feedback`; `[html]`/`[markdown]`/`[plain]`/`[moodle]` markers before
 * any text (HTML made plain text, with a note); escapes `\~ \= \# \{ \} \: \\ \n`; `// comments`;
 * `$CATEGORY: a/b/c` puts the questions after it into category `c`.
 *
 * What Kelasku cannot hold at all (a description without answers, several answer parts) is skipped
 * with its reason; what it keeps with a loss is named in the question's notes. Two comment lines
 * carry what GIFT has no place for: `// poin: 5` (points) and `// jenis: multiple_answer`.
 */
import { QUESTION_LIMITS, QUESTION_MSG, parseNumberAnswer, type QuestionKey, type QuestionType } from '@kelasku/contract';

/** A question as read, to be checked by questionBody; `line` is where it starts in the file. */
export interface ImportCandidate {
  line: number;
  body: { type: QuestionType; text: string; points: unknown; data: unknown; title?: string | null; general_feedback?: string | null };
  /** The `$CATEGORY:` it stands under (its last segment), null: the category imported into. */
  category?: string | null;
  /** What could not be kept as written (Indonesian). */
  notes?: string[];
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

// ---------------------------------------------------------------- escapes

/*
 * Escaped control characters become private-use placeholders, each preceded by a filler so offsets
 * (and so line numbers) stay as in the file; `restore` turns them back into the characters.
 */
const FILL = '\uE00F';
const PLACEHOLDER: Record<string, string> = { ':': '\uE000', '#': '\uE001', '=': '\uE002', '{': '\uE003', '}': '\uE004', '~': '\uE005' };
const NEWLINE = '\uE006';
const BACK = new Map([...Object.entries(PLACEHOLDER).map(([c, p]) => [p, c] as const), [NEWLINE, '\n'] as const]);

function protect(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    const n = s[i + 1];
    const escaped = c !== '\\' || n === undefined ? undefined : n === '\\' ? '\\' : n === 'n' ? NEWLINE : PLACEHOLDER[n];
    if (escaped === undefined) {
      out += c;
    } else {
      out += FILL + escaped;
      i++;
    }
  }
  return out;
}

const restore = (s: string) => s.replace(/[\uE000-\uE00F]/g, (c) => (c === FILL ? '' : (BACK.get(c) ?? c)));

// ---------------------------------------------------------------- blocks

interface Hints {
  points?: number;
  type?: string;
}

interface Block {
  start: number;
  lines: Array<{ line: number; text: string }>;
  hints: Hints;
  category: string | null;
  open: boolean;
}

const HINT_POINTS = /^\/\/\s*poin\s*:\s*(\S+)\s*$/i;
const HINT_TYPE = /^\/\/\s*jenis\s*:\s*([a-z_]+)\s*$/i;
const CATEGORY_LINE = /^\$CATEGORY:/;
/** Moodle's context and top names in a category path, which name no category of ours. */
const CONTEXT_SEGMENT = /^(\$(course|system|module|cat)\$|top)$/i;

/** The lines of a text with their 1-based numbers, one at a time (the text is never split whole). */
function* linesOf(text: string): Generator<{ line: number; raw: string }> {
  let at = 0;
  for (let line = 1; at <= text.length; line++) {
    let end = text.indexOf('\n', at);
    if (end < 0) end = text.length;
    yield { line, raw: text.slice(at, end).replace(/\r$/, '') };
    at = end + 1;
  }
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

/** The category a `$CATEGORY: $course$/a/b` line names: its last segment (null for a context alone). */
function categoryName(line: string): string | null {
  const segments = line
    .slice('$CATEGORY:'.length)
    .split('/')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const last = segments.at(-1);
  return last === undefined || CONTEXT_SEGMENT.test(last) ? null : last.slice(0, QUESTION_LIMITS.categoryNameMax);
}

/** Splits a file into question blocks, one at a time, dropping comments, keeping line numbers and the current category. */
function* blocksOf(text: string): Generator<Block> {
  let pending: Hints = {};
  let category: string | null = null;
  let cur: Block | null = null;
  for (const { line, raw } of linesOf(text.replace(/^\uFEFF/, ''))) {
    const trimmed = raw.trim();
    if (trimmed.startsWith('//')) {
      const hints = cur ? cur.hints : pending;
      const p = HINT_POINTS.exec(trimmed);
      if (p) hints.points = Number(p[1]!.replace(',', '.'));
      const t = HINT_TYPE.exec(trimmed);
      if (t) hints.type = t[1]!.toLowerCase();
      continue;
    }
    if (!cur && CATEGORY_LINE.test(trimmed)) {
      category = categoryName(trimmed);
      continue;
    }
    if (trimmed === '') {
      if (cur && !cur.open) {
        yield cur;
        cur = null;
      } else if (cur) cur.lines.push({ line, text: '' });
      continue;
    }
    if (!cur) {
      cur = { start: line, lines: [], hints: pending, category, open: false };
      pending = {};
    }
    cur.lines.push({ line, text: raw });
    cur.open = openAfter(cur.open, raw);
  }
  if (cur) yield cur;
}

/** One block's source (escapes protected) with a way back from an offset to its line in the file. */
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
  return { src: protect(block.lines.map((l) => l.text).join('\n')), lineAt };
}

// ---------------------------------------------------------------- text formats

type Format = 'moodle' | 'html' | 'plain' | 'markdown';
const FORMATS = new Set<string>(['moodle', 'html', 'plain', 'markdown']);

/** What a question could not keep as written, each note once. */
type Notes = Set<string>;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** HTML as plain text: line breaks for `<br>` and block ends, tags dropped, entities decoded. */
export function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6]|tr|pre|blockquote)\s*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
      if (e[0] !== '#') return ENTITIES[e.toLowerCase()] ?? m;
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
    })
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A piece of text with its optional `[format]` marker (Moodle's rule: at the very start, a known name). */
function formatted(raw: string, fallback: Format): { text: string; format: Format } {
  let s = raw.trim();
  let format = fallback;
  if (s.startsWith('[')) {
    const end = s.indexOf(']');
    const name = end > 0 ? s.slice(1, end) : '';
    if (FORMATS.has(name)) {
      format = name as Format;
      s = s.slice(end + 1);
    }
  }
  return { text: restore(s).trim(), format };
}

/** Text as Kelasku keeps it: HTML made plain (noted when that changed it), Markdown kept as written (noted). */
function plain(raw: string, fallback: Format, notes: Notes): string {
  const { text, format } = formatted(raw, fallback);
  // Markdown that marks something up stays as written (shown as typed).
  if (format === 'markdown' && /[*_`#>[\]]/.test(text)) notes.add(QUESTION_MSG.giftNoteMarkdown);
  if (format !== 'html') return text;
  const out = htmlToText(text);
  if (out !== text) notes.add(QUESTION_MSG.giftNoteHtml);
  return out;
}

// ---------------------------------------------------------------- answers

const WEIGHT = /^%(-?\d+(?:\.\d*)?)%/;

/** An answer's leading `%w%` weight (percent) split off; `fallback` without one. */
function weighed(answer: string, fallback: number): { rest: string; weight: number } {
  const s = answer.trim();
  const m = WEIGHT.exec(s);
  return m ? { rest: s.slice(m[0].length), weight: Number(m[1]) } : { rest: s, weight: fallback };
}

/** An answer's text and its `#feedback`, both as plain text. */
function withFeedback(answer: string, fallback: Format, notes: Notes): { text: string; feedback: string } {
  const hash = answer.indexOf('#');
  if (hash < 0) return { text: plain(answer, fallback, notes), feedback: '' };
  return { text: plain(answer.slice(0, hash), fallback, notes), feedback: plain(answer.slice(hash + 1), fallback, notes) };
}

/** Pieces of `s` split at `sep`, the first dropped when it is blank (Moodle's explode and array_shift). */
function piecesOf(s: string, sep: string): string[] {
  const pieces = s.split(sep);
  if (pieces[0]!.trim() === '') pieces.shift();
  return pieces;
}

interface Context {
  line: number;
  format: Format;
  notes: Notes;
  hints: Hints;
}

function choiceOf(answers: string, ctx: Context): { type: QuestionType; data: unknown } {
  const single = answers.includes('=') && ctx.hints.type !== 'multiple_answer';
  const pieces = answers.replaceAll('=', '~=').split('~');
  if (pieces[0]!.trim() !== '') throw new GiftError(ctx.line, QUESTION_MSG.giftBadAnswer);
  pieces.shift();
  const options = pieces.map((piece) => {
    const s = piece.trim();
    const { rest, weight } = s.startsWith('=') ? { rest: s.slice(1), weight: 100 } : weighed(s, 0);
    const { text, feedback } = withFeedback(rest, ctx.format, ctx.notes);
    const correct = single ? weight === 100 : weight > 0;
    // Single choice: the default credit (100 right, 0 wrong) is left implicit; multiple answer keeps every credit.
    const fraction = single ? (correct || weight === 0 ? undefined : weight) : weight;
    return { text, correct, ...(fraction === undefined ? {} : { fraction }), ...(feedback ? { feedback } : {}) };
  });
  if (!options.some((o) => o.correct)) throw new GiftError(ctx.line, QUESTION_MSG.giftNoCorrect);
  return { type: single ? 'multiple_choice' : 'multiple_answer', data: { options: single ? options : withoutRuleCredits(options, ctx) } };
}

/**
 * Kelasku's own export of a multiple-answer question without credits (`// jenis: multiple_answer`,
 * each right option 100/n, each wrong −100/n, which scores as the rule does) reads back without them.
 */
function withoutRuleCredits<T extends { correct: boolean; fraction?: number }>(options: T[], ctx: Context): T[] {
  if (ctx.hints.type !== 'multiple_answer') return options;
  const w = Number((100 / options.filter((o) => o.correct).length).toFixed(5));
  if (!options.every((o) => o.fraction === (o.correct ? w : -w))) return options;
  return options.map(({ fraction: _, ...o }) => o as T);
}

function matchingOf(answers: string, ctx: Context): { type: QuestionType; data: unknown } {
  const pairs: Array<{ left: string; right: string }> = [];
  const distractors: Array<{ text: string }> = [];
  for (const piece of piecesOf(answers, '=')) {
    const arrow = piece.indexOf('->');
    if (arrow < 0) throw new GiftError(ctx.line, QUESTION_MSG.giftPair);
    const left = plain(piece.slice(0, arrow), ctx.format, ctx.notes);
    const right = restore(piece.slice(arrow + 2)).trim();
    if (left === '') distractors.push({ text: right });
    else pairs.push({ left, right });
  }
  return { type: 'matching', data: { pairs, ...(distractors.length > 0 ? { distractors } : {}) } };
}

function trueFalseOf(answers: string, ctx: Context): { type: QuestionType; data: unknown } {
  const [answer, wrong = '', ...right] = answers.split('#');
  const isTrue = answer!.trim().startsWith('T');
  const wrongFeedback = plain(wrong, ctx.format, ctx.notes);
  const rightFeedback = plain(right.join('#'), ctx.format, ctx.notes);
  const [onTrue, onFalse] = isTrue ? [rightFeedback, wrongFeedback] : [wrongFeedback, rightFeedback];
  return {
    type: 'true_false',
    data: { answer: isTrue, ...(onTrue ? { feedback_true: onTrue } : {}), ...(onFalse ? { feedback_false: onFalse } : {}) },
  };
}

/** Short-answer data from parallel lists, the optional lists left out when they hold only defaults. */
function shortData(answers: string[], fractions: number[], feedback: string[], tolerance: number | null, tolerances: number[]) {
  return {
    answers,
    tolerance,
    ...(fractions.some((f) => f !== 100) ? { fractions } : {}),
    ...(tolerance !== null && tolerances.some((t) => t !== tolerance) ? { tolerances } : {}),
    ...(feedback.some((f) => f !== '') ? { feedback } : {}),
  };
}

function shortAnswerOf(answers: string, ctx: Context): { type: QuestionType; data: unknown } {
  const list: string[] = [];
  const fractions: number[] = [];
  const feedback: string[] = [];
  for (const piece of piecesOf(answers, '=')) {
    const { rest, weight } = weighed(piece, 100);
    const a = withFeedback(rest, ctx.format, ctx.notes);
    list.push(a.text);
    fractions.push(weight);
    feedback.push(a.feedback);
  }
  if (list.length === 0) throw new GiftError(ctx.line, QUESTION_MSG.giftBadAnswer);
  return { type: 'short_answer', data: shortData(list, fractions, feedback, null, []) };
}

/** Decimal places of a number as written ("3.141" → 3). */
const placesOf = (s: string) => (s.trim().split(/[eE]/)[0]!.split(/[.,]/)[1] ?? '').length;

/** A numeric answer spec: `min..max` (kept in the inputs' decimals), `value:tolerance`, `value`, or `*`. */
function numberSpec(spec: string, line: number): { value: string; tolerance: number | null } {
  if (spec === '*') return { value: '*', tolerance: null };
  const range = spec.indexOf('..');
  const colon = spec.indexOf(':');
  let value: number | null;
  let tolerance: number | null;
  if (range > 0) {
    const lo = parseNumberAnswer(spec.slice(0, range));
    const hi = parseNumberAnswer(spec.slice(range + 2));
    const places = Math.min(20, Math.max(placesOf(spec.slice(0, range)), placesOf(spec.slice(range + 2))) + 1);
    const ok = lo !== null && hi !== null && hi >= lo;
    value = ok ? Number(((lo + hi) / 2).toFixed(places)) : null;
    tolerance = ok ? Number(((hi - lo) / 2).toFixed(places)) : null;
  } else if (colon > 0) {
    value = parseNumberAnswer(spec.slice(0, colon));
    tolerance = parseNumberAnswer(spec.slice(colon + 1));
  } else {
    value = parseNumberAnswer(spec);
    tolerance = 0;
  }
  if (value === null || tolerance === null || tolerance < 0) throw new GiftError(line, QUESTION_MSG.giftNumber);
  return { value: String(value), tolerance };
}

function numericOf(answers: string, ctx: Context): { type: QuestionType; data: unknown } {
  let body = answers.slice(1);
  const tilde = body.indexOf('~');
  const wrong = tilde >= 0 ? body.slice(tilde + 1) : null;
  if (tilde >= 0) body = body.slice(0, tilde);
  const list: Array<{ value: string; tolerance: number | null; fraction: number; feedback: string }> = [];
  for (const piece of piecesOf(body, '=')) {
    const { rest, weight } = weighed(piece, 100);
    const a = withFeedback(rest, ctx.format, ctx.notes);
    list.push({ ...numberSpec(a.text, ctx.line), fraction: weight, feedback: a.feedback });
  }
  if (wrong !== null) {
    const hash = wrong.indexOf('#');
    list.push({ value: '*', tolerance: null, fraction: 0, feedback: hash < 0 ? '' : plain(wrong.slice(hash + 1), ctx.format, ctx.notes) });
  }
  const base = list.find((a) => a.tolerance !== null)?.tolerance;
  if (base === undefined || base === null) throw new GiftError(ctx.line, QUESTION_MSG.giftNumber);
  const data = shortData(
    list.map((a) => a.value),
    list.map((a) => a.fraction),
    list.map((a) => a.feedback),
    base,
    list.map((a) => a.tolerance ?? base),
  );
  return { type: 'short_answer', data };
}

/** The type and data of an answer part (general feedback already split off), told apart as Moodle does. */
function answersOf(answers: string, ctx: Context): { type: QuestionType; data: unknown } {
  if (answers === '') return { type: 'essay', data: {} };
  if (answers.startsWith('#')) return numericOf(answers, ctx);
  if (answers.includes('~')) return choiceOf(answers, ctx);
  if (answers.includes('=') && answers.includes('->')) return matchingOf(answers, ctx);
  const hash = answers.indexOf('#');
  const tf = hash > 0 ? answers.slice(0, hash).trim() : answers;
  if (['T', 'TRUE', 'F', 'FALSE'].includes(tf)) return trueFalseOf(answers, ctx);
  return shortAnswerOf(answers, ctx);
}

// ---------------------------------------------------------------- questions

/** Braces after the answer part: several answer parts (cloze, skipped) when they pair up, else a syntax error (its offset). */
function extraParts(after: string): 'none' | 'cloze' | number {
  let open = false;
  let seen = false;
  for (let i = 0; i < after.length; i++) {
    const c = after[i];
    if (c === '{') {
      if (open) return i;
      open = seen = true;
    } else if (c === '}') {
      if (!open) return i;
      open = false;
    }
  }
  if (open) return after.lastIndexOf('{');
  return seen ? 'cloze' : 'none';
}

type BlockOutcome = { candidate: ImportCandidate } | { skipped: ImportProblem };

function candidateOf(block: Block): BlockOutcome {
  const { src, lineAt } = sourceOf(block);
  let from = src.length - src.trimStart().length;
  let title: string | null = null;
  if (src.startsWith('::', from)) {
    const end = src.indexOf('::', from + 2);
    if (end < 0) throw new GiftError(block.start, QUESTION_MSG.giftTitleUnclosed);
    title = restore(src.slice(from + 2, end)).trim() || null;
    from = end + 2;
  }
  const open = src.indexOf('{', from);
  const close = src.indexOf('}', from);
  if (open < 0 && close < 0) return { skipped: { line: block.start, message: QUESTION_MSG.giftSkipDescription } };
  if (close < 0) throw new GiftError(lineAt(open), QUESTION_MSG.giftUnclosed);
  if (open < 0 || close < open) throw new GiftError(lineAt(close), QUESTION_MSG.giftBrace);
  const extra = extraParts(src.slice(close + 1));
  if (typeof extra === 'number') throw new GiftError(lineAt(close + 1 + extra), QUESTION_MSG.giftBrace);
  if (extra === 'cloze') return { skipped: { line: block.start, message: QUESTION_MSG.giftSkipCloze } };
  const nested = src.indexOf('{', open + 1);
  if (nested >= 0 && nested < close) throw new GiftError(lineAt(nested), QUESTION_MSG.giftBrace);

  const before = src.slice(from, open);
  const after = src.slice(close + 1);
  const shown = after.trim() === '' ? before : `${before}_____${after}`;
  let answers = src.slice(open + 1, close).trim();
  let general = '';
  const gf = answers.lastIndexOf('####');
  if (gf >= 0) {
    general = answers.slice(gf + 4);
    answers = answers.slice(0, gf).trim();
  }
  const notes: Notes = new Set();
  const { format } = formatted(shown, 'moodle');
  let text = plain(shown, 'moodle', notes);
  const generalFeedback = plain(general, format, notes) || null;
  if (text === '' && title !== null) text = title;
  const { type, data } = answersOf(answers, { line: lineAt(open), format, notes, hints: block.hints });
  return {
    candidate: {
      line: block.start,
      body: { type, text, points: block.hints.points ?? 1, data, title, general_feedback: generalFeedback },
      category: block.category,
      notes: [...notes],
    },
  };
}

/**
 * Reads a GIFT file: the questions it holds (unchecked), those skipped (what Kelasku cannot hold,
 * with the reason) and its syntax problems, each with its line. At most `max` questions are read
 * (`truncated` when more follow; the reading stops there).
 */
export function parseGift(
  text: string,
  max: number = Number.MAX_SAFE_INTEGER,
): { candidates: ImportCandidate[]; problems: ImportProblem[]; skipped: ImportProblem[]; truncated: boolean } {
  const candidates: ImportCandidate[] = [];
  const problems: ImportProblem[] = [];
  const skipped: ImportProblem[] = [];
  for (const block of blocksOf(text)) {
    if (candidates.length + problems.length + skipped.length === max) return { candidates, problems, skipped, truncated: true };
    try {
      const outcome = candidateOf(block);
      if ('candidate' in outcome) candidates.push(outcome.candidate);
      else skipped.push(outcome.skipped);
    } catch (err) {
      if (!(err instanceof GiftError)) throw err;
      problems.push({ line: err.line, message: err.message });
    }
  }
  return { candidates, problems, skipped, truncated: false };
}

// ---------------------------------------------------------------- writing

/** Text as GIFT writes it: special characters escaped, line breaks as `\n`. */
export function escapeGift(s: string): string {
  return s
    .replace(/\r\n?/g, '\n')
    .replace(/[\\~=#{}:]/g, (c) => `\\${c}`)
    .replace(/\n/g, '\\n');
}

/**
 * Text that GIFT reads with a `[format]` marker (question text, options, feedback): escaped, and
 * `[plain]` put first when it starts like a marker or a `//` comment, so it reads back as itself.
 */
function textGift(s: string): string {
  const escaped = escapeGift(s);
  return /^\s*(\[(html|moodle|plain|markdown)\]|\/\/)/.test(escaped) ? `[plain]${escaped}` : escaped;
}

const withFb = (feedback: string | undefined) => (feedback ? `#${textGift(feedback)}` : '');

function shortAnswerBlock(d: Extract<QuestionKey, { type: 'short_answer' }>['data']): string {
  const weight = (i: number) => (d.fractions ? `%${d.fractions[i] ?? 100}%` : '');
  const fb = (i: number) => withFb(d.feedback?.[i]);
  if (d.tolerance === null) return `{\n${d.answers.map((a, i) => `\t=${weight(i)}${textGift(a)}${fb(i)}`).join('\n')}\n`;
  const tol = (i: number) => d.tolerances?.[i] ?? d.tolerance;
  if (d.answers.length === 1 && !d.fractions && !d.feedback && d.answers[0] !== '*') return `{#${d.answers[0]}:${d.tolerance}`;
  return `{#\n${d.answers.map((a, i) => `\t=${weight(i)}${a === '*' ? '*' : `${a}:${tol(i)}`}${fb(i)}`).join('\n')}\n`;
}

function choiceLine(o: { text: string; correct: boolean; fraction?: number | undefined; feedback?: string | undefined }, single: boolean) {
  const mark = single && o.correct ? '=' : single && !o.fraction ? '~' : `~%${o.fraction ?? 0}%`;
  return `\t${mark}${textGift(o.text)}${withFb(o.feedback)}`;
}

/** A question's answer part without its closing brace (general feedback goes before it). */
function answerBlock(q: QuestionKey): string {
  switch (q.type) {
    case 'multiple_choice':
      return `{\n${q.data.options.map((o) => choiceLine(o, true)).join('\n')}\n`;
    case 'multiple_answer': {
      // Without credits the rule is (right − wrong) / correct: each wrong option takes back one right one.
      const w = Number((100 / (q.data.options.filter((o) => o.correct).length || 1)).toFixed(5));
      const options = q.data.options.map((o) => ({ ...o, fraction: o.fraction ?? (o.correct ? w : -w) }));
      return `{\n${options.map((o) => choiceLine(o, false)).join('\n')}\n`;
    }
    case 'true_false': {
      const { answer, feedback_true: onTrue = '', feedback_false: onFalse = '' } = q.data;
      const [right, wrong] = answer ? [onTrue, onFalse] : [onFalse, onTrue];
      const feedback = wrong ? `#${textGift(wrong)}${right ? `#${textGift(right)}` : ''}` : right ? `##${textGift(right)}` : '';
      return `{${answer ? 'TRUE' : 'FALSE'}${feedback}`;
    }
    case 'short_answer':
      return shortAnswerBlock(q.data);
    case 'matching': {
      const pairs = q.data.pairs.map((p) => `\t=${textGift(p.left)} -> ${escapeGift(p.right)}`);
      const distractors = (q.data.distractors ?? []).map((d) => `\t= -> ${escapeGift(d.text)}`);
      return `{\n${[...pairs, ...distractors].join('\n')}\n`;
    }
    case 'essay':
      return '{';
  }
}

/** A question to write: its key, text, points, and optional title and general feedback. */
export type WritableQuestion = QuestionKey & { text: string; points: number; title?: string | null; general_feedback?: string | null };

/**
 * A category's questions as a GIFT file: its name as a comment (no `$CATEGORY:`, so the file
 * imports into whichever category the teacher picks), then per question its points as a comment
 * (and `// jenis: multiple_answer` for a multiple-answer question scored by the rule), its
 * `::title::` (when it has one), the text and the answers with their credits and feedback, and the
 * general feedback. Images have no place in GIFT and are left out.
 */
export function writeGift(categoryName: string, questions: WritableQuestion[]): string {
  const parts = [`// Bank Soal Kelasku — ${categoryName.replace(/[\r\n]+/g, ' ')}`, ''];
  for (const q of questions) {
    parts.push(`// poin: ${q.points}`);
    if (q.type === 'multiple_answer' && q.data.options.every((o) => o.fraction === undefined)) parts.push('// jenis: multiple_answer');
    const title = q.title ? `::${escapeGift(q.title)}::` : '';
    const general = q.general_feedback ? `####${textGift(q.general_feedback)}` : '';
    parts.push(`${title}${textGift(q.text)} ${answerBlock(q)}${general}}`, '');
  }
  return parts.join('\n');
}
