import {
  ADMIN_MSG,
  MSG,
  department,
  errorEnvelope,
  ok,
  okMessage,
  YEAR_MSG,
  rombelBody,
  rombelBulkBody,
  rombelClass,
  rombelDetail,
  rombelOption,
  rombelParams,
} from '@kelasku/contract';
import type { App } from '../../types.js';
import type { Executor } from '../../db/client.js';
import { conflict, invalidField, notFound } from '../../http/errors.js';
import { isForeignKeyViolation } from '../../http/db-errors.js';
import {
  deleteRombel,
  findDepartment,
  findRombel,
  insertRombel,
  insertRombels,
  listDepartments,
  listRombels,
  lockRombel,
  lockRombelWrites,
  nameTaken,
  namesTaken,
  rombelOptions,
  rombelStudents,
  rombelUse,
  updateRombel,
  type RombelValues,
} from './queries.js';
import { auditRecord, snapshotOf } from '../../audit/changes.js';
import { rombelTeaching } from '../teaching-assignments/queries.js';

/**
 * The department must exist and be enabled; a rombel that already sits in a disabled department
 * may keep it. The name must be free (case-insensitively).
 */
async function checkRombel(tx: Executor, v: RombelValues, current: { id: number; departmentId: number } | null) {
  const dept = await findDepartment(tx, v.departmentId);
  if (!dept) throw invalidField('department_id', ADMIN_MSG.departmentUnknown);
  if (!dept.enabled && dept.id !== current?.departmentId) throw invalidField('department_id', MSG.departmentDisabled);
  if (await nameTaken(tx, v.name, current?.id ?? null)) throw conflict(ADMIN_MSG.rombelNameTaken, 'name');
}

const values = (b: { department_id: number; name: string; grade: number }): RombelValues => ({
  departmentId: b.department_id,
  name: b.name,
  grade: b.grade,
});

const tags = ['admin: rombel classes'];

/** /api/admin/resources/rombel-classes and the department list of its form. */
export async function adminRoutes(app: App): Promise<void> {
  readRoutes(app);
  writeRoutes(app);
}

/** The departments, the rombel list and one rombel with its students. */
function readRoutes(app: App): void {
  app.get(
    '/resources/departments',
    {
      schema: {
        tags,
        summary: 'Departments for the rombel form; only `enabled` ones may be chosen',
        response: { 200: ok(department.array()) },
      },
    },
    async () => ({ success: true as const, data: await listDepartments(app.db) }),
  );

  app.get(
    '/resources/rombel-classes',
    {
      schema: {
        tags,
        summary: 'Rombel classes with department name and number of students, by grade then name',
        response: { 200: ok(rombelClass.array()) },
      },
    },
    async () => ({ success: true as const, data: await listRombels(app.db) }),
  );

  app.get(
    '/resources/rombel-classes/:id',
    {
      schema: {
        tags,
        summary: 'One rombel class with its students, and its wali kelas and subjects with their teachers this semester (`teaching`)',
        params: rombelParams,
        response: { 200: ok(rombelDetail), 404: errorEnvelope },
      },
    },
    async (request) => {
      const rombel = await findRombel(app.db, request.params.id);
      if (!rombel) throw notFound();
      const students = await rombelStudents(app.db, rombel.id);
      const teaching = await rombelTeaching(app.db, rombel.id);
      return { success: true as const, data: { ...rombel, students, teaching } };
    },
  );
}

/** A rombel created (one or in bulk), edited or deleted. */
function writeRoutes(app: App): void {
  app.post(
    '/resources/rombel-classes',
    {
      schema: {
        tags,
        summary: 'Create a rombel class (department must be enabled, grade 10, 11 or 12, name unique)',
        body: rombelBody,
        response: { 201: ok(rombelClass), 409: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request, reply) => {
      const v = values(request.body);
      const id = await app.db.transaction(async (tx) => {
        await lockRombelWrites(tx);
        await checkRombel(tx, v, null);
        const id = await insertRombel(tx, v);
        await auditRecord(tx, request, 'rombel', 'create', id);
        return id;
      });
      const rombel = await findRombel(app.db, id);
      if (!rombel) throw notFound();
      reply.code(201);
      return { success: true as const, message: ADMIN_MSG.rombelCreated, data: rombel };
    },
  );

  app.post(
    '/resources/rombel-classes/bulk',
    {
      schema: {
        tags,
        summary:
          "Create several rombels of one department and grade at once (a new school year's rombels), one name each, in one " +
          'transaction; a name written twice or already used (case-insensitively) refuses all of them (409 naming it)',
        body: rombelBulkBody,
        response: { 201: ok(rombelClass.array()), 409: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request, reply) => {
      const { department_id, grade, names } = request.body;
      const seen = new Set<string>();
      for (const name of names) {
        if (seen.has(name.toLowerCase())) throw conflict(YEAR_MSG.nameRepeated(name), 'names');
        seen.add(name.toLowerCase());
      }
      const ids = await app.db.transaction(async (tx) => {
        await lockRombelWrites(tx);
        await checkRombel(tx, { departmentId: department_id, name: names[0]!, grade }, null);
        const [taken] = await namesTaken(tx, names);
        if (taken) throw conflict(YEAR_MSG.nameTaken(taken), 'names');
        const created = await insertRombels(
          tx,
          names.map((name) => ({ departmentId: department_id, name, grade })),
        );
        for (const id of created) await auditRecord(tx, request, 'rombel', 'create', id);
        return created;
      });
      const created = (await listRombels(app.db)).filter((r) => ids.includes(r.id));
      reply.code(201);
      return { success: true as const, message: YEAR_MSG.rombelsCreated(created.length), data: created };
    },
  );

  app.put(
    '/resources/rombel-classes/:id',
    {
      schema: {
        tags,
        summary: 'Edit a rombel class',
        params: rombelParams,
        body: rombelBody,
        response: { 200: ok(rombelClass), 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      const id = request.params.id;
      const v = values(request.body);
      await app.db.transaction(async (tx) => {
        await lockRombelWrites(tx);
        const current = await lockRombel(tx, id);
        if (!current) throw notFound();
        await checkRombel(tx, v, current);
        const before = await snapshotOf(tx, 'rombel', id);
        await updateRombel(tx, id, v);
        await auditRecord(tx, request, 'rombel', 'update', id, before);
      });
      const rombel = await findRombel(app.db, id);
      if (!rombel) throw notFound();
      return { success: true as const, message: ADMIN_MSG.rombelUpdated, data: rombel };
    },
  );

  app.delete(
    '/resources/rombel-classes/:id',
    {
      schema: {
        tags,
        summary: 'Delete a rombel class; refused (409) while it has students or online classes',
        params: rombelParams,
        response: { 200: okMessage, 404: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (request) => {
      const id = request.params.id;
      try {
        await app.db.transaction(async (tx) => {
          if (!(await lockRombel(tx, id))) throw notFound();
          const use = await rombelUse(tx, id);
          if (use.students) throw conflict(MSG.rombelHasStudents);
          if (use.classes) throw conflict(MSG.rombelHasClasses);
          const before = await snapshotOf(tx, 'rombel', id);
          await deleteRombel(tx, id);
          await auditRecord(tx, request, 'rombel', 'delete', id, before);
        });
      } catch (err) {
        // A student or class added meanwhile: the schema refuses the delete (ON DELETE RESTRICT).
        if (isForeignKeyViolation(err)) throw conflict(ADMIN_MSG.rombelInUse);
        throw err;
      }
      return { success: true as const, message: ADMIN_MSG.rombelDeleted };
    },
  );
}

/** GET /api/rombel-classes — the rombel choices of every form, for any logged-in user. */
export async function optionRoutes(app: App): Promise<void> {
  app.get(
    '/rombel-classes',
    {
      schema: {
        tags: ['rombel options'],
        summary: 'Rombel choices for select boxes, by grade then name',
        response: { 200: ok(rombelOption.array()) },
      },
    },
    async () => ({ success: true as const, data: await rombelOptions(app.db) }),
  );
}
