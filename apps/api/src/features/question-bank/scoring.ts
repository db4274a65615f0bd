/**
 * The scoring table of docs/features/quizzes.md: the points a student's answer earns by the question's key.
 * Pure: no database, no clock. The quiz engine calls it on submit and on regrade.
 */
import { parseNumberAnswer } from '@kelasku/contract';

/** What scoring needs of a question: a row of `questions` fits as it is. */
export interface ScorableQuestion {
  type: string;
  points: number;
  data: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** Points rounded to 2 decimals, so 1 × 2/3 is 0.67 and sums stay readable. */
const round2 = (n: number) => Math.round(n * 100) / 100;

/** Trimmed, inner whitespace collapsed to one space, case folded (NFC, so "é" typed either way matches). */
export const normalizeText = (v: string) => v.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('id');

/** A credit in percent clamped to 0…100. */
const clampPercent = (n: number) => Math.min(100, Math.max(0, n));

interface KeyOption {
  id: string;
  correct: boolean;
  fraction: number | null;
}

/** A choice question's options (those with an id), with their credits (null: none). */
function choiceOptions(data: unknown): KeyOption[] {
  const options = isObject(data) && Array.isArray(data.options) ? data.options.filter(isObject) : [];
  return options.flatMap((o) =>
    typeof o.id === 'string'
      ? [
          {
            id: o.id,
            correct: o.correct === true,
            fraction: typeof o.fraction === 'number' && Number.isFinite(o.fraction) ? o.fraction : null,
          },
        ]
      : [],
  );
}

/** Whether `text` (normalized) fits an accepted answer in which `*` stands for any characters. */
function fitsWildcard(accepted: string, text: string): boolean {
  const key = normalizeText(accepted);
  if (!key.includes('*')) return key === text;
  const pattern = key
    .split('*')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${pattern}$`, 's').test(text);
}

/**
 * The index of the accepted answer a short answer matches (the first in order, as Moodle takes it),
 * or -1. With a tolerance: numbers within the answer's tolerance (`tolerances`, else `tolerance`),
 * `*` any number; without: the text as {@link normalizeText} makes it, `*` a wildcard.
 */
export function matchedAnswer(data: unknown, text: unknown): number {
  if (typeof text !== 'string' || !isObject(data) || !Array.isArray(data.answers)) return -1;
  const accepted = data.answers as unknown[];
  const tolerance = data.tolerance;
  if (typeof tolerance === 'number') {
    const given = parseNumberAnswer(text);
    if (given === null) return -1;
    const tolerances = Array.isArray(data.tolerances) ? (data.tolerances as unknown[]) : [];
    return accepted.findIndex((s, i) => {
      if (s === '*') return true;
      const key = typeof s === 'string' ? parseNumberAnswer(s) : null;
      const tol = typeof tolerances[i] === 'number' ? (tolerances[i] as number) : tolerance;
      // A hair of slack for binary fractions: |3.15 − 3.14| is 0.01000000000000023.
      return key !== null && Math.abs(given - key) <= tol + 1e-9 * Math.max(1, Math.abs(key));
    });
  }
  const given = normalizeText(text);
  if (given === '') return -1;
  return accepted.findIndex((s) => typeof s === 'string' && fitsWildcard(s, given));
}

/** The credit (percent) of accepted answer `i`: its `fractions` entry, 100 without one. */
const answerFraction = (data: unknown, i: number) => {
  const f = isObject(data) && Array.isArray(data.fractions) ? data.fractions[i] : undefined;
  return typeof f === 'number' && Number.isFinite(f) ? f : 100;
};

/**
 * The points `answer` earns on `question`: a number from 0 to the question's points, or null for
 * an essay (graded by hand). A missing or malformed answer earns 0 (an essay still null).
 *
 * - multiple_choice: all points for a correct option; another earns its credit (`fraction`, percent,
 *   none: 0), clamped to 0…100.
 * - multiple_answer: with credits on its options, points × the sum of the chosen options' credits
 *   clamped to 0…100 %; without, points × max(0, (right chosen − wrong chosen) / number correct).
 *   Each id counts once; ids that are no option of the question (say, removed since) count for nothing.
 * - true_false: all or 0.
 * - short_answer: the credit (`fractions`, default 100 %) of the first accepted answer the text
 *   matches ({@link matchedAnswer}); 0 when none does.
 * - matching: points × right pairs / pairs (an unused right-hand answer is never right).
 *
 * Fractions are rounded to 2 decimals.
 */
export function scoreAnswer(question: ScorableQuestion, answer: unknown): number | null {
  const { type, points, data } = question;
  if (type === 'essay') return null;
  const a = isObject(answer) ? answer : {};
  switch (type) {
    case 'multiple_choice': {
      const chosen = choiceOptions(data).find((o) => o.id === a.option);
      if (!chosen) return 0;
      return chosen.correct ? points : round2((points * clampPercent(chosen.fraction ?? 0)) / 100);
    }
    case 'multiple_answer': {
      const options = choiceOptions(data);
      const byId = new Map(options.map((o) => [o.id, o]));
      const chosen = [...new Set(strings(a.options))].flatMap((id) => byId.get(id) ?? []);
      if (options.some((o) => o.fraction !== null)) {
        return round2((points * clampPercent(chosen.reduce((sum, o) => sum + (o.fraction ?? 0), 0))) / 100);
      }
      const correct = options.filter((o) => o.correct).length;
      if (correct === 0) return 0;
      const right = chosen.filter((o) => o.correct).length;
      return round2(points * Math.max(0, (right - (chosen.length - right)) / correct));
    }
    case 'true_false': {
      const key = isObject(data) ? data.answer : undefined;
      return typeof key === 'boolean' && a.value === key ? points : 0;
    }
    case 'short_answer': {
      const i = matchedAnswer(data, a.text);
      return i < 0 ? 0 : round2((points * clampPercent(answerFraction(data, i))) / 100);
    }
    case 'matching': {
      const pairs = isObject(data) && Array.isArray(data.pairs) ? data.pairs.filter(isObject) : [];
      if (pairs.length === 0) return 0;
      const matches = isObject(a.matches) ? a.matches : {};
      let right = 0;
      for (const p of pairs) {
        if (typeof p.id === 'string' && Object.hasOwn(matches, p.id) && matches[p.id] === p.id) right++;
      }
      return round2((points * right) / pairs.length);
    }
    default:
      return 0;
  }
}

/** The highest points a question can earn (its points; an essay too, graded by hand up to them). */
export const maxPoints = (question: Pick<ScorableQuestion, 'points'>) => question.points;
