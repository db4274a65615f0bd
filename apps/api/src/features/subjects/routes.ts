import type { App } from '../../types.js';

/** /api/admin/subjects: mata pelajaran, their XLSX import and export (issue 37). */
export default async function subjectRoutes(_app: App): Promise<void> {}
