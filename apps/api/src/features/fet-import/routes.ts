import type { App } from '../../types.js';

/** /api/admin/imports/fet: a FET timetable file into subjects, rombels, assignments and slots (issue 37). */
export default async function fetImportRoutes(_app: App): Promise<void> {}
