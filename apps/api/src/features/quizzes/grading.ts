/**
 * Scores and grades of attempts (pure). Points per answer come from the bank's scoring table
 * (question-bank/scoring.ts); a hand grade (manual_points) overrides them. An attempt's score is the
 * sum over its questions (an unanswered one earns 0), or null while an answer waits for a hand
 * grade (an essay). Its grade is round(score / max_score × 100).
 */
import { scoreAnswer, type ScorableQuestion } from '../question-bank/scoring.js';

/** The points an answer earns by the key; null for an essay with text (graded by hand). */
export function autoPoints(q: ScorableQuestion, answer: unknown): number | null {
  if (answer === null || answer === undefined) return 0;
  if (q.type === 'essay') {
    const text = typeof answer === 'object' && answer !== null ? (answer as { text?: unknown }).text : undefined;
    // Nothing written: nothing to grade.
    return typeof text === 'string' && text.trim() !== '' ? null : 0;
  }
  return scoreAnswer(q, answer);
}

export interface AnswerPoints {
  questionId: number;
  autoPoints: number | null;
  manualPoints: number | null;
}

/** What counts for one answer: the hand grade when there is one, else the key's points. */
export const pointsOf = (a: Pick<AnswerPoints, 'autoPoints' | 'manualPoints'>) => a.manualPoints ?? a.autoPoints;

/** Points rounded to 2 decimals (sums of fractions stay readable). */
const round2 = (n: number) => Math.round(n * 100) / 100;

/** The score of a finished attempt over its questions; null while an answer waits for a hand grade. */
export function scoreOf(questionIds: number[], answers: AnswerPoints[]): number | null {
  const wanted = new Set(questionIds);
  let sum = 0;
  for (const a of answers) {
    if (!wanted.has(a.questionId)) continue;
    const p = pointsOf(a);
    if (p === null) return null;
    sum += p;
  }
  return round2(sum);
}

/** 0–100, or null without a score (or without points to earn). */
export const gradeOf = (score: number | null, maxScore: number): number | null =>
  score === null || maxScore <= 0 ? null : Math.round((score / maxScore) * 100);

export interface GradedAttempt {
  id: number;
  number: number;
  finishedAt: Date | null;
  score: number | null;
  maxScore: number;
}

/**
 * The attempt that counts among a student's attempts, by the quiz's grading method: the finished
 * one with the highest grade (the earliest on a tie; attempts still waiting for a hand grade do not
 * compete), or the last finished one (its grade null while it waits). Null when none is finished.
 */
export function countingAttempt<T extends GradedAttempt>(attempts: T[], method: string): T | null {
  const finished = attempts.filter((a) => a.finishedAt !== null).sort((a, b) => a.number - b.number);
  if (finished.length === 0) return null;
  if (method === 'last') return finished[finished.length - 1]!;
  let best: T | null = null;
  for (const a of finished) {
    const g = gradeOf(a.score, a.maxScore);
    if (g === null) continue;
    if (best === null || g > gradeOf(best.score, best.maxScore)!) best = a;
  }
  return best ?? finished[finished.length - 1]!;
}

/** The counting grade of a student's attempts (null when none counts yet), and whether one waits for a hand grade. */
export function resultOf(attempts: GradedAttempt[], method: string): { grade: number | null; needsGrading: boolean } {
  const counting = countingAttempt(attempts, method);
  return {
    grade: counting ? gradeOf(counting.score, counting.maxScore) : null,
    needsGrading: attempts.some((a) => a.finishedAt !== null && a.score === null),
  };
}
