/** The quiz routes by area, for the route registry (features/index.ts). */
export { default } from './teacher-routes.js';
export { studentQuizRoutes } from './student-routes.js';
