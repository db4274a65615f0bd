/**
 * A checked question body → the key as stored: options and pairs keep the ids the client sent
 * back and new ones get an id of 8 url-safe characters, unique within the question.
 */
import { randomBytes } from 'node:crypto';
import type { QuestionInput, QuestionKey } from '@kelasku/contract';

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

/** The key of a checked question (type and data), every option and pair with its id. */
export function keyOf(input: KeyInput): QuestionKey {
  switch (input.type) {
    case 'multiple_choice':
    case 'multiple_answer':
      return {
        type: input.type,
        data: { options: withIdsOf(input.data.options).map((o) => ({ id: o.id, text: o.text, correct: o.correct })) },
      };
    case 'matching':
      return { type: input.type, data: { pairs: withIdsOf(input.data.pairs).map((p) => ({ id: p.id, left: p.left, right: p.right })) } };
    case 'true_false':
      return { type: input.type, data: { answer: input.data.answer } };
    case 'short_answer':
      return { type: input.type, data: { answers: input.data.answers, tolerance: input.data.tolerance } };
    case 'essay':
      return { type: input.type, data: {} };
  }
}
