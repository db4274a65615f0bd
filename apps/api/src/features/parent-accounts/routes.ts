/** Issue 40: parent accounts — pairing codes, sign-up, links, the privacy notice (contract schemas/parents.ts). */
import type { App } from '../../types.js';

/** /api: checking a pairing code and signing up with it. */
export async function publicRoutes(_app: App): Promise<void> {}
/** /api/student: the student's pairing code and linked parents. */
export async function studentRoutes(_app: App): Promise<void> {}
/** /api/parent: pairing a sibling, the privacy notice. */
export async function parentRoutes(_app: App): Promise<void> {}
/** /api/teacher: the wali kelas's parents of a student, creating one, the slips. */
export async function teacherRoutes(_app: App): Promise<void> {}
/** /api/admin: a student's parents, unlinking. */
export async function adminRoutes(_app: App): Promise<void> {}
