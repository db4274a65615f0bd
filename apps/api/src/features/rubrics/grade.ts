import { RUBRIC_MSG, rubricScore } from '@kelasku/contract';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rubrics } from '../../db/schema.js';
import type { RubricMark } from '../../db/schema/assignments.js';
import { invalidField } from '../../http/errors.js';

/**
 * The rubric marks of a grade, checked against the assignment's rubric (issue 39): one mark per
 * criterion (422 marksCount), each level an index of that criterion's levels (422 levelUnknown), and
 * the score sent equal to rubricScore (422 scoreMismatch). Answers the marks to store, or null when
 * none were sent or the assignment has no rubric (a plain score grade; marks sent then are ignored).
 * Called before the grading transaction (grade and quick-grading routes).
 */
export async function checkRubricGrade(
  db: Executor,
  assignment: { id: number; rubricId: number | null },
  score: number,
  marks: RubricMark[] | undefined,
): Promise<RubricMark[] | null> {
  if (!marks || assignment.rubricId == null) return null;
  const [r] = await db.select({ criteria: rubrics.criteria }).from(rubrics).where(eq(rubrics.id, assignment.rubricId));
  if (!r) return null;
  if (marks.length !== r.criteria.length) throw invalidField('rubric_marks', RUBRIC_MSG.marksCount(r.criteria.length));
  marks.forEach((m, i) => {
    if (m.level != null && !(m.level >= 0 && m.level < r.criteria[i]!.levels.length))
      throw invalidField(`rubric_marks.${i}.level`, RUBRIC_MSG.levelUnknown);
  });
  if (rubricScore(r, marks) !== score) throw invalidField('score', RUBRIC_MSG.scoreMismatch);
  return marks.map((m) => ({ level: m.level, comment: m.comment ?? null }));
}
