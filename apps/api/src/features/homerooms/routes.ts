import { ROLE_IDS, TEACHING_MSG, errorEnvelope, homeroom, homeroomBody, homeroomParams, homeroomQuery, ok } from '@kelasku/contract';
import type { App } from '../../types.js';
import type { Executor } from '../../db/client.js';
import { invalidField, notFound } from '../../http/errors.js';
import { isForeignKeyViolation } from '../../http/db-errors.js';
import { recordAudit } from '../../audit/record.js';
import { findRombel } from '../rombels/queries.js';
import { homeroomRows, lockHomeroom, semesterFor, setHomeroom, teacherCandidate } from './queries.js';
import { toHomeroom } from './present.js';

const tags = ['admin: school year'];

async function semesterOrRefuse(db: Executor, id: number | undefined) {
  const found = await semesterFor(db, id);
  if (!found) throw invalidField('semester_id', TEACHING_MSG.semesterUnknown);
  return found;
}

/** A wali kelas is an active teacher. */
async function checkTeacher(db: Executor, id: number) {
  const user = await teacherCandidate(db, id);
  if (!user || user.roleId !== ROLE_IDS.teacher) throw invalidField('teacher_id', TEACHING_MSG.teacherUnknown);
  if (user.status !== 1) throw invalidField('teacher_id', TEACHING_MSG.teacherInactive(user.name));
  return user;
}

/** /api/admin/homerooms: wali kelas per rombel per semester (issue 37). */
export default async function homeroomRoutes(app: App): Promise<void> {
  app.get(
    '/homerooms',
    {
      schema: {
        tags,
        summary: 'Every rombel with its wali kelas (or null) in the semester `semester_id`, the active one by default',
        querystring: homeroomQuery,
        response: { 200: ok(homeroom.array()), 422: errorEnvelope },
      },
    },
    async (request) => {
      const semester = await semesterOrRefuse(app.db, request.query.semester_id);
      return { success: true as const, data: (await homeroomRows(app.db, semester.id)).map(toHomeroom) };
    },
  );

  app.put(
    '/homerooms/:rombelId',
    {
      schema: {
        tags,
        summary:
          "Name the rombel's wali kelas for the semester (the active one by default); `teacher_id` null removes it. " +
          'The teacher must exist and be active (422).',
        params: homeroomParams,
        body: homeroomBody,
        response: { 200: ok(homeroom), 404: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      const { rombelId } = request.params;
      const { teacher_id: teacherId } = request.body;
      const rombel = await findRombel(app.db, rombelId);
      if (!rombel) throw notFound();
      const semester = await semesterOrRefuse(app.db, request.body.semester_id);
      try {
        await app.db.transaction(async (tx) => {
          const teacher = teacherId === null ? null : await checkTeacher(tx, teacherId);
          const before = await lockHomeroom(tx, semester.id, rombelId);
          await setHomeroom(tx, semester.id, rombelId, teacherId);
          await recordAudit(tx, request, {
            action: 'homeroom.update',
            targetType: 'homeroom',
            targetId: rombelId,
            summary: `Wali kelas ${rombel.name}, ${semester.label}`,
            before: { teacher: before?.name ?? null },
            after: { teacher: teacher?.name ?? null },
          });
        });
      } catch (err) {
        // The rombel, semester or teacher deleted meanwhile.
        if (isForeignKeyViolation(err)) throw notFound();
        throw err;
      }
      const [row] = await homeroomRows(app.db, semester.id, rombelId);
      if (!row) throw notFound();
      return {
        success: true as const,
        message: teacherId === null ? TEACHING_MSG.homeroomRemoved : TEACHING_MSG.homeroomSaved,
        data: toHomeroom(row),
      };
    },
  );
}
