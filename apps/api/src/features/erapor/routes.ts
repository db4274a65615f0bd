import type { App } from '../../types.js';

/** /api/teacher: e-Rapor's templates filled in (issue 39; contract schemas/erapor.ts). */
export async function teacherRoutes(_app: App): Promise<void> {}

/** /api: the filled file behind its short-lived link. */
export async function publicRoutes(_app: App): Promise<void> {}
