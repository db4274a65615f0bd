import { RUBRIC_MSG, rubricBody, type Rubric, type RubricBody } from '@kelasku/contract';

/** The editor's rubric: numbers as typed ('' while empty), so a half-typed form still renders. */
export interface LevelDraft {
  key: number;
  title: string;
  description: string;
  points: number | string;
}
export interface CriterionDraft {
  key: number;
  title: string;
  description: string;
  max_points: number | string;
  levels: LevelDraft[];
}
export interface RubricDraft {
  title: string;
  criteria: CriterionDraft[];
}

let seq = 0;
const key = () => ++seq;

export const RUBRIC_LIMITS = { criteriaMax: 12, levelsMin: 2, levelsMax: 6 } as const;

export function newLevel(title = '', points: number | string = ''): LevelDraft {
  return { key: key(), title, description: '', points };
}

/** A new criterion: four levels from the top (4, 3, 2, 1 of a maximum of 4). */
export function newCriterion(): CriterionDraft {
  return {
    key: key(),
    title: '',
    description: '',
    max_points: 4,
    levels: [newLevel('Sangat baik', 4), newLevel('Baik', 3), newLevel('Cukup', 2), newLevel('Perlu bimbingan', 1)],
  };
}

export function draftOf(r?: Rubric): RubricDraft {
  if (!r) return { title: '', criteria: [newCriterion()] };
  return {
    title: r.title,
    criteria: r.criteria.map((c) => ({
      key: key(),
      title: c.title,
      description: c.description ?? '',
      max_points: c.max_points,
      levels: c.levels.map((l) => ({ key: key(), title: l.title, description: l.description ?? '', points: l.points })),
    })),
  };
}

const num = (v: number | string): unknown => (v === '' ? undefined : typeof v === 'number' ? v : Number(v));

/** What the server receives. */
export function bodyOf(d: RubricDraft): RubricBody {
  return {
    title: d.title,
    criteria: d.criteria.map((c) => ({
      title: c.title,
      description: c.description,
      max_points: num(c.max_points) as number,
      levels: c.levels.map((l) => ({ title: l.title, description: l.description, points: num(l.points) as number })),
    })),
  };
}

/**
 * The editor's errors, keyed by path ("title", "criteria", "criteria.0.max_points",
 * "criteria.0.levels", "criteria.0.levels.1.points"): the contract's own rules and messages, so
 * what shows while typing is what the server would answer.
 */
export function rubricErrors(d: RubricDraft): Record<string, string> {
  const parsed = rubricBody.safeParse(bodyOf(d));
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.');
    if (!(path in errors)) errors[path] = issue.message;
  }
  return errors;
}

/** The sum of the criteria's maximum points (what 100 stands for). */
export function maxTotal(d: RubricDraft): number {
  return d.criteria.reduce((a, c) => a + (Number(c.max_points) || 0), 0);
}

export { RUBRIC_MSG };
