import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { storedFiles, students, submissionFiles, submissions, users } from '../../db/schema.js';

/**
 * Every handed-in submission of the assignment with the files of its current version, one row per
 * file (a submission without files: one row with file null), by student name then file position.
 * The students are those of the class's rombel, as in the grading columns; in an archived class
 * (`rombelId` null) everyone who handed in. One query whatever the number of students.
 */
export function handedInFiles(db: Db, assignmentId: number, rombelId: number | null) {
  return db
    .select({
      studentId: users.id,
      name: users.name,
      nis: students.nis,
      textAnswer: submissions.textAnswer,
      submittedAt: submissions.submittedAt,
      file: { storageKey: storedFiles.storageKey, name: storedFiles.originalName, mimeType: storedFiles.mimeType },
    })
    .from(submissions)
    .innerJoin(users, eq(users.id, submissions.studentId))
    .innerJoin(students, eq(students.userId, submissions.studentId))
    .leftJoin(submissionFiles, and(eq(submissionFiles.submissionId, submissions.id), eq(submissionFiles.version, submissions.version)))
    .leftJoin(storedFiles, eq(storedFiles.id, submissionFiles.fileId))
    .where(
      and(
        eq(submissions.assignmentId, assignmentId),
        isNotNull(submissions.submittedAt),
        rombelId === null ? undefined : eq(students.rombelClassId, rombelId),
      ),
    )
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id), asc(submissionFiles.position), asc(submissionFiles.id));
}

export type HandedInFile = Awaited<ReturnType<typeof handedInFiles>>[number];
