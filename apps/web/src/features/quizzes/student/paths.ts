import { useParams } from 'react-router';
import type { StudentQuizRef as QuizRef } from '../../../api/quizzes';

/** The student's quiz screens: the intro, the attempt, and its result. */
export const quizPath = (r: QuizRef) => `/my-classes/${r.classId}/contents/${r.lessonId}/quizzes/${r.quizId}`;
export const attemptPath = (r: QuizRef, attemptId: number) => `${quizPath(r)}/attempts/${attemptId}`;
export const resultPath = (r: QuizRef, attemptId: number) => `${attemptPath(r, attemptId)}/result`;

/** The quiz (and attempt) of the route's parameters; NaN where the address holds no number. */
export function useQuizParams(): { ref: QuizRef; attemptId: number } {
  const p = useParams();
  return {
    ref: { classId: Number(p.classId), lessonId: Number(p.lessonId), quizId: Number(p.quizId) },
    attemptId: Number(p.attemptId),
  };
}

/** How the result page was reached: handed in, or closed by the clock or the server. */
export interface ResultState {
  ended?: 'submitted' | 'time-up';
}
