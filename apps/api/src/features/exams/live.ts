/**
 * The proctor board's live events (issue 41): `exam` { quiz_id, student_id } on topics.exam(quizId),
 * written in the transaction of the change (a start, a leave, a return, a submit, a proctor action).
 * Answer saves announce nothing: at an exam start 1,500 students save every ~20 s, and an event per
 * save put every save into a transaction behind the publishers' lock (bench/RESULTS-exam.md); the
 * board's "answered" column catches up with the next event of that student or the board's refresh.
 */
import type { Executor } from '../../db/client.js';
import { publishIn, topics } from '../../live/bus.js';

/** Publishes "this student's row of the board changed" inside the caller's transaction. */
export const publishExam = (tx: Executor, quizId: number, studentId: number): Promise<void> =>
  publishIn(tx, [{ topic: topics.exam(quizId), event: 'exam', data: { quiz_id: quizId, student_id: studentId } }]);
