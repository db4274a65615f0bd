import type { App } from '../../types.js';

/** /api/teacher: a class's Nilai Akhir, the report descriptions, the wali kelas's leger (issue 39; contract schemas/report-grades.ts). */
export async function teacherRoutes(_app: App): Promise<void> {}

/** /api/student: "Nilai Saya" per class. */
export async function studentRoutes(_app: App): Promise<void> {}

/** /api/admin: any rombel's leger. */
export async function adminRoutes(_app: App): Promise<void> {}
