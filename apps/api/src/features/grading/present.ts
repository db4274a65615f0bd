import { SUBMISSION_STATUS, submissionStatusId, type AssignmentStudent } from '@kelasku/contract';
import type { FileService } from '../../files/service.js';
import { extensionOf } from '../../files/types.js';
import type { Assignment } from '../../access/index.js';
import type { GradingRow } from './queries.js';

/** A student of a grading column with their submission (null when none; its status from the assignment's deadline). */
export const toAssignmentStudent = (files: FileService, a: Assignment, r: GradingRow): AssignmentStudent => ({
  student_id: r.id,
  name: r.name,
  nis: r.nis,
  avatar: files.url(r.avatar),
  submission:
    r.submission && r.file
      ? {
          file_id: r.submission.fileId,
          file: files.url(r.submission.fileId),
          filename: r.file.name,
          file_extension: extensionOf(r.file.name),
          size: r.file.size,
          score: r.submission.score,
          submitted_at: r.submission.submittedAt.toISOString(),
          graded_at: r.submission.gradedAt?.toISOString() ?? null,
          status_id: submissionStatusId(r.submission.submittedAt, a.deadline),
          status: SUBMISSION_STATUS[submissionStatusId(r.submission.submittedAt, a.deadline)],
        }
      : null,
});
