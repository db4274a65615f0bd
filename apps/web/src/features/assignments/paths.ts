import type { AssignmentRef } from '../../api/assignments';

/** A route's id parameter as a number, or null when it is not a plausible id (the page shows Not Found). */
export const positiveId = (v: string | undefined) => (v && /^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : null);

/** The teacher's assignment page. */
export const assignmentPath = (r: AssignmentRef) => `/online-class/${r.classId}/contents/${r.contentId}/assignment/${r.id}`;

/** One student's work in the grading view. */
export const studentWorkPath = (r: AssignmentRef, studentId: number) => `${assignmentPath(r)}/students/${studentId}`;
