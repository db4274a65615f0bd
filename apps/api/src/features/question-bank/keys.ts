/**
 * A checked question body → the key as stored: options and pairs keep the ids the client sent
 * back and new ones get an id of 8 url-safe characters, unique within the question. The optional
 * fields of issue 41 are kept only where they say more than the default (so a key without them
 * scores as before, and GIFT read twice gives the same key).
 */
import { randomBytes } from 'node:crypto';
import type { ChoiceOption, QuestionInput, QuestionKey, ShortAnswerData } from '@kelasku/contract';

/** A fresh option or pair id: 8 url-safe characters. */
export const newItemId = () => randomBytes(6).toString('base64url');

function withIdsOf<T extends { id?: string | undefined }>(items: T[]): Array<Omit<T, 'id'> & { id: string }> {
  const taken = new Set(items.map((i) => i.id).filter((id): id is string => id !== undefined));
  return items.map((item) => {
    if (item.id !== undefined) return { ...item, id: item.id };
    let id = newItemId();
    while (taken.has(id)) id = newItemId();
    taken.add(id);
    return { ...item, id };
  });
}

/** The type and data of a checked question body (the union kept, so `type` still tells `data`). */
export type KeyInput = QuestionInput extends infer U ? (U extends QuestionInput ? Pick<U, 'type' | 'data'> : never) : never;

type OptionIn = { id: string; text: string; correct: boolean; fraction?: number | undefined; feedback?: string | undefined };

/**
 * Options as stored. Single choice: a correct option is full credit, another keeps a credit other
 * than 0. Multiple answer with any credit: every option keeps one (missing: 0) and is correct iff
 * its credit is positive.
 */
function optionsOf(type: 'multiple_choice' | 'multiple_answer', options: OptionIn[]): ChoiceOption[] {
  const credits = type === 'multiple_answer' && options.some((o) => o.fraction !== undefined);
  return options.map((o) => {
    const fraction = credits ? (o.fraction ?? 0) : !o.correct && o.fraction !== undefined && o.fraction !== 0 ? o.fraction : undefined;
    return {
      id: o.id,
      text: o.text,
      correct: credits ? fraction! > 0 : o.correct,
      ...(fraction === undefined ? {} : { fraction }),
      ...(o.feedback ? { feedback: o.feedback } : {}),
    };
  });
}

function shortAnswerOf(d: ShortAnswerData): ShortAnswerData {
  const numeric = d.tolerance !== null;
  const tolerances = numeric && d.tolerances?.some((t, i) => d.answers[i] !== '*' && t !== d.tolerance) ? d.tolerances : undefined;
  return {
    answers: d.answers,
    tolerance: d.tolerance,
    ...(d.fractions?.some((f) => f !== 100) ? { fractions: d.fractions } : {}),
    ...(tolerances ? { tolerances: tolerances.map((t, i) => (d.answers[i] === '*' ? d.tolerance! : t)) } : {}),
    ...(d.feedback?.some((f) => f !== '') ? { feedback: d.feedback } : {}),
  };
}

/** The key of a checked question (type and data), every option and pair with its id. */
export function keyOf(input: KeyInput): QuestionKey {
  switch (input.type) {
    case 'multiple_choice':
    case 'multiple_answer':
      return { type: input.type, data: { options: optionsOf(input.type, withIdsOf(input.data.options)) } };
    case 'matching': {
      const distractors = input.data.distractors ?? [];
      const items = withIdsOf<{ id?: string | undefined; left?: string; right?: string; text?: string }>([
        ...input.data.pairs,
        ...distractors,
      ]);
      const pairs = items.slice(0, input.data.pairs.length).map((p) => ({ id: p.id, left: p.left!, right: p.right! }));
      const extra = items.slice(input.data.pairs.length).map((x) => ({ id: x.id, text: x.text! }));
      return { type: input.type, data: { pairs, ...(extra.length > 0 ? { distractors: extra } : {}) } };
    }
    case 'true_false': {
      const { answer, feedback_true: onTrue, feedback_false: onFalse } = input.data;
      return {
        type: input.type,
        data: { answer, ...(onTrue ? { feedback_true: onTrue } : {}), ...(onFalse ? { feedback_false: onFalse } : {}) },
      };
    }
    case 'short_answer':
      return { type: input.type, data: shortAnswerOf(input.data) };
    case 'essay':
      return { type: input.type, data: {} };
  }
}
