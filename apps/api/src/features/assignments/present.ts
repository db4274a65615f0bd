import type { Assignment as AssignmentView } from '@kelasku/contract';
import type { Assignment, OnlineClass } from '../../access/index.js';

/** The Assignment of SPEC §3 from its row, its author's name and its class. */
export const toAssignment = (a: Assignment, author: string, klass: Pick<OnlineClass, 'id' | 'name'>): AssignmentView => ({
  id: a.id,
  assignment_id: a.id,
  content_id: a.lessonId,
  title: a.title,
  description: a.description,
  deadline: a.deadline.toISOString(),
  closes_at: a.closesAt?.toISOString() ?? null,
  author,
  created_at: a.createdAt.toISOString(),
  updated_at: a.updatedAt.toISOString(),
  online_class: { id: klass.id, name: klass.name },
  rubric_id: a.rubricId,
});
