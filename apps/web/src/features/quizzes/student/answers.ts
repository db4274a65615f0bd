import type { QuizAnswer, StudentQuizQuestion } from './types';

/** The answers on screen, by question id. */
export type AnswerMap = Record<number, QuizAnswer | undefined>;

/**
 * What the attempt page opens with: the answers the server has, with the ones this device kept
 * and has not sent yet laid over them (they are newer: given here after the server's were saved).
 */
export function mergeAnswers(server: Record<string, QuizAnswer>, unsent: ReadonlyMap<number, unknown>): AnswerMap {
  const out: AnswerMap = {};
  for (const [id, answer] of Object.entries(server)) out[Number(id)] = answer;
  for (const [id, answer] of unsent) {
    if (answer && typeof answer === 'object') out[id] = answer as QuizAnswer;
  }
  return out;
}

/** Whether a question has an answer worth the name (a chosen option, some text, a pair matched). */
export function isAnswered(q: Pick<StudentQuizQuestion, 'type'>, a: QuizAnswer | null | undefined): boolean {
  if (!a) return false;
  switch (q.type) {
    case 'multiple_choice':
      return 'option' in a && !!a.option;
    case 'multiple_answer':
      return 'options' in a && a.options.length > 0;
    case 'true_false':
      return 'value' in a && typeof a.value === 'boolean';
    case 'short_answer':
    case 'essay':
      return 'text' in a && a.text.trim() !== '';
    case 'matching':
      return 'matches' in a && Object.values(a.matches).some((v) => !!v);
  }
}

/** The numbers (1-based, in the attempt's order) of the questions without an answer. */
export function unansweredNumbers(questions: Pick<StudentQuizQuestion, 'id' | 'type'>[], answers: AnswerMap): number[] {
  return questions.flatMap((q, i) => (isAnswered(q, answers[q.id]) ? [] : [i + 1]));
}

/** "1, 3 dan 5" */
export function listNumbers(numbers: number[]): string {
  if (numbers.length <= 1) return numbers.join('');
  return `${numbers.slice(0, -1).join(', ')} dan ${numbers[numbers.length - 1]}`;
}

// ---------------------------------------------------------------- "ragu-ragu" marks

const FLAGS = 'kelasku:quiz-flags:';

/** The questions the student marked to look at again (kept on this device, per attempt). */
export function readFlags(attemptId: number): Set<number> {
  try {
    const ids = JSON.parse(localStorage.getItem(`${FLAGS}${attemptId}`) ?? '[]') as unknown;
    return new Set(Array.isArray(ids) ? ids.filter((n): n is number => Number.isInteger(n)) : []);
  } catch {
    return new Set();
  }
}

export function writeFlags(attemptId: number, flags: ReadonlySet<number>) {
  try {
    if (flags.size === 0) localStorage.removeItem(`${FLAGS}${attemptId}`);
    else localStorage.setItem(`${FLAGS}${attemptId}`, JSON.stringify([...flags]));
  } catch {
    // storage full or off: the marks last while the page is open
  }
}

// ---------------------------------------------------------------- answers in words (the review)

const textOf = (list: { id: string; text: string }[] | undefined, id: string) => list?.find((o) => o.id === id)?.text ?? '—';

/** An answer as the review shows it: the chosen texts, "Benar"/"Salah", the text; matching as "left → right" lines. */
export function answerLines(
  q: Pick<StudentQuizQuestion, 'type' | 'options' | 'left' | 'right'>,
  a: QuizAnswer | null | undefined,
): string[] {
  if (!a || !isAnswered(q, a)) return [];
  if ('option' in a) return [textOf(q.options, a.option)];
  if ('options' in a) return (q.options ?? []).filter((o) => a.options.includes(o.id)).map((o) => o.text);
  if ('value' in a) return [a.value ? 'Benar' : 'Salah'];
  if ('text' in a) return [a.text];
  return (q.left ?? []).filter((l) => a.matches[l.id]).map((l) => `${l.text} → ${textOf(q.right, a.matches[l.id]!)}`);
}

/** The correct answer of the review's key (only when the teacher shows it), in the same words. */
export interface ReviewKeyShape {
  options?: string[];
  value?: boolean;
  answers?: string[];
  tolerance?: number | null;
  matches?: Record<string, string>;
}

export function keyLines(q: Pick<StudentQuizQuestion, 'type' | 'options' | 'left' | 'right'>, key: ReviewKeyShape | undefined): string[] {
  if (!key) return [];
  if (key.options) return (q.options ?? []).filter((o) => key.options!.includes(o.id)).map((o) => o.text);
  if (typeof key.value === 'boolean') return [key.value ? 'Benar' : 'Salah'];
  if (key.answers) {
    const tolerance = key.tolerance != null ? ` (toleransi ± ${String(key.tolerance).replace('.', ',')})` : '';
    return key.answers.map((a) => `${a}${tolerance}`);
  }
  if (key.matches) return (q.left ?? []).map((l) => `${l.text} → ${textOf(q.right, key.matches![l.id] ?? '')}`);
  return [];
}
