// The contract's quiz types and messages the student's screens use, through one door.
export type {
  AttemptReview,
  ClassLessonQuiz,
  QuizAnswer,
  QuizAttemptSummary,
  ReviewQuestion,
  StudentAttempt,
  StudentQuiz,
  StudentQuizQuestion,
  StudentQuizView,
  SubmittedAttempt,
} from '@kelasku/contract';
export { QUIZ_MSG } from '@kelasku/contract';
