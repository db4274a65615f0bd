/**
 * Every table of the database, one file per domain under schema/ (drizzle.config.ts and
 * db/client.ts read this index; features import their tables from here).
 */
export * from './schema/files.js';
export * from './schema/school.js';
export * from './schema/users.js';
export * from './schema/uploads.js';
export * from './schema/classes.js';
export * from './schema/assignments.js';
export * from './schema/quizzes.js';
export * from './schema/notifications.js';
export * from './schema/imports.js';
export * from './schema/audit.js';
export * from './schema/school-year.js';
export * from './schema/attendance.js';
export * from './schema/report-grades.js';
export * from './schema/parents.js';
export * from './schema/reach.js';
