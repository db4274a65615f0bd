import type { ClassLesson, ClassLessonDetail } from '@kelasku/contract';
import type { FileLinks } from '../../files/service.js';
import type { Content } from '../../access/index.js';
import { toMaterial } from '../materials/present.js';
import { toVisibility } from './visibility.js';
import type { LessonChildren } from './queries.js';

export const toLesson = (c: Content): ClassLesson => ({
  id: c.id,
  online_class_id: c.onlineClassId,
  number: c.number,
  position: c.position,
  ...toVisibility(c),
  title: c.title,
  description: c.description,
  created_at: c.createdAt.toISOString(),
  updated_at: c.updatedAt.toISOString(),
});

/** Contents with their materials (signed links), forums, assignments and quizzes, each list in the teacher's order. */
export function toLessonDetails(
  files: FileLinks,
  rows: Content[],
  { materialRows, forumRows, assignmentRows, quizRows }: LessonChildren,
): ClassLessonDetail[] {
  const out = new Map<number, ClassLessonDetail>(
    rows.map((c) => [c.id, { ...toLesson(c), materials: [], forums: [], assignment: [], quizzes: [] }]),
  );
  for (const { m, f } of materialRows) out.get(m.lessonId)?.materials.push(toMaterial(files, m, f));
  for (const f of forumRows) out.get(f.lessonId)?.forums.push({ id: f.id, topic: f.topic, position: f.position, ...toVisibility(f) });
  for (const a of assignmentRows) {
    out.get(a.lessonId)?.assignment.push({ id: a.id, title: a.title, position: a.position, ...toVisibility(a) });
  }
  for (const q of quizRows) {
    out.get(q.lessonId)?.quizzes.push({
      id: q.id,
      title: q.title,
      position: q.position,
      ...toVisibility(q),
      opens_at: q.opensAt?.toISOString() ?? null,
      closes_at: q.closesAt?.toISOString() ?? null,
      time_limit_minutes: q.timeLimitMinutes,
    });
  }
  return [...out.values()];
}
