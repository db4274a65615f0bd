import { and, eq, inArray, ne } from 'drizzle-orm';
import { BULK_MSG, MSG, errorEnvelope, ok, userBulkBody, userBulkResult, ROLE_IDS } from '@kelasku/contract';
import type { App } from '../../types.js';
import { hashPassword } from '../../auth/passwords.js';
import { revokeUserTokens } from '../../auth/tokens.js';
import { rombelClasses, students, userImports, users } from '../../db/schema.js';
import { HttpError, invalidField } from '../../http/errors.js';
import { generatePassword } from '../imports/plan.js';
import type { Credential } from '../imports/write.js';
import { eraseFirstPasswords } from '../imports/queries.js';
import { setUsersStatus } from './queries.js';
import { userSnapshots } from '../../audit/queries.js';
import { auditBulk } from '../../audit/changes.js';

/** POST /api/admin/resources/users/bulk — one action on many users selected in the list, in one transaction. */
export default async function bulkUserRoutes(app: App): Promise<void> {
  app.post(
    '/resources/users/bulk',
    {
      schema: {
        tags: ['admin: users'],
        summary:
          'One action on the selected users (at most 1,000), all or nothing: deactivate (sessions end), activate, move_rombel (students ' +
          'only, with rombel_id), force_password_change, or reset_password (new generated passwords, forced change, slips downloadable by this admin until first sign-in or 7 days).',
        body: userBulkBody,
        response: { 200: ok(userBulkResult), 403: errorEnvelope, 404: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      const { action, rombel_id: rombelId } = request.body;
      const ids = [...new Set(request.body.ids)];
      const me = request.user;
      if (ids.includes(me.id) && (action === 'deactivate' || action === 'reset_password' || action === 'force_password_change')) {
        throw new HttpError(403, MSG.selfDemote);
      }
      const result = await app.db.transaction(async (tx) => {
        const found = await tx
          .select({ id: users.id, roleId: users.roleId, name: users.name, username: users.username, rombel: rombelClasses.name })
          .from(users)
          .leftJoin(students, eq(students.userId, users.id))
          .leftJoin(rombelClasses, eq(rombelClasses.id, students.rombelClassId))
          .where(inArray(users.id, ids));
        if (found.length !== ids.length) throw new HttpError(404, MSG.notFound);
        const audited = await userSnapshots(tx, ids);
        const now = new Date();
        if (action === 'deactivate' || action === 'activate') {
          await setUsersStatus(tx, ids, action === 'activate' ? 1 : 0);
          await auditBulk(tx, request, action, audited);
          return { updated: ids.length, import_id: null };
        }
        if (action === 'move_rombel') {
          if (rombelId === undefined) throw invalidField('rombel_id', MSG.required);
          if (found.some((u) => u.roleId !== ROLE_IDS.student)) throw invalidField('ids', BULK_MSG.studentsOnly);
          const [rombel] = await tx.select({ id: rombelClasses.id }).from(rombelClasses).where(eq(rombelClasses.id, rombelId));
          if (!rombel) throw invalidField('rombel_id', MSG.rombelUnknown);
          await tx.update(students).set({ rombelClassId: rombelId }).where(inArray(students.userId, ids));
          await auditBulk(tx, request, action, audited);
          return { updated: ids.length, import_id: null };
        }
        if (action === 'force_password_change') {
          await tx
            .update(users)
            .set({ mustChangePassword: true, updatedAt: now })
            .where(and(inArray(users.id, ids), ne(users.id, me.id)));
          await auditBulk(tx, request, action, audited);
          return { updated: ids.length, import_id: null };
        }
        // reset_password: new passwords on slips (kept like an import's until first sign-in or 7 days).
        const credentials: Credential[] = [];
        for (const u of found.sort((a, b) => a.name.localeCompare(b.name, 'id'))) {
          const password = generatePassword();
          await tx
            .update(users)
            .set({ passwordHash: await hashPassword(password), mustChangePassword: true, updatedAt: now })
            .where(eq(users.id, u.id));
          credentials.push({
            userId: u.id,
            line: 0,
            name: u.name,
            role: u.roleId === ROLE_IDS.teacher ? 'teacher' : u.roleId === ROLE_IDS.parent ? 'parent' : 'student',
            rombel: u.rombel,
            username: u.username,
            password,
          });
        }
        await revokeUserTokens(tx, ids);
        // Their older first passwords no longer sign in: off the older slips.
        await eraseFirstPasswords(tx, ids);
        await auditBulk(tx, request, action, audited);
        const [batch] = await tx
          .insert(userImports)
          .values({
            createdBy: me.id,
            status: 'done',
            total: ids.length,
            done: ids.length,
            summary: { create: 0, update: ids.length, unchanged: 0 },
            credentials,
            finishedAt: now,
          })
          .returning({ id: userImports.id });
        return { updated: ids.length, import_id: batch!.id };
      });
      const message = action === 'reset_password' ? BULK_MSG.reset(result.updated) : BULK_MSG.done(result.updated);
      return { success: true as const, message, data: result };
    },
  );
}
