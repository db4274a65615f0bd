import { GRADE_MSG, schemeDefaultsBody, type CategoryBody, type EraporPart, type GradeCategory } from '@kelasku/contract';
import { ApiError } from '../../lib/api-error';
import { errorMessage } from '../../lib/toast';

/** One category as the editor holds it: numbers may be empty ('') while the teacher types. */
export interface CategoryDraft {
  /** Stable React key (the id of a saved category, else a local mark). */
  key: string;
  id?: number;
  name: string;
  weight: number | '';
  drop_lowest: number | '';
  missing_counts_zero: boolean;
  erapor_part: EraporPart | null;
  /** Work in it (a class's scheme); a category holding work cannot be removed. */
  work_count?: number;
}

let localSeq = 0;

export const toDrafts = (categories: Array<GradeCategory & { work_count?: number }>): CategoryDraft[] =>
  [...categories]
    .sort((a, b) => a.position - b.position)
    .map((c) => ({
      key: `c${c.id}`,
      id: c.id,
      name: c.name,
      weight: c.weight,
      drop_lowest: c.drop_lowest,
      missing_counts_zero: c.missing_counts_zero,
      erapor_part: c.erapor_part,
      ...(c.work_count !== undefined ? { work_count: c.work_count } : {}),
    }));

export const newCategory = (): CategoryDraft => ({
  key: `new${++localSeq}`,
  name: '',
  weight: 0,
  drop_lowest: 0,
  missing_counts_zero: true,
  erapor_part: null,
});

/** The weights' running total (an empty weight counts 0). */
export const weightTotal = (drafts: readonly CategoryDraft[]) =>
  drafts.reduce((a, c) => a + (typeof c.weight === 'number' ? c.weight : 0), 0);

/** The total's line under the editor: null when it is 100. */
export const totalError = (drafts: readonly CategoryDraft[]) => {
  const total = weightTotal(drafts);
  return total === 100 ? null : GRADE_MSG.weightsTotal(total);
};

/** The categories as the API takes them, in the editor's order. */
export const toBody = (drafts: readonly CategoryDraft[]): CategoryBody[] =>
  drafts.map((c) => ({
    ...(c.id !== undefined ? { id: c.id } : {}),
    name: c.name,
    weight: c.weight as number,
    drop_lowest: c.drop_lowest as number,
    missing_counts_zero: c.missing_counts_zero,
    erapor_part: c.erapor_part,
  }));

/** Moves the category at `from` one place up (-1) or down (+1). */
export function move<T>(list: readonly T[], from: number, by: -1 | 1): T[] {
  const to = from + by;
  if (to < 0 || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/**
 * The messages of the contract's own rules for the categories, keyed as the API keys them
 * ("categories" for the total, "categories.0.name" …), first message per key: the screen shows the
 * same words before sending as the server would answer.
 */
export function schemeErrors(drafts: readonly CategoryDraft[]): Record<string, string> {
  const parsed = schemeDefaultsBody.safeParse({ categories: toBody(drafts) });
  const errors: Record<string, string> = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) errors[issue.path.map(String).join('.')] ??= issue.message;
  return errors;
}

/**
 * A failed save as the scheme form shows it: each field's first message keyed as the API keys it,
 * and the one message for the whole form when the answer names no field (a 409, a lock, no network).
 */
export function saveFailure(err: unknown): { fields: Record<string, string>; message: string | null } {
  const fields: Record<string, string> = {};
  if (err instanceof ApiError) for (const [name, list] of Object.entries(err.errors)) if (list[0]) fields[name] = list[0];
  const shown = Object.keys(fields).filter((k) => k === 'kktp' || k.startsWith('categories'));
  return { fields, message: shown.length > 0 ? null : (fields._ ?? errorMessage(err)) };
}
