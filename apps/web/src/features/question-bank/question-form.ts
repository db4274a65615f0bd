import { QUESTION_MSG, questionBody, type Question, type QuestionBody, type QuestionType, type ShortAnswerData } from '@kelasku/contract';

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
  /** The credit in percent as the select holds it ('' = as marked: 100 when right, 0 when wrong). */
  fraction: string;
  /** Shown to a student who chose it ('' = none). */
  feedback: string;
}
export interface AnswerRow {
  key: string;
  value: string;
  /** Percent of the points for this answer ('' = 100). */
  fraction: string;
  /** Numeric: this answer's own tolerance ('' = the question's). */
  tolerance: string;
  feedback: string;
}
export interface PairRow {
  key: string;
  id?: string;
  left: string;
  right: string;
}
/** Menjodohkan: a right-hand answer that belongs to no pair ("pilihan pengecoh"). */
export interface DistractorRow {
  key: string;
  id?: string;
  text: string;
}

export interface QuestionFormValues extends Record<string, unknown> {
  type: QuestionType;
  /** Optional short name (GIFT ::judul::), '' = none. */
  title: string;
  text: string;
  points: number | string;
  /** Feedback every student reads in the review, '' = none. */
  general_feedback: string;
  options: OptionRow[];
  /** Benar/Salah: 'true', 'false' or '' (not chosen yet). */
  answer: '' | 'true' | 'false';
  feedback_true: string;
  feedback_false: string;
  answers: AnswerRow[];
  /** Isian singkat: the answers are numbers compared with a tolerance. */
  numeric: boolean;
  tolerance: number | string;
  pairs: PairRow[];
  distractors: DistractorRow[];
  /** Another category to move an existing question to. */
  category_id: string;
}

let seq = 0;
export const rowKey = () => `r${++seq}`;

export const emptyOption = (): OptionRow => ({ key: rowKey(), text: '', correct: false, fraction: '', feedback: '' });
export const emptyAnswer = (): AnswerRow => ({ key: rowKey(), value: '', fraction: '', tolerance: '', feedback: '' });
export const emptyPair = (): PairRow => ({ key: rowKey(), left: '', right: '' });
export const emptyDistractor = (): DistractorRow => ({ key: rowKey(), text: '' });

/** Moodle's credits (percent), as its GIFT and editor offer them; negatives only for pilihan ganda kompleks. */
export const CREDITS = [
  100, 90, 83.33333, 80, 75, 70, 66.66667, 60, 50, 40, 33.33333, 30, 25, 20, 16.66667, 14.28571, 12.5, 11.11111, 10, 5, 0,
];

/** A credit as the select's value: the list's own value when it is one of them (33.333 → "33.33333"). */
export function creditValue(n: number | undefined): string {
  if (n === undefined) return '';
  const near = [...CREDITS, ...CREDITS.map((c) => -c)].find((c) => Math.abs(c - n) < 0.001);
  return String(near ?? n);
}

const numberOr = (v: string, fallback: number) => (v.trim() === '' ? fallback : Number(v.replace(',', '.')));
const decimal = (n: number) => String(n).replace('.', ',');

/** The editor's values for a new question (pilihan ganda with four empty options) or an existing one. */
export function formValuesOf(q: Question | undefined, categoryId: number): QuestionFormValues {
  const v: QuestionFormValues = {
    type: q?.type ?? 'multiple_choice',
    title: q?.title ?? '',
    text: q?.text ?? '',
    points: q?.points ?? 1,
    general_feedback: q?.general_feedback ?? '',
    options: [emptyOption(), emptyOption(), emptyOption(), emptyOption()],
    answer: '',
    feedback_true: '',
    feedback_false: '',
    answers: [emptyAnswer()],
    numeric: false,
    tolerance: '',
    pairs: [emptyPair(), emptyPair(), emptyPair()],
    distractors: [],
    category_id: String(q?.category_id ?? categoryId),
  };
  if (!q) return v;
  switch (q.type) {
    case 'multiple_choice':
    case 'multiple_answer':
      v.options = q.data.options.map((o) => ({
        key: rowKey(),
        id: o.id,
        text: o.text,
        correct: o.correct,
        // Pilihan ganda: the right option is the 100 % one (its mark says it).
        fraction: q.type === 'multiple_choice' && (o.correct || !o.fraction) ? '' : creditValue(o.fraction),
        feedback: o.feedback ?? '',
      }));
      break;
    case 'true_false':
      v.answer = q.data.answer ? 'true' : 'false';
      v.feedback_true = q.data.feedback_true ?? '';
      v.feedback_false = q.data.feedback_false ?? '';
      break;
    case 'short_answer': {
      const { answers, tolerance, fractions, tolerances, feedback } = q.data;
      v.answers = answers.map((a, i) => ({
        key: rowKey(),
        value: tolerance === null ? a : a.replace('.', ','),
        fraction: fractions?.[i] === undefined || fractions[i] === 100 ? '' : creditValue(fractions[i]),
        tolerance: tolerances?.[i] === undefined || tolerances[i] === tolerance ? '' : decimal(tolerances[i]),
        feedback: feedback?.[i] ?? '',
      }));
      v.numeric = tolerance !== null;
      v.tolerance = tolerance ?? '';
      break;
    }
    case 'matching':
      v.pairs = q.data.pairs.map((p) => ({ key: rowKey(), id: p.id, left: p.left, right: p.right }));
      v.distractors = (q.data.distractors ?? []).map((d) => ({ key: rowKey(), id: d.id, text: d.text }));
      break;
    case 'essay':
      break;
  }
  return v;
}

const withId = <T extends object>(id: string | undefined, rest: T) => (id ? { id, ...rest } : rest);
/** The optional fields of a key: only those that hold something, so a plain question's body stays as before. */
const some = <T extends object>(fields: T) =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined && value !== '')) as Partial<T>;

function optionBody(o: OptionRow, type: 'multiple_choice' | 'multiple_answer') {
  // Pilihan ganda: the marked option is the 100 % one; another option's credit is its select (0 when unset).
  const fraction = o.fraction === '' || (type === 'multiple_choice' && o.correct) ? undefined : Number(o.fraction);
  return withId(o.id, { text: o.text, correct: o.correct, ...some({ fraction, feedback: o.feedback.trim() }) });
}

function shortAnswerData(v: QuestionFormValues) {
  const tolerance = v.numeric ? numberOr(String(v.tolerance), 0) : null;
  const data: ShortAnswerData = { answers: v.answers.map((a) => a.value), tolerance };
  if (v.answers.some((a) => a.fraction !== '')) data.fractions = v.answers.map((a) => numberOr(a.fraction, 100));
  if (v.answers.some((a) => a.feedback.trim() !== '')) data.feedback = v.answers.map((a) => a.feedback.trim());
  if (tolerance !== null && v.answers.some((a) => a.tolerance.trim() !== '')) {
    data.tolerances = v.answers.map((a) => numberOr(a.tolerance, tolerance));
  }
  return data;
}

/**
 * The request body of the editor's values (only the chosen type's fields). Issue 41's key fields
 * (credits, feedback, tolerances, distractors) are sent only when the teacher filled them.
 */
export function bodyOf(v: QuestionFormValues): QuestionBody {
  const common = {
    title: v.title.trim() || null,
    text: v.text,
    points: v.points === '' ? 1 : Number(v.points),
    general_feedback: v.general_feedback.trim() || null,
  };
  switch (v.type) {
    case 'multiple_choice':
    case 'multiple_answer': {
      const type = v.type;
      return { type, ...common, data: { options: v.options.map((o) => optionBody(o, type)) } };
    }
    case 'true_false': {
      const data = {
        answer: (v.answer === '' ? undefined : v.answer === 'true') as boolean,
        ...some({ feedback_true: v.feedback_true.trim(), feedback_false: v.feedback_false.trim() }),
      };
      return { type: v.type, ...common, data };
    }
    case 'short_answer': {
      const data = shortAnswerData(v);
      return { type: v.type, ...common, data };
    }
    case 'matching': {
      const distractors = v.distractors.filter((d) => d.text.trim() !== '').map((d) => withId(d.id, { text: d.text }));
      const data = {
        pairs: v.pairs.map((p) => withId(p.id, { left: p.left, right: p.right })),
        ...(distractors.length ? { distractors } : {}),
      };
      return { type: v.type, ...common, data };
    }
    case 'essay':
      return { type: v.type, ...common, data: {} };
  }
}

/** Whether the question uses any of the "Pengaturan lanjutan" (then the editor opens with them shown). */
export function usesAdvanced(v: QuestionFormValues): boolean {
  return (
    v.title.trim() !== '' ||
    v.general_feedback.trim() !== '' ||
    v.feedback_true.trim() !== '' ||
    v.feedback_false.trim() !== '' ||
    v.options.some((o) => o.fraction !== '' || o.feedback.trim() !== '') ||
    v.answers.some((a) => a.fraction !== '' || a.tolerance.trim() !== '' || a.feedback.trim() !== '') ||
    v.distractors.length > 0
  );
}

const TOP_FIELDS = new Set(['points', 'text', 'category_id', 'title', 'general_feedback']);
/** A short answer's lists, index by index with the accepted answers, and the answer row's field each goes to. */
const ANSWER_LISTS: Record<string, string> = { answers: 'value', fractions: 'fraction', tolerances: 'tolerance', feedback: 'feedback' };

/**
 * Where a message of the contract's schema (or of the server, same paths) goes in the editor:
 * `data.options.2.text` → `options.2.text`, `data.answers.0` → `answers.0.value` (`data.fractions.0` → `answers.0.fraction`),
 * `data.answer` → `answer`; anything else of `data` goes under the type's list.
 */
export function formPathOf(path: string, type: QuestionType): string {
  const parts = path.split('.');
  if (parts[0] !== 'data') return TOP_FIELDS.has(parts[0] ?? '') ? parts[0]! : 'form';
  const rest = parts.slice(1);
  const perAnswer = ANSWER_LISTS[rest[0] ?? ''];
  if (perAnswer && rest.length === 2) return `answers.${rest[1]}.${perAnswer}`;
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
