import type { App } from '../../types.js';

/** /api/admin: tujuan pembelajaran per subject and grade (issue 39; contract schemas/learning-objectives.ts). */
export async function adminRoutes(_app: App): Promise<void> {}

/** /api/teacher: the same for the subjects a teacher teaches, and a class's TPs. */
export async function teacherRoutes(_app: App): Promise<void> {}
