import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MSG, errorEnvelope, ok, okMessage, passwordBody, profile, profileBody, profileParams } from '@kelasku/contract';
import type { App } from '../../types.js';
import { hashPassword, verifyPassword } from '../../auth/passwords.js';
import { attemptKeys, releaseAttempt, reserveAttempt, sleep } from '../../auth/login-limits.js';
import { revokeUserTokens } from '../../auth/tokens.js';
import { readMultipartWithFile } from '../../files/multipart.js';
import {
  authorize,
  mayEditProfile,
  refusedSchoolFieldChanges,
  schoolFieldsOfOwnProfile,
  SCHOOL_FIELDS,
  type SchoolField,
} from '../../access/index.js';
import { invalidField, notFound, tooManyRequests } from '../../http/errors.js';
import { isForeignKeyViolation, uniqueViolation } from '../../http/db-errors.js';
import { checkNisnFree, conflictForUnique } from '../users-shared.js';
import { loadProfile } from '../session/queries.js';
import { toProfile } from '../session/present.js';
import { passwordHashOf, rombelExists, saveProfile, setAvatar, setPasswordHash, type ProfileUpdate } from './queries.js';

/** Every field the profile form saves (the body's `role` is accepted but never used). */
const PROFILE_FIELDS = Object.keys(profileBody.shape).filter((k) => k !== 'role');
const isSchoolField = (k: string): k is SchoolField => (SCHOOL_FIELDS as readonly string[]).includes(k);

/** The user's own profile, password and avatar. */
export default async function profileRoutes(app: App) {
  app.put(
    '/profile/:id',
    {
      schema: {
        tags: ['profile'],
        summary:
          "Update one's own profile (teachers: NIP/NIK; students: rombel/NIS/NISN). The whole form is replaced: " +
          'an optional field left out or blank is cleared. `role` in the body is ignored.',
        params: profileParams,
        body: profileBody,
        response: { 200: ok(profile), 403: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      const me = request.user;
      authorize(mayEditProfile(me, request.params.id), MSG.profileOwnOnly);
      // PUT replaces the whole form: a field left out or blank is cleared; the role is never taken from the body,
      // and school-owned fields other than the user's own role's are ignored.
      const body = request.body as Record<string, unknown>;
      const own = new Set<string>(schoolFieldsOfOwnProfile(me));
      const update = Object.fromEntries(
        PROFILE_FIELDS.map((k) => [k, isSchoolField(k) && !own.has(k) ? null : (body[k] ?? null)]),
      ) as ProfileUpdate;
      const before = await loadProfile(app.db, me.id);
      if (!before) throw notFound();
      const current = { rombel: before.rombelId, nis: before.nis, nisn: before.nisn, nip: before.nip, nik: before.nik };
      authorize(refusedSchoolFieldChanges(me, current, update).length === 0, MSG.identitySchoolOwned);
      try {
        await app.db.transaction(async (tx) => {
          if (update.rombel != null && !(await rombelExists(tx, update.rombel as number))) {
            throw invalidField('rombel', MSG.rombelUnknown);
          }
          await checkNisnFree(tx, me.roleId, update.nisn as string | null | undefined, me.id);
          await saveProfile(tx, me.id, me.roleId, update);
        });
      } catch (err) {
        const constraint = uniqueViolation(err);
        if (constraint !== null) throw conflictForUnique(constraint);
        // The rombel was deleted between the check and the write.
        if (isForeignKeyViolation(err)) throw invalidField('rombel', MSG.rombelUnknown);
        throw err;
      }
      const row = await loadProfile(app.db, me.id);
      if (!row) throw notFound();
      return { success: true as const, message: MSG.profileUpdated, data: toProfile(app.files, row) };
    },
  );

  app.patch(
    '/profile/update-password',
    {
      schema: {
        tags: ['profile'],
        summary:
          "Change one's password; every session of the user ends, this one included. The current password is checked " +
          'under the same limits as a login (429 past them)',
        body: passwordBody,
        response: { 200: okMessage, 422: errorEnvelope, 429: errorEnvelope },
      },
    },
    async (request) => {
      const me = request.user;
      const { password, new_password } = request.body;
      const keys = attemptKeys({ userId: me.id }, request.ip);
      const reserved = await reserveAttempt(app.db, keys);
      if (!reserved) throw tooManyRequests(MSG.loginRateLimited);
      if (reserved.delayMs > 0) await sleep(reserved.delayMs);
      const current = await passwordHashOf(app.db, me.id);
      if (!current || !(await verifyPassword(current, password))) throw invalidField('password', MSG.passwordOldWrong);
      await releaseAttempt(app.db, keys);
      const hashed = await hashPassword(new_password);
      await app.db.transaction(async (tx) => {
        await setPasswordHash(tx, me.id, hashed);
        await revokeUserTokens(tx, me.id);
      });
      return { success: true as const, message: MSG.passwordChanged };
    },
  );

  const avatarRoute = {
    schema: {
      tags: ['profile'],
      summary: 'Upload a new avatar (multipart field `avatar`, JPEG or PNG by content, at most 5 MB; `_method=PATCH` accepted)',
      consumes: ['multipart/form-data'],
      response: { 200: ok(z.object({ avatar: z.string() })), 413: errorEnvelope, 415: errorEnvelope, 422: errorEnvelope },
    },
  };
  const updateAvatar = async (request: FastifyRequest) => {
    const me = request.user;
    const { file } = await readMultipartWithFile(request, 'avatar', 'avatar');
    const { fileId, old } = await app.files.commit(file, async (tx, fileId) => ({ fileId, old: await setAvatar(tx, me.id, fileId) }));
    await app.files.release([old]);
    return { success: true as const, message: MSG.avatarUpdated, data: { avatar: app.files.url(fileId) } };
  };
  app.post('/profile/update-avatar', avatarRoute, updateAvatar);
  app.patch('/profile/update-avatar', avatarRoute, updateAvatar);
}
