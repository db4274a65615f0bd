import type { App } from '../../types.js';

/** /api/admin/teaching-assignments: pembagian tugas mengajar (issue 37). */
export default async function teachingAssignmentRoutes(_app: App): Promise<void> {}
