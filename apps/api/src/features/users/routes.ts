import {
  ADMIN_MSG,
  MSG,
  adminUser,
  errorEnvelope,
  ok,
  okMessage,
  pageMeta,
  ROLE_IDS,
  ROLE_LABELS,
  userCreateBody,
  userDeleteImpact,
  userListQuery,
  userParams,
  userStatusBody,
  userUpdateBody,
  USERS_PER_PAGE,
} from '@kelasku/contract';
import type { App } from '../../types.js';
import { hashPassword } from '../../auth/passwords.js';
import { revokeUserTokens } from '../../auth/tokens.js';
import { authorize, mayChangeRoleOrStatus, mayDeleteUser } from '../../access/index.js';
import { lockedUsers, unlockAccount } from '../../auth/login-limits.js';
import { conflict, invalidField, notFound } from '../../http/errors.js';
import { isForeignKeyViolation, uniqueViolation } from '../../http/db-errors.js';
import { checkNisnFree, conflictForUnique } from '../users-shared.js';
import { rombelExists } from '../profile/queries.js';
import { toAdminUser } from './present.js';
import type { Executor } from '../../db/client.js';
import { recordAudit } from '../../audit/record.js';
import { userLabel, userSnapshot } from '../../audit/queries.js';
import { auditUserCreate, auditUserDelete, auditUserEdit, auditUserStatus } from '../../audit/changes.js';
import {
  deleteImpact,
  deleteUser,
  filesOfUser,
  findUser,
  insertUser,
  listUsersPage,
  lockUser,
  saveDetails,
  setUsersStatus,
  teachesClasses,
  updateUser,
  type UserDetails,
  type UserRow,
} from './queries.js';

/** One user as the admin sees it, with its lock. */
const adminUserOf = async (app: App, row: UserRow) => toAdminUser(app.files, row, await lockedUsers(app.db, [row.user.id]));

/** A taken username or e-mail (case-insensitively) becomes the 409 naming the field. */
async function withUniqueConflicts<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const constraint = uniqueViolation(err);
    if (constraint !== null) throw conflictForUnique(constraint);
    throw err;
  }
}

async function checkRombel(tx: Executor, roleId: number, rombelId: number | null | undefined) {
  if (roleId === ROLE_IDS.student && rombelId != null && !(await rombelExists(tx, rombelId))) {
    throw invalidField('rombel_id', MSG.rombelUnknown);
  }
}

const details = (b: {
  nip?: string | null;
  nik?: string | null;
  nis?: string | null;
  nisn?: string | null;
  rombel_id?: number | null;
}): UserDetails => ({
  nip: b.nip,
  nik: b.nik,
  nis: b.nis,
  nisn: b.nisn,
  rombelId: b.rombel_id,
});

const tags = ['admin: users'];

/** /api/admin/resources/users — the admin's user management. */
export default async function usersRoutes(app: App): Promise<void> {
  readRoutes(app);
  formRoutes(app);
  accountRoutes(app);
}

/** The user list and one user. */
function readRoutes(app: App): void {
  app.get(
    '/resources/users',
    {
      schema: {
        tags,
        summary:
          'One page of every user except the admin asking, sorted by role then name, with teacher/student details, and `meta`. ' +
          'Optional `q` (name, username or e-mail), `role`, `status` (`active` | `inactive`) and `rombel_id` (its students) filter it; `page` (default 1) and `per_page` (default 50, at most 100) choose the page. ' +
          'The list is always paged, so no request makes the server read and send the whole school.',
        querystring: userListQuery,
        response: { 200: ok(adminUser.array()).extend({ meta: pageMeta }) },
      },
    },
    async (request) => {
      const { page, per_page: perPage, q, role, status, rombel_id: rombelId } = request.query;
      const filter = {
        q: q || undefined,
        roleId: role === undefined ? undefined : ROLE_IDS[role],
        status: status === undefined ? undefined : status === 'active' ? 1 : 0,
        rombelId,
      };
      const at = { page: page ?? 1, perPage: perPage ?? USERS_PER_PAGE };
      const { rows, total } = await listUsersPage(app.db, request.user.id, filter, at.page, at.perPage);
      const locked = await lockedUsers(
        app.db,
        rows.map((r) => r.user.id),
      );
      return {
        success: true as const,
        data: rows.map((r) => toAdminUser(app.files, r, locked)),
        meta: { page: at.page, per_page: at.perPage, total, last_page: Math.max(1, Math.ceil(total / at.perPage)) },
      };
    },
  );

  app.get(
    '/resources/users/:id',
    {
      schema: { tags, summary: 'One user', params: userParams, response: { 200: ok(adminUser), 404: errorEnvelope } },
    },
    async (request) => {
      const row = await findUser(app.db, request.params.id);
      if (!row) throw notFound();
      return { success: true as const, data: await adminUserOf(app, row) };
    },
  );
}

/** A user created or edited through the form. */
function formRoutes(app: App): void {
  app.post(
    '/resources/users',
    {
      schema: {
        tags,
        summary: 'Create a user (role 1 Admin, 2 Guru, 3 Siswa); a teacher gets its teacher row, a student its student row',
        body: userCreateBody,
        response: { 201: ok(adminUser), 409: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request, reply) => {
      const b = request.body;
      const passwordHash = await hashPassword(b.password);
      const id = await withUniqueConflicts(() =>
        app.db.transaction(async (tx) => {
          await checkRombel(tx, b.role, b.rombel_id);
          await checkNisnFree(tx, b.role, b.nisn, null);
          const id = await insertUser(tx, {
            roleId: b.role,
            name: b.name,
            gender: b.gender,
            email: b.email ?? null,
            username: b.username,
            passwordHash,
            status: 1,
            mustChangePassword: b.must_change_password ?? false,
          });
          await saveDetails(tx, id, b.role, details(b), false);
          await auditUserCreate(tx, request, id);
          return id;
        }),
      );
      const row = await findUser(app.db, id);
      if (!row) throw notFound();
      reply.code(201);
      return { success: true as const, message: ADMIN_MSG.userCreated, data: await adminUserOf(app, row) };
    },
  );

  app.put(
    '/resources/users/:id',
    {
      schema: {
        tags,
        summary:
          'Edit a user. Password only when filled (then every session of that user ends); status 0 deactivates; ' +
          'role changes move the detail row. An admin cannot demote or deactivate their own account.',
        params: userParams,
        body: userUpdateBody,
        response: { 200: ok(adminUser), 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      const me = request.user;
      const id = request.params.id;
      const b = request.body;
      authorize(mayChangeRoleOrStatus(me, id, b), MSG.selfDemote);
      const passwordHash = b.password === undefined ? undefined : await hashPassword(b.password);
      await withUniqueConflicts(() =>
        app.db.transaction(async (tx) => {
          const current = await lockUser(tx, id);
          if (!current) throw notFound();
          const audited = (await userSnapshot(tx, id))!;
          const roleId = b.role ?? current.roleId;
          const roleChanged = roleId !== current.roleId;
          if (roleChanged && current.roleId === ROLE_IDS.teacher && (await teachesClasses(tx, id))) throw conflict(MSG.teacherHasClasses);
          await checkRombel(tx, roleId, b.rombel_id);
          await checkNisnFree(tx, roleId, b.nisn, id);
          const status = b.status ?? current.status;
          await updateUser(tx, id, {
            roleId,
            name: b.name,
            gender: b.gender,
            username: b.username,
            email: b.email ?? null,
            birthday: b.birthday ?? null,
            religion: b.religion ?? null,
            address: b.address ?? null,
            telpon: b.telpon ?? null,
            status,
            ...(passwordHash ? { passwordHash } : {}),
            ...(b.must_change_password === undefined ? {} : { mustChangePassword: b.must_change_password }),
          });
          await saveDetails(tx, id, roleId, details(b), roleChanged);
          // A new password or a deactivation ends the user's sessions (but not the admin's own, asking now).
          if (passwordHash || status === 0) await revokeUserTokens(tx, id, id === me.id ? me.tokenId : undefined);
          await auditUserEdit(tx, request, id, audited, { passwordSet: passwordHash !== undefined });
        }),
      );
      const row = await findUser(app.db, id);
      if (!row) throw notFound();
      return { success: true as const, message: ADMIN_MSG.userUpdated, data: await adminUserOf(app, row) };
    },
  );
}

/** An account (de)activated, deleted (and what that would delete), or unlocked after failed sign-ins. */
function accountRoutes(app: App): void {
  app.patch(
    '/resources/users/:id/status',
    {
      schema: {
        tags,
        summary:
          '"Nonaktifkan" (`status` 0) or "Aktifkan" (1) a user without resending the whole user. Deactivation ends every ' +
          'session of the user at once and login answers 403 until reactivated; all history (submissions, grades, comments) ' +
          'stays. An admin cannot deactivate their own account (403).',
        params: userParams,
        body: userStatusBody,
        response: { 200: ok(adminUser), 403: errorEnvelope, 404: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      const me = request.user;
      const id = request.params.id;
      const { status } = request.body;
      authorize(mayChangeRoleOrStatus(me, id, { status }), MSG.selfDemote);
      await app.db.transaction(async (tx) => {
        if (!(await lockUser(tx, id))) throw notFound();
        const audited = (await userSnapshot(tx, id))!;
        await setUsersStatus(tx, [id], status);
        await auditUserStatus(tx, request, id, audited);
      });
      const row = await findUser(app.db, id);
      if (!row) throw notFound();
      const message = status === 0 ? ADMIN_MSG.userDeactivated : ADMIN_MSG.userActivated;
      return { success: true as const, message, data: await adminUserOf(app, row) };
    },
  );

  app.delete(
    '/resources/users/:id',
    {
      schema: {
        tags,
        summary:
          "Delete a user with their submissions, comments and files. Refused for one's own account (403) " +
          'and for a teacher who still teaches online classes (409).',
        params: userParams,
        response: { 200: okMessage, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (request) => {
      const id = request.params.id;
      authorize(mayDeleteUser(request.user, id), MSG.selfDelete);
      let fileIds: number[];
      try {
        fileIds = await app.db.transaction(async (tx) => {
          const current = await lockUser(tx, id);
          if (!current) throw notFound();
          if (await teachesClasses(tx, id)) throw conflict(MSG.teacherHasClasses);
          const files = await filesOfUser(tx, id, current.avatarFileId);
          const gone = await userSnapshot(tx, id);
          await deleteUser(tx, id);
          await auditUserDelete(tx, request, id, gone);
          return files;
        });
      } catch (err) {
        // A class given to this teacher meanwhile: the schema refuses the delete (ON DELETE RESTRICT).
        if (isForeignKeyViolation(err)) throw conflict(MSG.teacherHasClasses);
        throw err;
      }
      await app.files.release(fileIds);
      return { success: true as const, message: ADMIN_MSG.userDeleted };
    },
  );

  app.get(
    '/resources/users/:id/delete-impact',
    {
      schema: {
        tags,
        summary:
          'What deleting this user would remove, for the delete dialog: `submissions` (their own and those handed in to assignments ' +
          'they wrote), how many of those are `graded`, and `comments` (their own, those in forums they opened, and the replies below). ' +
          'Counts only; deletes nothing.',
        params: userParams,
        response: { 200: ok(userDeleteImpact), 404: errorEnvelope },
      },
    },
    async (request) => {
      const impact = await deleteImpact(app.db, request.params.id);
      if (!impact) throw notFound();
      return { success: true as const, data: impact };
    },
  );

  app.delete(
    '/resources/users/:id/login-lock',
    {
      schema: {
        tags,
        summary: 'Lift the lock that 50 failed logins within 15 minutes put on an account; its failures are forgotten',
        params: userParams,
        response: { 200: ok(adminUser), 404: errorEnvelope },
      },
    },
    async (request) => {
      const row = await findUser(app.db, request.params.id);
      if (!row) throw notFound();
      await unlockAccount(app.db, row.user.id);
      const unlocked = { role: ROLE_LABELS[row.user.roleId] ?? '', name: row.user.name, username: row.user.username };
      await recordAudit(app.db, request, {
        action: 'user.unlock',
        targetType: 'user',
        targetId: row.user.id,
        summary: userLabel(unlocked),
      });
      return { success: true as const, message: ADMIN_MSG.userUnlocked, data: await adminUserOf(app, row) };
    },
  );
}
