import type { App } from '../../types.js';

/** /api/admin/bell-times and /api/admin/timetable: bell times and the weekly timetable (issue 37). */
export default async function timetableRoutes(_app: App): Promise<void> {}
