import {
  MSG,
  classLessonDetail,
  classDetail,
  classSummary,
  errorEnvelope,
  myClassLessonParams,
  myClassParams,
  ok,
  type ClassLessonDetail,
} from '@kelasku/contract';
import type { App } from '../../types.js';
import { classForStudent, lessonFor } from '../../access/index.js';
import { notFound } from '../../http/errors.js';
import { classWithRoster, classesOfStudent } from '../online-classes/queries.js';
import { toClassDetail, toClassSummary } from '../online-classes/present.js';
import { childrenOfLesson, lessonsOfClass, type LessonChildren } from '../lessons/queries.js';
import { toLessonDetails } from '../lessons/present.js';
import { rombelOf } from './queries.js';
import { workStateOf } from '../submissions/present.js';

/** Puts the student's state and score beside each assignment link of the contents (read with the assignments). */
function withMyStates(details: ClassLessonDetail[], { assignmentRows }: LessonChildren): ClassLessonDetail[] {
  if (assignmentRows.length === 0) return details;
  const now = new Date();
  const mine = new Map(assignmentRows.map((r) => [r.id, { state: workStateOf(r, r.dueAt!, now), score: r.score }]));
  return details.map((d) => ({
    ...d,
    assignment: d.assignment.map((a) => ({ ...a, state: mine.get(a.id)?.state, score: mine.get(a.id)?.score ?? null })),
  }));
}

/**
 * /api/student/my-classes: the classes of the student's rombel, in the same shapes the teacher's
 * pages use. A class, content or assignment of another rombel is a 404.
 */
export default async function studentClassesRoutes(app: App): Promise<void> {
  const tags = ['student: classes'];

  app.get(
    '/my-classes',
    {
      schema: {
        tags,
        summary:
          "Classes of the student's rombel by rombel name then class name, each with its rombel and teacher, without " +
          'students (the class detail has them). A student without a rombel gets an empty list and the message ' +
          '"Silahkan lengkapi profile kamu untuk dapat mengikuti kelas".',
        response: { 200: ok(classSummary.array()) },
      },
    },
    async (request) => {
      const data = (await classesOfStudent(app.db, request.user.id)).map((r) => toClassSummary(app.files, r));
      // No class: say why when the profile has no rombel yet (one more query, only then).
      if (data.length === 0 && (await rombelOf(app.db, request.user.id)) === null) {
        return { success: true as const, message: MSG.noRombel, data };
      }
      return { success: true as const, data };
    },
  );

  app.get(
    '/my-classes/:classId',
    {
      schema: {
        tags,
        summary: "One class of the student's rombel with its teacher and the students of the rombel, by name",
        params: myClassParams,
        response: { 200: ok(classDetail), 404: errorEnvelope },
      },
    },
    async (request) => {
      const klass = await classForStudent(app.db, request.user, request.params.classId);
      const found = await classWithRoster(app.db, klass.id);
      if (!found) throw notFound();
      return { success: true as const, data: toClassDetail(app.files, found) };
    },
  );

  app.get(
    '/my-classes/:classId/contents',
    {
      schema: {
        tags,
        summary:
          "Contents of the class in the teacher's order, each with its materials (signed links), forums and assignments; " +
          'only what is visible now (not a draft, publish_at unset or past)',
        params: myClassParams,
        response: { 200: ok(classLessonDetail.array()), 404: errorEnvelope },
      },
    },
    async (request) => {
      const klass = await classForStudent(app.db, request.user, request.params.classId);
      const { rows, children } = await lessonsOfClass(app.db, klass.id, { studentId: request.user.id });
      return { success: true as const, data: withMyStates(toLessonDetails(app.files.forUser(request.user.id), rows, children), children) };
    },
  );

  app.get(
    '/my-classes/:classId/contents/:lessonId',
    {
      schema: {
        tags,
        summary: 'One visible content with its visible materials (signed links), forums and assignments; a draft or scheduled one is a 404',
        params: myClassLessonParams,
        response: { 200: ok(classLessonDetail), 404: errorEnvelope },
      },
    },
    async (request) => {
      const { content } = await lessonFor(app.db, request.user, request.params.classId, request.params.lessonId, 'read');
      const children = await childrenOfLesson(app.db, content, { studentId: request.user.id });
      const [detail] = withMyStates(toLessonDetails(app.files.forUser(request.user.id), [content], children), children);
      return { success: true as const, data: detail! };
    },
  );
}
