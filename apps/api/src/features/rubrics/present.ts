import type { Rubric, RubricSummary } from '@kelasku/contract';
import type { RubricRow } from './queries.js';

const maxTotal = (r: RubricRow) => r.criteria.reduce((a, c) => a + c.max_points, 0);

export const toRubric = (r: RubricRow): Rubric => ({
  id: r.id,
  title: r.title,
  criteria: r.criteria.map((c) => ({
    title: c.title,
    description: c.description,
    max_points: c.max_points,
    levels: c.levels.map((l) => ({ title: l.title, description: l.description, points: l.points })),
  })),
  max_total: maxTotal(r),
  used_for_grading: r.usedForGrading,
  assignment_count: r.assignmentCount,
  updated_at: r.updatedAt.toISOString(),
});

export const toRubricSummary = (r: RubricRow): RubricSummary => ({
  id: r.id,
  title: r.title,
  criteria_count: r.criteria.length,
  max_total: maxTotal(r),
  used_for_grading: r.usedForGrading,
  assignment_count: r.assignmentCount,
  updated_at: r.updatedAt.toISOString(),
});

/** An assignment's rubric as the student and the grading view show it (null: none). */
export const toAssignmentRubric = (r: RubricRow | null): Rubric | null => (r ? toRubric(r) : null);
