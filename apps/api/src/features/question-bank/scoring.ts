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

/** The ids of a choice question's options, and of the correct ones. */
function choiceKey(data: unknown): { ids: Set<string>; correct: Set<string> } {
  const options = isObject(data) && Array.isArray(data.options) ? data.options.filter(isObject) : [];
  const ids = new Set<string>();
  const correct = new Set<string>();
  for (const o of options) {
    if (typeof o.id !== 'string') continue;
    ids.add(o.id);
    if (o.correct === true) correct.add(o.id);
  }
  return { ids, correct };
}

/**
 * The points `answer` earns on `question`: a number from 0 to the question's points, or null for
 * an essay (graded by hand). A missing or malformed answer earns 0 (an essay still null).
 *
 * - multiple_choice: all points when the chosen option is the correct one, else 0.
 * - multiple_answer: points × max(0, (right chosen − wrong chosen) / number correct). Each id counts
 *   once; ids that are no option of the question (say, removed since) count for nothing.
 * - true_false: all or 0.
 * - short_answer: all when the text, trimmed with whitespace collapsed, equals an accepted answer
 *   case-insensitively; with a tolerance, numbers (a comma is a decimal point) within it count.
 * - matching: points × right pairs / pairs.
 *
 * Fractions are rounded to 2 decimals.
 */
export function scoreAnswer(question: ScorableQuestion, answer: unknown): number | null {
  const { type, points, data } = question;
  if (type === 'essay') return null;
  const a = isObject(answer) ? answer : {};
  switch (type) {
    case 'multiple_choice': {
      const { correct } = choiceKey(data);
      return typeof a.option === 'string' && correct.has(a.option) ? points : 0;
    }
    case 'multiple_answer': {
      const { ids, correct } = choiceKey(data);
      if (correct.size === 0) return 0;
      let right = 0;
      let wrong = 0;
      for (const id of new Set(strings(a.options))) {
        if (!ids.has(id)) continue;
        if (correct.has(id)) right++;
        else wrong++;
      }
      return round2(points * Math.max(0, (right - wrong) / correct.size));
    }
    case 'true_false': {
      const key = isObject(data) ? data.answer : undefined;
      return typeof key === 'boolean' && a.value === key ? points : 0;
    }
    case 'short_answer': {
      if (typeof a.text !== 'string' || !isObject(data)) return 0;
      const accepted = strings(data.answers);
      const tolerance = data.tolerance;
      if (typeof tolerance === 'number') {
        const given = parseNumberAnswer(a.text);
        if (given === null) return 0;
        return accepted.some((s) => {
          const key = parseNumberAnswer(s);
          // A hair of slack for binary fractions: |3.15 − 3.14| is 0.01000000000000023.
          return key !== null && Math.abs(given - key) <= tolerance + 1e-9 * Math.max(1, Math.abs(key));
        })
          ? points
          : 0;
      }
      const given = normalizeText(a.text);
      return given !== '' && accepted.some((s) => normalizeText(s) === given) ? points : 0;
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
