import {
  CLASS_MSG,
  classContentParams,
  classMaterial,
  classMaterialFields,
  classMaterialParams,
  errorEnvelope,
  ok,
  okMessage,
} from '@kelasku/contract';
import type { App } from '../../types.js';
import { contentFor, materialIn } from '../../access/index.js';
import { readUploadForm } from '../../files/multipart.js';
import { isForeignKeyViolation } from '../../http/db-errors.js';
import { notFound } from '../../http/errors.js';
import { deleteMaterial, insertMaterial } from './queries.js';
import { toMaterial } from './present.js';

/** /api/teacher/online-classes/:classId/contents/:contentId/materials: files of a content. */
export default async function materialsRoutes(app: App): Promise<void> {
  const tags = ['teacher: materials'];

  app.post(
    '/online-classes/:classId/contents/:contentId/materials',
    {
      schema: {
        tags,
        summary:
          'Add a material: multipart form with `title` and one `file` (any document, image, audio or video type, ' +
          'checked by content; at most 50 MB). Fields may come in any order.',
        consumes: ['multipart/form-data'],
        params: classContentParams,
        response: {
          201: ok(classMaterial),
          400: errorEnvelope,
          404: errorEnvelope,
          413: errorEnvelope,
          415: errorEnvelope,
          422: errorEnvelope,
        },
      },
    },
    async (request, reply) => {
      // Access first: nobody else's upload is ever stored.
      const { content } = await contentFor(app.db, request.user, request.params.classId, request.params.contentId, 'write');
      const { fields, file } = await readUploadForm(request, 'file', 'document', classMaterialFields);
      let material;
      try {
        material = await app.files.commit(file, async (tx, fileId) => insertMaterial(tx, content.id, fields.title, fileId));
      } catch (err) {
        // The content was deleted while the file was arriving.
        if (isForeignKeyViolation(err)) throw notFound();
        throw err;
      }
      reply.code(201);
      return {
        success: true as const,
        message: CLASS_MSG.materialCreated,
        data: toMaterial(app.files, material, {
          id: material.fileId,
          originalName: file.originalName,
          mimeType: file.mimeType,
          size: file.size,
        }),
      };
    },
  );

  app.delete(
    '/online-classes/:classId/contents/:contentId/materials/:id',
    {
      schema: {
        tags,
        summary: 'Delete a material and its stored file',
        params: classMaterialParams,
        response: { 200: okMessage, 404: errorEnvelope },
      },
    },
    async (request) => {
      const { content } = await contentFor(app.db, request.user, request.params.classId, request.params.contentId, 'write');
      const material = await materialIn(app.db, content, request.params.id);
      const fileId = await deleteMaterial(app.db, content.id, material.id);
      if (fileId === null) throw notFound();
      await app.files.release([fileId]);
      return { success: true as const, message: CLASS_MSG.materialDeleted };
    },
  );
}
