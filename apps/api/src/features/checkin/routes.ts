import type { App } from '../../types.js';

/** /api/teacher: self check-in of a meeting (issue 38; contract schemas/checkin.ts). */
export async function teacherRoutes(_app: App): Promise<void> {}

/** /api/student: checking in with a code. */
export async function studentRoutes(_app: App): Promise<void> {}
