import type { App } from '../../types.js';

/** /api/admin/homerooms: wali kelas per rombel per semester (issue 37). */
export default async function homeroomRoutes(_app: App): Promise<void> {}
