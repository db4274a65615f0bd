/**
 * Item analysis of a quiz (pure), over its finished attempts:
 *
 * - facility: the mean share of the points earned, 0–100 (an unanswered question earns 0; an
 *   answer still waiting for a hand grade is not counted);
 * - discrimination (Kelley): the counting attempts (one per student, by the grading method, with a
 *   grade) ranked by grade; the mean share earned by the top 27 % minus that of the bottom 27 %
 *   (−1…1); null under 10 students;
 * - how often each choice of a choice or true/false question was chosen.
 */
import type { QuizStatistics } from '@kelasku/contract';
import type { QuizAttempt } from '../../access/quizzes.js';
import { countingAttempt, gradeOf, pointsOf } from './grading.js';
import { layoutOf, optionsOf } from './layout.js';
import type { AnswerRow } from './queries.js';

/** Students needed for a discrimination index. */
export const DISCRIMINATION_MIN_STUDENTS = 10;
/** Kelley's share of the counting attempts in the upper and in the lower group. */
const KELLEY = 0.27;

interface StatQuestion {
  id: number;
  type: string;
  text: string;
  points: number;
  data: unknown;
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function statisticsOf(
  attempts: QuizAttempt[],
  answers: AnswerRow[],
  questions: StatQuestion[],
  gradingMethod: string,
): QuizStatistics {
  const answerOf = new Map(answers.map((a) => [`${a.attemptId}:${a.questionId}`, a]));
  const had = new Map(attempts.map((a) => [a.id, new Set(layoutOf(a.layout).map((i) => i.question_id))]));

  /** The share of the question's points an attempt earned; null when it did not have it or waits for a hand grade. */
  const share = (attempt: QuizAttempt, q: StatQuestion): number | null => {
    if (!had.get(attempt.id)?.has(q.id)) return null;
    const ans = answerOf.get(`${attempt.id}:${q.id}`);
    const p = ans ? pointsOf(ans) : 0;
    return p === null || q.points <= 0 ? null : p / q.points;
  };

  // One counting attempt per student, with a grade, best first (ties: the earlier attempt).
  const byStudent = Map.groupBy(attempts, (a) => a.studentId);
  const counting = [...byStudent.values()]
    .map((list) => countingAttempt(list, gradingMethod))
    .filter((a): a is QuizAttempt => a !== null && gradeOf(a.score, a.maxScore) !== null)
    .sort((a, b) => gradeOf(b.score, b.maxScore)! - gradeOf(a.score, a.maxScore)! || a.id - b.id);
  const groupSize = Math.max(1, Math.round(KELLEY * counting.length));
  const upper = counting.slice(0, groupSize);
  const lower = counting.slice(counting.length - groupSize);

  // Questions in the order they first appear in the attempts (the quiz's order for fixed slots).
  const order = new Map<number, number>();
  for (const a of attempts)
    for (const item of layoutOf(a.layout)) if (!order.has(item.question_id)) order.set(item.question_id, order.size);
  const sorted = [...questions].sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));

  return {
    attempts: attempts.length,
    students: counting.length,
    questions: sorted.map((q) => {
      const withIt = attempts.filter((a) => had.get(a.id)?.has(q.id));
      const shares = withIt.map((a) => share(a, q)).filter((s): s is number => s !== null);
      const facility = mean(shares);
      let discrimination: number | null = null;
      if (counting.length >= DISCRIMINATION_MIN_STUDENTS) {
        const u = mean(upper.map((a) => share(a, q)).filter((s): s is number => s !== null));
        const l = mean(lower.map((a) => share(a, q)).filter((s): s is number => s !== null));
        discrimination = u === null || l === null ? null : round(u - l, 2);
      }
      const chosen = (test: (answer: Record<string, unknown>) => boolean) =>
        withIt.filter((a) => {
          const ans = answerOf.get(`${a.id}:${q.id}`)?.answer;
          return isObject(ans) && test(ans);
        }).length;
      let options: QuizStatistics['questions'][number]['options'] = [];
      if (q.type === 'multiple_choice' || q.type === 'multiple_answer') {
        options = optionsOf(q.data).map((o) => ({
          id: o.id,
          text: o.text,
          correct: o.correct === true,
          chosen: chosen((ans) => ans.option === o.id || (Array.isArray(ans.options) && ans.options.includes(o.id))),
        }));
      } else if (q.type === 'true_false') {
        const key = isObject(q.data) ? q.data.answer : undefined;
        options = [
          { id: 'true', text: 'Benar', correct: key === true, chosen: chosen((ans) => ans.value === true) },
          { id: 'false', text: 'Salah', correct: key === false, chosen: chosen((ans) => ans.value === false) },
        ];
      }
      return {
        question_id: q.id,
        text: q.text,
        type: q.type as QuizStatistics['questions'][number]['type'],
        points: q.points,
        attempts: withIt.length,
        facility: facility === null ? null : round(facility * 100, 1),
        discrimination,
        options,
      };
    }),
  };
}
