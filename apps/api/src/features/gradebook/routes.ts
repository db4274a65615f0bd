import { errorEnvelope, gradebook, gradebookParams, ok, type Gradebook } from '@kelasku/contract';
import type { App } from '../../types.js';
import { classForTeacher } from '../../access/index.js';
import { DOWNLOAD_TYPES, attachment } from '../../http/download.js';
import { classesOfTeacher } from '../online-classes/queries.js';
import { gradebookRows, type GradebookClass } from './queries.js';
import { toGradebooks } from './present.js';
import { gradebookCsv, gradebookFilename, gradebookXlsx } from './export.js';

/** The gradebooks of the classes (one per class, same order); five queries whatever their size. */
async function gradebooksOf(app: App, classes: GradebookClass[]): Promise<Gradebook[]> {
  if (!classes.length) return [];
  return toGradebooks(classes, await gradebookRows(app.db, classes));
}

/** /api/teacher/online-classes/:classId/gradebook{,.xlsx,.csv} and /api/teacher/gradebook.xlsx: the teacher's gradebook. */
export default async function gradebookRoutes(app: App): Promise<void> {
  const tags = ['teacher: gradebook'];
  const base = '/online-classes/:classId/gradebook';
  /** One of the teacher's classes (an archived one too: reading only). */
  const bookOf = async (user: Parameters<typeof classForTeacher>[1], classId: number) => {
    const klass = await classForTeacher(app.db, user, classId, 'read');
    const [book] = await gradebooksOf(app, [klass]);
    return book!;
  };

  app.get(
    base,
    {
      schema: {
        tags,
        summary:
          "The class's gradebook: its assignments (by content, then deadline), its rombel's students by name (an archived " +
          'class: those who handed in), one cell per student and assignment (graded | waiting | missing | todo, late, ' +
          'extended; extension-aware deadlines) and the averages of the graded scores per student and per assignment',
        params: gradebookParams,
        response: { 200: ok(gradebook), 404: errorEnvelope },
      },
    },
    async (request) => ({ success: true as const, data: await bookOf(request.user, request.params.classId) }),
  );

  app.get(
    `${base}.xlsx`,
    {
      config: { expensive: 'export' },
      schema: {
        tags,
        summary:
          'The gradebook as XLSX, one sheet named after the class: No, NIS, Nama, one column per assignment, Rata-rata. ' +
          'Scores are plain numbers, work without a score is an empty cell (coloured: waiting, missing; late scores coloured too), legend below',
        params: gradebookParams,
      },
    },
    async (request, reply) => {
      const book = await bookOf(request.user, request.params.classId);
      return attachment(reply, DOWNLOAD_TYPES.xlsx, gradebookFilename(book.online_class.name, 'xlsx'), await gradebookXlsx([book]));
    },
  );

  app.get(
    `${base}.csv`,
    {
      config: { expensive: 'export' },
      schema: {
        tags,
        summary: 'The same table as CSV for Excel in Indonesia: UTF-8 with BOM, ";" between columns, decimal comma',
        params: gradebookParams,
      },
    },
    async (request, reply) => {
      const book = await bookOf(request.user, request.params.classId);
      return attachment(reply, DOWNLOAD_TYPES.csv, gradebookFilename(book.online_class.name, 'csv'), gradebookCsv(book));
    },
  );

  app.get(
    '/gradebook.xlsx',
    {
      config: { expensive: 'export' },
      schema: {
        tags,
        summary: "The gradebooks of all the teacher's current (not archived) classes as one XLSX, one sheet per class",
      },
    },
    async (request, reply) => {
      const classes = (await classesOfTeacher(app.db, request.user.id)).map((r) => r.klass);
      return attachment(reply, DOWNLOAD_TYPES.xlsx, 'Nilai - semua kelas.xlsx', await gradebookXlsx(await gradebooksOf(app, classes)));
    },
  );
}
