import type { App } from '../../types.js';

/** /api/teacher: meetings of a class, taking attendance, the teaching journal (issue 38; contract schemas/meetings.ts). */
export default async function meetingRoutes(_app: App): Promise<void> {}
