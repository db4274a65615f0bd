// Each feature adds its schemas in a file of its own and re-exports it here.
export * from './imports.js';
export * from './admin.js';
export * from './classes.js';
export * from './forums.js';
export * from './assignments.js';
export * from './student.js';
export * from './gradebook.js';
export * from './submission-zip.js';
export * from './lessons.js';
export * from './notifications.js';
export * from './question-bank.js';
export * from './quizzes.js';
export * from './audit-log.js';
export * from './school-year.js';
export * from './teaching.js';
export * from './timetable.js';
