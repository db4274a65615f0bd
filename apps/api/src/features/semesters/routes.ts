import type { App } from '../../types.js';

/** /api/admin/semesters: school years and semesters, starting the next one (issue 37). */
export async function adminRoutes(_app: App): Promise<void> {}

/** /api/semesters/active: the active semester, for everyone signed in. */
export async function authedRoutes(_app: App): Promise<void> {}
