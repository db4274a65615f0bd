import type { App } from '../../types.js';

/** /api/teacher/today, /api/teacher/timetable: the teacher's day and week (issue 37). */
export async function teacherRoutes(_app: App): Promise<void> {}

/** /api/student/today, /api/student/timetable: the student's day and week (issue 37). */
export async function studentRoutes(_app: App): Promise<void> {}
