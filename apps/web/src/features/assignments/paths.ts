import type { AssignmentRef } from '../../api/assignments';

/** The teacher's assignment page. */
export const assignmentPath = (r: AssignmentRef) => `/online-class/${r.classId}/contents/${r.lessonId}/assignment/${r.id}`;

/** One student's work in the grading view. */
export const studentWorkPath = (r: AssignmentRef, studentId: number) => `${assignmentPath(r)}/students/${studentId}`;
