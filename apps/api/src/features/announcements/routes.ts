import {
  CLASS_MSG,
  announcement,
  announcementBody,
  announcementParams,
  classLessonsParams,
  errorEnvelope,
  myClassParams,
  ok,
  okMessage,
} from '@kelasku/contract';
import type { App } from '../../types.js';
import { classForStudent, classForTeacher } from '../../access/index.js';
import { isForeignKeyViolation } from '../../http/db-errors.js';
import { notFound } from '../../http/errors.js';
import { announcementsOfClass, deleteAnnouncement, insertAnnouncement, updateAnnouncement } from './queries.js';
import { toAnnouncement } from './present.js';
import { announcementPosted } from '../notifications/events.js';

const tags = ['announcements'];
const summaryOfList = 'The announcements ("Pengumuman") of the class, newest first, each with its author';

/** /api/teacher/online-classes/:classId/announcements: the class teacher posts, edits and deletes (an archived class only reads). */
export async function teacherRoutes(app: App): Promise<void> {
  app.get(
    '/online-classes/:classId/announcements',
    {
      schema: {
        tags,
        summary: summaryOfList,
        params: classLessonsParams,
        response: { 200: ok(announcement.array()), 404: errorEnvelope },
      },
    },
    async (request) => {
      const klass = await classForTeacher(app.db, request.user, request.params.classId, 'read');
      const rows = await announcementsOfClass(app.db, klass.id);
      return { success: true as const, data: rows.map((r) => toAnnouncement(app.files, r)) };
    },
  );

  app.post(
    '/online-classes/:classId/announcements',
    {
      schema: {
        tags,
        summary: 'Post an announcement to the class and its students',
        params: classLessonsParams,
        body: announcementBody,
        response: { 201: ok(announcement), 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request, reply) => {
      const klass = await classForTeacher(app.db, request.user, request.params.classId, 'write');
      let row;
      try {
        row = await insertAnnouncement(app.db, klass.id, request.user.id, request.body.body);
      } catch (err) {
        // The class was deleted meanwhile.
        if (isForeignKeyViolation(err)) throw notFound();
        throw err;
      }
      if (!row) throw notFound();
      await announcementPosted(app, { classId: klass.id, authorId: request.user.id, body: request.body.body });
      reply.code(201);
      return { success: true as const, message: CLASS_MSG.announcementCreated, data: toAnnouncement(app.files, row) };
    },
  );

  app.put(
    '/online-classes/:classId/announcements/:id',
    {
      schema: {
        tags,
        summary: 'Edit an announcement of the class (its updated_at then shows it was edited)',
        params: announcementParams,
        body: announcementBody,
        response: { 200: ok(announcement), 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      const klass = await classForTeacher(app.db, request.user, request.params.classId, 'write');
      const row = await updateAnnouncement(app.db, klass.id, request.params.id, request.body.body);
      if (!row) throw notFound();
      return { success: true as const, message: CLASS_MSG.announcementUpdated, data: toAnnouncement(app.files, row) };
    },
  );

  app.delete(
    '/online-classes/:classId/announcements/:id',
    {
      schema: {
        tags,
        summary: 'Delete an announcement of the class',
        params: announcementParams,
        response: { 200: okMessage, 404: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (request) => {
      const klass = await classForTeacher(app.db, request.user, request.params.classId, 'write');
      if (!(await deleteAnnouncement(app.db, klass.id, request.params.id))) throw notFound();
      return { success: true as const, message: CLASS_MSG.announcementDeleted };
    },
  );
}

/** /api/student/my-classes/:classId/announcements: the students of the class's rombel read them. */
export async function studentRoutes(app: App): Promise<void> {
  app.get(
    '/my-classes/:classId/announcements',
    { schema: { tags, summary: summaryOfList, params: myClassParams, response: { 200: ok(announcement.array()), 404: errorEnvelope } } },
    async (request) => {
      const klass = await classForStudent(app.db, request.user, request.params.classId);
      const rows = await announcementsOfClass(app.db, klass.id);
      return { success: true as const, data: rows.map((r) => toAnnouncement(app.files, r)) };
    },
  );
}
