import {
  CLASS_MSG,
  LIMITS,
  MSG,
  classLessonParams,
  classMaterial,
  classMaterialFields,
  classMaterialParams,
  errorEnvelope,
  linkMaterialBody,
  materialEditBody,
  materialReplaceFields,
  ok,
  okMessage,
} from '@kelasku/contract';
import type { App } from '../../types.js';
import { lessonFor, materialIn } from '../../access/index.js';
import { readMultipartFiles, readUploadForm } from '../../files/multipart.js';
import type { ReceivedFile } from '../../files/service.js';
import { isForeignKeyViolation } from '../../http/db-errors.js';
import { invalidField, notFound } from '../../http/errors.js';
import { deleteMaterial, insertMaterial, insertMaterials, materialWithFile, replaceMaterialFile, updateMaterial } from './queries.js';
import { toMaterial } from './present.js';
import { batchTitles } from './batch.js';
import { itemsShown } from '../notifications/events.js';

/** The stored file's row as a reply shows it, from the upload just committed. */
const fileRow = (id: number, file: ReceivedFile) => ({ id, originalName: file.originalName, mimeType: file.mimeType, size: file.size });

/** Runs a write under a content; a content deleted meanwhile (a foreign key gone) answers 404. */
async function underLesson<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isForeignKeyViolation(err)) throw notFound();
    throw err;
  }
}

const tags = ['teacher: materials'];
const uploadErrors = {
  400: errorEnvelope,
  404: errorEnvelope,
  409: errorEnvelope,
  413: errorEnvelope,
  415: errorEnvelope,
  422: errorEnvelope,
};

/** The reply to a change of a material: the material as it is now. */
async function updated(app: App, lessonId: number, materialId: number, userId: number) {
  const { m, f } = await materialWithFile(app.db, lessonId, materialId);
  return { success: true as const, message: CLASS_MSG.materialUpdated, data: toMaterial(app.files.forUser(userId), m, f) };
}

/** /api/teacher/online-classes/:classId/contents/:lessonId/materials (and /links): files and links of a content. */
export default async function materialsRoutes(app: App): Promise<void> {
  addRoutes(app);
  changeRoutes(app);
}

/** New materials: one file, a batch of files, or links. */
function addRoutes(app: App): void {
  app.post(
    '/online-classes/:classId/contents/:lessonId/materials',
    {
      schema: {
        tags,
        summary:
          'Add a material: multipart form with `title` and one `file` (any document, image, audio or video type, ' +
          'checked by content; at most 50 MB). Fields may come in any order.',
        consumes: ['multipart/form-data'],
        params: classLessonParams,
        response: { 201: ok(classMaterial), ...uploadErrors },
      },
    },
    async (request, reply) => {
      // Access first: nobody else's upload is ever stored.
      const { content } = await lessonFor(app.db, request.user, request.params.classId, request.params.lessonId, 'write');
      const { fields, file } = await readUploadForm(request, 'file', 'document', classMaterialFields);
      const material = await underLesson(() =>
        app.files.commit(file, (tx, fileId) => insertMaterial(tx, content.id, fields.title, fileId)),
      );
      await itemsShown(app, 'materials', [material.id]);
      reply.code(201);
      return {
        success: true as const,
        message: CLASS_MSG.materialCreated,
        data: toMaterial(app.files.forUser(request.user.id), material, fileRow(material.fileId!, file)),
      };
    },
  );

  app.post(
    '/online-classes/:classId/contents/:lessonId/materials/batch',
    {
      schema: {
        tags,
        summary:
          'Add several file materials at once: multipart with 1 to 20 `file` parts and `title` fields in the same order ' +
          '(title i for file i; a blank or missing one becomes the file name without its extension). A 21st file is ' +
          'refused (422) and nothing is stored; all the materials are added or none.',
        consumes: ['multipart/form-data'],
        params: classLessonParams,
        response: { 201: ok(classMaterial.array()), ...uploadErrors },
      },
    },
    async (request, reply) => {
      const { content } = await lessonFor(app.db, request.user, request.params.classId, request.params.lessonId, 'write');
      const { lists, files } = await readMultipartFiles(request, ['file'], 'document', {
        maxFiles: LIMITS.materialBatch,
        maxTotalBytes: LIMITS.materialBatch * LIMITS.fileBytes,
        tooMany: CLASS_MSG.materialBatchMax,
        totalMessage: MSG.fileTooLarge,
      });
      const titles = await batchTitles(app.files, files, lists.title ?? []);
      const rows = await underLesson(() =>
        app.files.commitMany(files, (tx, ids) =>
          insertMaterials(
            tx,
            content.id,
            ids.map((fileId, i) => ({ title: titles[i]!, fileId })),
          ),
        ),
      );
      await itemsShown(
        app,
        'materials',
        rows.map((m) => m.id),
      );
      reply.code(201);
      return {
        success: true as const,
        message: CLASS_MSG.materialsCreated(rows.length),
        data: rows.map((m, i) => toMaterial(app.files.forUser(request.user.id), m, fileRow(m.fileId!, files[i]!))),
      };
    },
  );

  app.post(
    '/online-classes/:classId/contents/:lessonId/links',
    {
      schema: {
        tags,
        summary:
          'Add a link material (`title`, `url`: a complete http or https address of at most 2000 characters). A YouTube ' +
          'address carries its video id (`youtube_id`), which the pages play in the youtube-nocookie.com player.',
        params: classLessonParams,
        body: linkMaterialBody,
        response: { 201: ok(classMaterial), 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request, reply) => {
      const { content } = await lessonFor(app.db, request.user, request.params.classId, request.params.lessonId, 'write');
      const [material] = await underLesson(() =>
        insertMaterials(app.db, content.id, [{ title: request.body.title, url: request.body.url }]),
      );
      await itemsShown(app, 'materials', [material!.id]);
      reply.code(201);
      return {
        success: true as const,
        message: CLASS_MSG.materialCreated,
        data: toMaterial(app.files.forUser(request.user.id), material!, null),
      };
    },
  );
}

/** A material renamed, its file replaced, or deleted. */
function changeRoutes(app: App): void {
  app.put(
    '/online-classes/:classId/contents/:lessonId/materials/:id',
    {
      schema: {
        tags,
        summary: "Rename a material (`title`); `url` changes a link material's address and is refused (422) for a file material",
        params: classMaterialParams,
        body: materialEditBody,
        response: { 200: ok(classMaterial), 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      const { content } = await lessonFor(app.db, request.user, request.params.classId, request.params.lessonId, 'write');
      const material = await materialIn(app.db, content, request.params.id);
      if (request.body.url !== undefined && material.url === null) throw invalidField('url', CLASS_MSG.materialNotLink);
      await updateMaterial(app.db, content.id, material.id, request.body);
      return updated(app, content.id, material.id, request.user.id);
    },
  );

  app.put(
    '/online-classes/:classId/contents/:lessonId/materials/:id/file',
    {
      schema: {
        tags,
        summary:
          "Replace a file material's file: multipart with one `file` and optionally a new `title`. The old stored file is " +
          'removed once the new one is stored (kept while a copy of the material in another class still uses it). A link ' +
          'material is refused (422) and nothing is stored.',
        consumes: ['multipart/form-data'],
        params: classMaterialParams,
        response: { 200: ok(classMaterial), ...uploadErrors },
      },
    },
    async (request) => {
      const { content } = await lessonFor(app.db, request.user, request.params.classId, request.params.lessonId, 'write');
      const material = await materialIn(app.db, content, request.params.id);
      if (material.fileId === null) throw invalidField('file', CLASS_MSG.materialNotFile);
      const { fields, file } = await readUploadForm(request, 'file', 'document', materialReplaceFields);
      const oldFileId = await underLesson(() =>
        app.files.commit(file, (tx, fileId) => replaceMaterialFile(tx, content.id, material.id, fileId, fields.title?.trim() || null)),
      );
      await app.files.release([oldFileId]);
      return updated(app, content.id, material.id, request.user.id);
    },
  );

  app.delete(
    '/online-classes/:classId/contents/:lessonId/materials/:id',
    {
      schema: {
        tags,
        summary: 'Delete a material; its stored file goes too unless a copy of the material in another class still uses it',
        params: classMaterialParams,
        response: { 200: okMessage, 404: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (request) => {
      const { content } = await lessonFor(app.db, request.user, request.params.classId, request.params.lessonId, 'write');
      const material = await materialIn(app.db, content, request.params.id);
      const fileId = await deleteMaterial(app.db, content.id, material.id);
      if (fileId === undefined) throw notFound();
      await app.files.release([fileId]);
      return { success: true as const, message: CLASS_MSG.materialDeleted };
    },
  );
}
