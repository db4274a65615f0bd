/** The forum routes by area, for the route registry (features/index.ts). */
export { teacherRoutes } from './teacher-routes.js';
export { studentRoutes } from './student-routes.js';
