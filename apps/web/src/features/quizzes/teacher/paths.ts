import type { QuizRef } from '../../../api/quizzes';

/** The teacher's quiz pages, under the content like its assignments. */
const lessonBase = (classId: number, lessonId: number) => `/online-class/${classId}/contents/${lessonId}`;

export const newQuizPath = (classId: number, lessonId: number) => `${lessonBase(classId, lessonId)}/quizzes/new`;
export const quizPath = (r: QuizRef) => `${lessonBase(r.classId, r.lessonId)}/quizzes/${r.id}`;
export const editQuizPath = (r: QuizRef) => `${quizPath(r)}/edit`;
export const attemptPath = (r: QuizRef, attemptId: number) => `${quizPath(r)}/attempts/${attemptId}`;
