import type { QuizRef } from '../../../api/quizzes';

/** The teacher's quiz pages, under the content like its assignments. */
const contentBase = (classId: number, contentId: number) => `/online-class/${classId}/contents/${contentId}`;

export const newQuizPath = (classId: number, contentId: number) => `${contentBase(classId, contentId)}/quizzes/new`;
export const quizPath = (r: QuizRef) => `${contentBase(r.classId, r.contentId)}/quizzes/${r.id}`;
export const editQuizPath = (r: QuizRef) => `${quizPath(r)}/edit`;
export const attemptPath = (r: QuizRef, attemptId: number) => `${quizPath(r)}/attempts/${attemptId}`;
