/**
 * An attempt's layout and what a student sees of a question (pure: no database, no clock).
 *
 * The layout is fixed when the attempt starts and stored with it (quiz_attempts.layout), so a
 * reload or another phone shows the same: the questions in their order and, per question, the
 * order of its options (choice types) or of the right-hand list (matching).
 *
 * A matching question's right-hand items are shown under ids made for the attempt (`tokens`), not
 * under their pair ids: the left items carry the pair ids, and the same id on both sides would
 * give the pairing away. The student's answer names those tokens; it is stored by pair ids (what
 * scoring reads) and shown back by tokens.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { answerSchemas, type QuestionType, type QuizAnswer, type StudentQuizQuestion } from '@kelasku/contract';

export interface LayoutItem {
  question_id: number;
  /** Choice types: option ids in the order shown. Matching: pair (and unused answer) ids of the right-hand list in the order shown. */
  order?: string[];
  /** Matching: the ids the right-hand items are shown under, aligned with `order`. */
  tokens?: string[];
}
export type Layout = LayoutItem[];

/** What this module reads of a question. */
export interface LayoutQuestion {
  id: number;
  type: string;
  text: string;
  points: number;
  data: unknown;
}

interface Choice {
  id: string;
  text: string;
  correct?: boolean;
}
interface Pair {
  id: string;
  left: string;
  right: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const listOf = <T>(data: unknown, key: string, ok: (v: Record<string, unknown>) => boolean): T[] =>
  isObject(data) && Array.isArray(data[key])
    ? ((data[key] as unknown[]).filter((v): v is Record<string, unknown> => isObject(v) && ok(v)) as T[])
    : [];

export const optionsOf = (data: unknown): Choice[] =>
  listOf<Choice>(data, 'options', (o) => typeof o.id === 'string' && typeof o.text === 'string');
export const pairsOf = (data: unknown): Pair[] =>
  listOf<Pair>(data, 'pairs', (p) => typeof p.id === 'string' && typeof p.left === 'string' && typeof p.right === 'string');

/** The right-hand list of a matching question: the pairs' right sides, then its unused answers (issue 41, `distractors`). */
const rightItemsOf = (data: unknown): Array<{ id: string; right: string; isPair: boolean }> => [
  ...pairsOf(data).map((p) => ({ id: p.id, right: p.right, isPair: true })),
  ...listOf<{ id: string; text: string }>(data, 'distractors', (d) => typeof d.id === 'string' && typeof d.text === 'string').map((d) => ({
    id: d.id,
    right: d.text,
    isPair: false,
  })),
];

export const isChoice = (type: string) => type === 'multiple_choice' || type === 'multiple_answer';

/** A copy of `list` in random order (Fisher–Yates on crypto randomness). */
export function shuffled<T>(list: readonly T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** An id for a right-hand item of a matching question, unique within the question. */
const token = () => randomBytes(6).toString('base64url');

/** The layout of one question: its options' order (shuffled if asked), or a matching question's shuffled right list under fresh ids. */
export function layoutItem(q: Pick<LayoutQuestion, 'id' | 'type' | 'data'>, shuffleOptions: boolean): LayoutItem {
  if (isChoice(q.type)) {
    const ids = optionsOf(q.data).map((o) => o.id);
    return { question_id: q.id, order: shuffleOptions ? shuffled(ids) : ids };
  }
  if (q.type === 'matching') {
    const order = shuffled(rightItemsOf(q.data).map((p) => p.id));
    const tokens = new Set<string>();
    while (tokens.size < order.length) tokens.add(token());
    return { question_id: q.id, order, tokens: [...tokens] };
  }
  return { question_id: q.id };
}

/**
 * Items in the layout's order: those still in the question first, then any added since the start
 * (a teacher's edit), so the list always shows what the question holds now.
 */
function inOrder<T extends { id: string }>(items: T[], order: string[] | undefined): T[] {
  const byId = new Map(items.map((i) => [i.id, i]));
  const first = (order ?? []).map((id) => byId.get(id)).filter((i): i is T => i !== undefined);
  const shown = new Set(first.map((i) => i.id));
  return [...first, ...items.filter((i) => !shown.has(i.id))];
}

/** The right-hand list of a matching question as shown: [{ token, pair (or unused answer) id, text }]. */
function rightList(
  q: Pick<LayoutQuestion, 'data'>,
  item: LayoutItem,
): Array<{ token: string; pair: string; text: string; isPair: boolean }> {
  const tokenOf = new Map((item.order ?? []).map((pair, i) => [pair, item.tokens?.[i]]));
  const shown = rightItemsOf(q.data).filter((r) => typeof tokenOf.get(r.id) === 'string');
  return inOrder(shown, item.order).map((p) => ({ token: tokenOf.get(p.id)!, pair: p.id, text: p.right, isPair: p.isPair }));
}

/**
 * The pairs of a matching question this attempt shows: those it was laid out with (a pair the
 * teacher added since has no id of the attempt, and showing it under its pair id would give it away).
 */
function pairsInAttempt(q: Pick<LayoutQuestion, 'data'>, item: LayoutItem) {
  const shown = new Map((item.order ?? []).map((pair, i) => [pair, item.tokens?.[i]]));
  return pairsOf(q.data).filter((p) => typeof shown.get(p.id) === 'string');
}

/** A question as the student sees it in this attempt: no key; options in the attempt's order. */
export function studentQuestion(q: LayoutQuestion, item: LayoutItem, image: string | null): StudentQuizQuestion {
  const base = { id: q.id, type: q.type as QuestionType, text: q.text, points: q.points, image };
  if (isChoice(q.type)) return { ...base, options: inOrder(optionsOf(q.data), item.order).map((o) => ({ id: o.id, text: o.text })) };
  if (q.type === 'matching') {
    return {
      ...base,
      left: pairsInAttempt(q, item).map((p) => ({ id: p.id, text: p.left })),
      right: rightList(q, item).map((r) => ({ id: r.token, text: r.text })),
    };
  }
  return base;
}

/**
 * The answer as it is stored, or null when it does not fit the question: the shape of its type,
 * option ids of the question, a matching answer's left ids and right ids of this attempt (stored
 * by pair ids). Duplicate choices collapse.
 */
export function storedAnswer(q: Pick<LayoutQuestion, 'type' | 'data'>, item: LayoutItem, answer: unknown): QuizAnswer | null {
  const schema = answerSchemas[q.type as QuestionType];
  if (!schema) return null;
  const parsed = schema.strict().safeParse(answer);
  if (!parsed.success) return null;
  const a = parsed.data as Record<string, unknown>;
  switch (q.type) {
    case 'multiple_choice': {
      const ids = new Set(optionsOf(q.data).map((o) => o.id));
      return ids.has(a.option as string) ? { option: a.option as string } : null;
    }
    case 'multiple_answer': {
      const ids = new Set(optionsOf(q.data).map((o) => o.id));
      const chosen = [...new Set(a.options as string[])];
      return chosen.every((id) => ids.has(id)) ? { options: chosen } : null;
    }
    case 'matching': {
      const left = new Set(pairsInAttempt(q, item).map((p) => p.id));
      const pairOf = new Map(rightList(q, item).map((r) => [r.token, r.pair]));
      const matches: Record<string, string> = {};
      for (const [l, r] of Object.entries(a.matches as Record<string, string>)) {
        const pair = pairOf.get(r);
        if (!left.has(l) || pair === undefined) return null;
        matches[l] = pair;
      }
      return { matches };
    }
    default:
      return a as QuizAnswer;
  }
}

/** A stored answer as the student sees it again (a matching answer's right ids back to this attempt's ids). */
export function shownAnswer(q: Pick<LayoutQuestion, 'type' | 'data'>, item: LayoutItem, stored: unknown): QuizAnswer | null {
  if (!isObject(stored)) return null;
  if (q.type !== 'matching') return stored as QuizAnswer;
  const tokenOf = new Map(rightList(q, item).map((r) => [r.pair, r.token]));
  const matches: Record<string, string> = {};
  for (const [l, pair] of Object.entries(isObject(stored.matches) ? stored.matches : {})) {
    const t = typeof pair === 'string' ? tokenOf.get(pair) : undefined;
    if (t !== undefined) matches[l] = t;
  }
  return { matches };
}

/** The correct answer for the review, ids as the attempt shows them. */
export function reviewKeyOf(q: Pick<LayoutQuestion, 'type' | 'data'>, item: LayoutItem) {
  const data = isObject(q.data) ? q.data : {};
  switch (q.type) {
    case 'multiple_choice':
    case 'multiple_answer':
      return {
        options: optionsOf(data)
          .filter((o) => o.correct === true)
          .map((o) => o.id),
      };
    case 'true_false':
      return { value: data.answer === true };
    case 'short_answer':
      return {
        answers: Array.isArray(data.answers) ? data.answers.filter((a): a is string => typeof a === 'string') : [],
        tolerance: typeof data.tolerance === 'number' ? data.tolerance : null,
      };
    case 'matching':
      return { matches: Object.fromEntries(rightList(q, item).flatMap((r) => (r.isPair ? [[r.pair, r.token]] : []))) };
    default:
      return {};
  }
}

/** The layout as stored (jsonb), read defensively. */
export function layoutOf(raw: unknown): Layout {
  return Array.isArray(raw) ? raw.filter((i): i is LayoutItem => isObject(i) && typeof i.question_id === 'number') : [];
}
