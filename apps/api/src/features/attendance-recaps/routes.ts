import type { App } from '../../types.js';

/** /api/teacher: recaps of a class and (wali kelas) of a rombel (issue 38; contract schemas/attendance-recaps.ts). */
export async function teacherRoutes(_app: App): Promise<void> {}

/** /api/student: the student's own attendance. */
export async function studentRoutes(_app: App): Promise<void> {}

/** /api/admin: every rombel's recaps and the settings. */
export async function adminRoutes(_app: App): Promise<void> {}
