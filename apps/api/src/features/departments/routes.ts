import { SCHOOL_MSG, departmentBody, departmentParams, errorEnvelope, ok, schoolDepartment } from '@kelasku/contract';
import type { z } from 'zod';
import type { App } from '../../types.js';
import { conflict, notFound } from '../../http/errors.js';
import { uniqueViolation } from '../../http/db-errors.js';
import { changedFields, recordAudit } from '../../audit/record.js';
import {
  codeTaken,
  departmentSnapshot,
  findSchoolDepartment,
  insertDepartment,
  listSchoolDepartments,
  lockDepartmentWrites,
  updateDepartment,
  type DepartmentValues,
} from './queries.js';

const values = (b: z.output<typeof departmentBody>): DepartmentValues => ({
  code: b.code,
  name: b.name,
  shortName: b.short_name,
  enabled: b.enabled,
});

const summary = (v: DepartmentValues) => `Jurusan ${v.shortName} (${v.code})`;

/** A code taken meanwhile (the unique index on lower(code) is the last guard): the same 409 as the check. */
async function codeGuard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (uniqueViolation(err) !== null) throw conflict(SCHOOL_MSG.departmentCodeTaken, 'code');
    throw err;
  }
}

/** /api/admin/departments: the school's departments (issue 37). */
export default async function departmentRoutes(app: App): Promise<void> {
  const tags = ['admin: school year'];

  app.get(
    '/departments',
    {
      schema: {
        tags,
        summary: 'Every department (enabled or not) with its number of rombels, by id',
        response: { 200: ok(schoolDepartment.array()) },
      },
    },
    async () => ({ success: true as const, data: await listSchoolDepartments(app.db) }),
  );

  app.post(
    '/departments',
    {
      schema: {
        tags,
        summary: 'Create a department; its code is unique whatever its case (409). Rombels may be made in it once enabled.',
        body: departmentBody,
        response: { 201: ok(schoolDepartment), 409: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request, reply) => {
      const v = values(request.body);
      const id = await codeGuard(() =>
        app.db.transaction(async (tx) => {
          await lockDepartmentWrites(tx);
          if (await codeTaken(tx, v.code, null)) throw conflict(SCHOOL_MSG.departmentCodeTaken, 'code');
          const id = await insertDepartment(tx, v);
          await recordAudit(tx, request, {
            action: 'department.create',
            targetType: 'department',
            targetId: id,
            summary: summary(v),
            after: { code: v.code, name: v.name, short_name: v.shortName, enabled: v.enabled },
          });
          return id;
        }),
      );
      const data = await findSchoolDepartment(app.db, id);
      if (!data) throw notFound();
      reply.code(201);
      return { success: true as const, message: SCHOOL_MSG.departmentCreated, data };
    },
  );

  app.put(
    '/departments/:id',
    {
      schema: {
        tags,
        summary: 'Rename, recode, enable or disable a department (a disabled one keeps its rombels; no new rombel goes in it)',
        params: departmentParams,
        body: departmentBody,
        response: { 200: ok(schoolDepartment), 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      const id = request.params.id;
      const v = values(request.body);
      await codeGuard(() =>
        app.db.transaction(async (tx) => {
          await lockDepartmentWrites(tx);
          const before = await departmentSnapshot(tx, id);
          if (!before) throw notFound();
          if (await codeTaken(tx, v.code, id)) throw conflict(SCHOOL_MSG.departmentCodeTaken, 'code');
          await updateDepartment(tx, id, v);
          const diff = changedFields(before, { code: v.code, name: v.name, short_name: v.shortName, enabled: v.enabled });
          await recordAudit(tx, request, {
            action: 'department.update',
            targetType: 'department',
            targetId: id,
            summary: summary(v),
            ...diff,
          });
        }),
      );
      const data = await findSchoolDepartment(app.db, id);
      if (!data) throw notFound();
      return { success: true as const, message: SCHOOL_MSG.departmentUpdated, data };
    },
  );
}
