import type { App } from '../../types.js';

/** /api/admin/departments: the school's departments (issue 37). */
export default async function departmentRoutes(_app: App): Promise<void> {}
