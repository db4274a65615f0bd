import type { App } from '../../types.js';

/** /api/teacher: rubrics, and an assignment's rubric (issue 39; contract schemas/rubrics.ts). */
export default async function rubricRoutes(_app: App): Promise<void> {}
