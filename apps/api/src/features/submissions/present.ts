import { SUBMISSION_STATUS, gradingStatus, submissionStatusId, type StudentSubmission } from '@kelasku/contract';
import type { FileService } from '../../files/service.js';
import { extensionOf } from '../../files/types.js';
import type { Assignment } from '../../access/index.js';
import type { submissionOf } from './queries.js';

type SubmissionWithFile = NonNullable<Awaited<ReturnType<typeof submissionOf>>>;

/** The student's view of their submission (status 1 with nulls when nothing is handed in). */
export function toStudentSubmission(files: FileService, a: Assignment, row: SubmissionWithFile | null): StudentSubmission {
  if (!row) {
    return {
      status_id: 1,
      status: SUBMISSION_STATUS[1],
      grading_status: gradingStatus(false, null),
      score: null,
      submitted_at: null,
      graded_at: null,
      file_id: null,
      file: null,
      filename: null,
      file_extension: null,
      size: null,
    };
  }
  const { submission: s, file } = row;
  const statusId = submissionStatusId(s.submittedAt, a.deadline);
  return {
    status_id: statusId,
    status: SUBMISSION_STATUS[statusId],
    grading_status: gradingStatus(true, s.score),
    score: s.score,
    submitted_at: s.submittedAt.toISOString(),
    graded_at: s.gradedAt?.toISOString() ?? null,
    file_id: s.fileId,
    file: files.url(s.fileId),
    filename: file.originalName,
    file_extension: extensionOf(file.originalName),
    size: file.size,
  };
}
