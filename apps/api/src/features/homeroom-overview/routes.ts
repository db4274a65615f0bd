/** Issue 40: "Kelas Perwalian" — the wali kelas's rombel at a glance, messages to parents, the at-risk settings. */
import type { App } from '../../types.js';

/** /api/teacher: the overview and the messages. */
export async function teacherRoutes(_app: App): Promise<void> {}
/** /api/admin: the at-risk thresholds. */
export async function adminRoutes(_app: App): Promise<void> {}
