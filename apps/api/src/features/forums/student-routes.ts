import type { App } from '../../types.js';
import { threadRoutes } from './thread-routes.js';

/** /api/student/my-classes/:classId/contents/:lessonId/forums: threads of classes of the student's rombel. */
export async function studentRoutes(app: App): Promise<void> {
  threadRoutes(app, '/my-classes/:classId/contents/:lessonId', ['student: forums']);
}
