import { relations } from 'drizzle-orm';
import { storedFiles } from './files.js';
import { lessons, materials, forums } from './classes.js';
import { assignments, assignmentExtensions, submissions } from './assignments.js';
import { quizzes } from './quizzes.js';

/*
 * The relations drizzle's relational queries (`db.query`) follow: a content and the four lists
 * under it, read in one statement with each list aggregated beside its content
 * (features/lessons/queries.ts). Only what those reads walk is declared.
 */
export const lessonsRelations = relations(lessons, ({ many }) => ({
  materials: many(materials),
  forums: many(forums),
  assignments: many(assignments),
  quizzes: many(quizzes),
}));

export const materialsRelations = relations(materials, ({ one }) => ({
  lesson: one(lessons, { fields: [materials.lessonId], references: [lessons.id] }),
  file: one(storedFiles, { fields: [materials.fileId], references: [storedFiles.id] }),
}));

export const forumsRelations = relations(forums, ({ one }) => ({
  lesson: one(lessons, { fields: [forums.lessonId], references: [lessons.id] }),
}));

export const quizzesRelations = relations(quizzes, ({ one }) => ({
  lesson: one(lessons, { fields: [quizzes.lessonId], references: [lessons.id] }),
}));

export const assignmentsRelations = relations(assignments, ({ one, many }) => ({
  lesson: one(lessons, { fields: [assignments.lessonId], references: [lessons.id] }),
  submissions: many(submissions),
  extensions: many(assignmentExtensions),
}));

export const submissionsRelations = relations(submissions, ({ one }) => ({
  assignment: one(assignments, { fields: [submissions.assignmentId], references: [assignments.id] }),
}));

export const assignmentExtensionsRelations = relations(assignmentExtensions, ({ one }) => ({
  assignment: one(assignments, { fields: [assignmentExtensions.assignmentId], references: [assignments.id] }),
}));
