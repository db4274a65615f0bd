import { QUESTION_MSG, questionBody, type Question, type QuestionBody, type QuestionType } from '@kelasku/contract';

/**
 * The question editor's values: every type's fields side by side, so switching the type keeps what
 * was typed (options stay when going from pilihan ganda to pilihan ganda kompleks). `key` is a
 * local row id for React; `id` the server's id of an option or pair (sent back when editing).
 */
export interface OptionRow {
  key: string;
  id?: string;
  text: string;
  correct: boolean;
}
export interface AnswerRow {
  key: string;
  value: string;
}
export interface PairRow {
  key: string;
  id?: string;
  left: string;
  right: string;
}

export interface QuestionFormValues extends Record<string, unknown> {
  type: QuestionType;
  text: string;
  points: number | string;
  options: OptionRow[];
  /** Benar/Salah: 'true', 'false' or '' (not chosen yet). */
  answer: '' | 'true' | 'false';
  answers: AnswerRow[];
  /** Isian singkat: the answers are numbers compared with a tolerance. */
  numeric: boolean;
  tolerance: number | string;
  pairs: PairRow[];
  /** Another category to move an existing question to. */
  category_id: string;
}

let seq = 0;
export const rowKey = () => `r${++seq}`;

export const emptyOption = (): OptionRow => ({ key: rowKey(), text: '', correct: false });
export const emptyAnswer = (): AnswerRow => ({ key: rowKey(), value: '' });
export const emptyPair = (): PairRow => ({ key: rowKey(), left: '', right: '' });

/** The editor's values for a new question (pilihan ganda with four empty options) or an existing one. */
export function formValuesOf(q: Question | undefined, categoryId: number): QuestionFormValues {
  const v: QuestionFormValues = {
    type: q?.type ?? 'multiple_choice',
    text: q?.text ?? '',
    points: q?.points ?? 1,
    options: [emptyOption(), emptyOption(), emptyOption(), emptyOption()],
    answer: '',
    answers: [emptyAnswer()],
    numeric: false,
    tolerance: '',
    pairs: [emptyPair(), emptyPair(), emptyPair()],
    category_id: String(q?.category_id ?? categoryId),
  };
  if (!q) return v;
  switch (q.type) {
    case 'multiple_choice':
    case 'multiple_answer':
      v.options = q.data.options.map((o) => ({ key: rowKey(), id: o.id, text: o.text, correct: o.correct }));
      break;
    case 'true_false':
      v.answer = q.data.answer ? 'true' : 'false';
      break;
    case 'short_answer':
      v.answers = q.data.answers.map((a) => ({ key: rowKey(), value: q.data.tolerance === null ? a : a.replace('.', ',') }));
      v.numeric = q.data.tolerance !== null;
      v.tolerance = q.data.tolerance ?? '';
      break;
    case 'matching':
      v.pairs = q.data.pairs.map((p) => ({ key: rowKey(), id: p.id, left: p.left, right: p.right }));
      break;
    case 'essay':
      break;
  }
  return v;
}

const withId = <T extends object>(id: string | undefined, rest: T) => (id ? { id, ...rest } : rest);

/** The request body of the editor's values (only the chosen type's fields). */
export function bodyOf(v: QuestionFormValues): QuestionBody {
  const common = { text: v.text, points: v.points === '' ? 1 : Number(v.points) };
  switch (v.type) {
    case 'multiple_choice':
    case 'multiple_answer':
      return {
        type: v.type,
        ...common,
        data: { options: v.options.map((o) => withId(o.id, { text: o.text, correct: o.correct })) },
      };
    case 'true_false':
      return { type: v.type, ...common, data: { answer: (v.answer === '' ? undefined : v.answer === 'true') as boolean } };
    case 'short_answer':
      return {
        type: v.type,
        ...common,
        data: {
          answers: v.answers.map((a) => a.value),
          tolerance: v.numeric ? (v.tolerance === '' ? 0 : Number(v.tolerance)) : null,
        },
      };
    case 'matching':
      return { type: v.type, ...common, data: { pairs: v.pairs.map((p) => withId(p.id, { left: p.left, right: p.right })) } };
    case 'essay':
      return { type: v.type, ...common, data: {} };
  }
}

/**
 * Where a message of the contract's schema (or of the server, same paths) goes in the editor:
 * `data.options.2.text` → `options.2.text`, `data.answers.0` → `answers.0.value`,
 * `data.answer` → `answer`; anything else of `data` goes under the type's list.
 */
export function formPathOf(path: string, type: QuestionType): string {
  const parts = path.split('.');
  if (parts[0] !== 'data') return parts[0] === 'points' || parts[0] === 'text' || parts[0] === 'category_id' ? parts[0] : 'form';
  const rest = parts.slice(1);
  if (rest[0] === 'answers' && rest.length === 2) return `answers.${rest[1]}.value`;
  if (rest.length > 0) return rest.join('.');
  return listField(type);
}

/** The field that carries the messages about the key as a whole ("Pilih tepat satu jawaban benar."). */
export function listField(type: QuestionType): string {
  switch (type) {
    case 'multiple_choice':
    case 'multiple_answer':
      return 'options';
    case 'true_false':
      return 'answer';
    case 'short_answer':
      return 'answers';
    case 'matching':
      return 'pairs';
    case 'essay':
      return 'text';
  }
}

/** The contract's checks on the editor's values: field → message (empty when all is well). */
export function validateQuestion(v: QuestionFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (v.type === 'true_false' && v.answer === '') errors.answer = QUESTION_MSG.trueFalse;
  // The schema checks the right answers only once every option is filled: say it at once.
  const correct = v.options.filter((o) => o.correct).length;
  if (v.type === 'multiple_choice' && correct !== 1) errors.options = QUESTION_MSG.oneCorrect;
  if (v.type === 'multiple_answer' && correct === 0) errors.options = QUESTION_MSG.someCorrect;
  const parsed = questionBody.safeParse(bodyOf(v));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = formPathOf(issue.path.join('.'), v.type);
      errors[field] ??= issue.message;
    }
  }
  return errors;
}
