import type { App } from '../../types.js';

/** /api/admin: the school's default grade scheme and the semester's lock (issue 39; contract schemas/grade-scheme.ts). */
export async function adminRoutes(_app: App): Promise<void> {}

/** /api/teacher: a class's grade scheme, its release, and the category and TPs of its work. */
export async function teacherRoutes(_app: App): Promise<void> {}
