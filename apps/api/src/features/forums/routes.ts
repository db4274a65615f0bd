import type { App } from '../../types.js';

/** Teacher forum routes: filled in by its issue. */
export async function teacherRoutes(_app: App): Promise<void> {}

/** Student forum routes: filled in by its issue. */
export async function studentRoutes(_app: App): Promise<void> {}
