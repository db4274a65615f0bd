import { ASSIGNMENT_MSG, MSG, assignmentParams, assignmentStudent, errorEnvelope, gradeBody, ok } from '@kelasku/contract';
import type { App } from '../../types.js';
import { assignmentFor } from '../../access/index.js';
import { conflict, invalidField, notFound } from '../../http/errors.js';
import { assignmentStudents, gradeSubmission, type GradingState } from './queries.js';
import { toAssignmentStudent } from './present.js';

const columns: Array<[GradingState, string]> = [
  ['unsubmitted', "Ditugaskan: students of the class's rombel who handed in nothing"],
  ['ungrading', 'Diserahkan: students who handed in and are not graded yet (score null)'],
  ['graded', 'Dinilai: students whose submission has a score'],
];

/** /api/teacher/…/assignments/:id/{unsubmitted,ungrading,graded,grade}: the teacher's grading. */
export default async function gradingRoutes(app: App): Promise<void> {
  const tags = ['teacher: grading'];
  const base = '/online-classes/:classId/contents/:contentId/assignments/:id';

  for (const [state, summary] of columns) {
    app.get(
      `${base}/${state}`,
      {
        schema: {
          tags,
          summary: `${summary}; by name, with avatar and submission (fixed number of queries)`,
          params: assignmentParams,
          response: { 200: ok(assignmentStudent.array()), 404: errorEnvelope },
        },
      },
      async (request) => {
        const { klass, assignment: a } = await assignmentFor(app.db, request.user, request.params, 'read');
        const rows = await assignmentStudents(app.db, a.id, klass.archivedAt ? null : klass.rombelClassId, state);
        return { success: true as const, data: rows.map((r) => toAssignmentStudent(app.files, a, r)) };
      },
    );
  }

  app.post(
    `${base}/grade`,
    {
      schema: {
        tags,
        summary:
          "Grade (or re-grade) the submission of a student of the class's rombel with an integer score 0–100. " +
          'Only a handed-in submission can be graded; once graded the student can no longer replace it.',
        params: assignmentParams,
        body: gradeBody,
        response: { 200: ok(assignmentStudent), 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      const { klass, assignment: a } = await assignmentFor(app.db, request.user, request.params, 'write');
      const { student_id, score, file_id } = request.body;
      const outcome = await gradeSubmission(app.db, {
        assignmentId: a.id,
        rombelId: klass.rombelClassId,
        studentId: student_id,
        score,
        seenFileId: file_id,
      });
      if (outcome === 'not-in-class') throw invalidField('student_id', ASSIGNMENT_MSG.studentNotInClass);
      if (outcome === 'not-submitted') throw invalidField('student_id', MSG.notSubmitted);
      if (outcome === 'file-changed') throw conflict(ASSIGNMENT_MSG.fileChanged, 'file_id');
      const [entry] = await assignmentStudents(app.db, a.id, klass.rombelClassId, 'graded', student_id);
      if (!entry) throw notFound(); // deleted meanwhile
      return { success: true as const, message: ASSIGNMENT_MSG.graded, data: toAssignmentStudent(app.files, a, entry) };
    },
  );
}
