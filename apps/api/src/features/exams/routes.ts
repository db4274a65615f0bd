/**
 * Issue 41, exam mode (schemas/exams.ts lists the routes): the proctor's token, board, actions and
 * per-student overrides (teacher), the leave log (student), and the class's question category for
 * "Tambah soal" inside the quiz form (teacher).
 */
import type { App } from '../../types.js';

/** /api/teacher: the proctor's token, board and actions; the overrides; the class's question category. */
export async function teacherRoutes(_app: App): Promise<void> {}

/** /api/student: leaving and coming back to the exam page. */
export async function studentRoutes(_app: App): Promise<void> {}
