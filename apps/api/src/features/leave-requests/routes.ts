import type { App } from '../../types.js';

/** /api/student: izin and sakit requests (issue 38; contract schemas/leave-requests.ts). */
export async function studentRoutes(_app: App): Promise<void> {}

/** /api/teacher: the wali kelas decides. */
export async function teacherRoutes(_app: App): Promise<void> {}

/** /api/admin: reads. */
export async function adminRoutes(_app: App): Promise<void> {}
