/** Issue 40: parent accounts — pairing codes, sign-up, links, the privacy notice (contract schemas/parents.ts). */
import {
  IMPORT_MSG,
  PARENT_MSG,
  createdParent,
  errorEnvelope,
  homeroomParentBody,
  homeroomStudentParams,
  loginData,
  ok,
  okMessage,
  pairBody,
  pairingCheck,
  pairingCheckBody,
  pairingCode,
  parentChild,
  parentContact,
  parentLinkParams,
  parentPrivacy,
  parentSignupBody,
  rombelIdParams,
  studentIdParams,
  studentPairing,
} from '@kelasku/contract';
import { sql } from 'drizzle-orm';
import type { App } from '../../types.js';
import { parents } from '../../db/schema.js';
import { issueToken } from '../../auth/tokens.js';
import { homeroomOf } from '../../access/leave-requests.js';
import { HttpError } from '../../http/errors.js';
import { DOWNLOAD_TYPES, attachment } from '../../http/download.js';
import { findLoginUser } from '../session/queries.js';
import { toLoginUser } from '../session/present.js';
import { slipsPdf } from '../imports/slips.js';
import { createByHomeroom, homeroomSlips, lookUpCode, pairChild, signUp } from './accounts.js';
import { issueCode } from './codes.js';
import { contactsOf, linkedNotice, unlink } from './links.js';
import { privacyAcceptedAt, privacyOf } from './privacy.js';
import { anyStudent, parentChildOf, studentOfRombel, studentPairingOf } from './queries.js';

const codeErrors = { 404: errorEnvelope, 410: errorEnvelope, 422: errorEnvelope, 429: errorEnvelope };

/** /api: checking a pairing code and signing up with it. */
export async function publicRoutes(app: App): Promise<void> {
  const tags = ['parents'];

  app.post(
    '/pairing-codes/check',
    {
      schema: {
        tags,
        summary:
          "Whose code it is (the child's first name and rombel, the code's expiry): 404 unknown, 410 used or expired. " +
          'Failed look-ups are limited per address (429).',
        security: [],
        body: pairingCheckBody,
        response: { 200: ok(pairingCheck), ...codeErrors },
      },
    },
    async (request) => {
      const code = await lookUpCode(app, request.ip, request.body.code);
      return {
        success: true as const,
        data: { student_first_name: code.firstName, rombel_name: code.rombelName, expires_at: code.expiresAt.toISOString() },
      };
    },
  );

  app.post(
    '/parent-signup',
    {
      schema: {
        tags,
        summary:
          'A new parent account linked to the child of the code (used once); answers like POST /login. A child with 3 parents: 409; ' +
          'a username taken: 422 on `username`.',
        security: [],
        body: parentSignupBody,
        response: { 201: ok(loginData), ...codeErrors, 409: errorEnvelope },
      },
    },
    async (request, reply) => {
      const { userId, link } = await signUp(app, request, request.body);
      const token = await issueToken(app.db, userId);
      const user = await findLoginUser(app.db, request.body.username);
      await linkedNotice(app, link);
      reply.code(201);
      return { success: true as const, message: PARENT_MSG.signedUp, data: { token, user: toLoginUser(app.files, user!) } };
    },
  );
}

/** /api/student: the student's pairing code and linked parents. */
export async function studentRoutes(app: App): Promise<void> {
  const tags = ['student: orang tua'];

  app.get(
    '/pairing',
    { schema: { tags, summary: 'The unused code (its dates only) and the linked parents', response: { 200: ok(studentPairing) } } },
    async (request) => ({ success: true as const, data: await studentPairingOf(app.db, request.user.id) }),
  );

  app.post(
    '/pairing-code',
    {
      schema: {
        tags,
        summary: 'A new code for a parent (shown once, valid 7 days, single use); an unused one is replaced. 409 at 3 parents.',
        response: { 201: ok(pairingCode), 409: errorEnvelope },
      },
    },
    async (request, reply) => {
      const made = await app.db.transaction((tx) => issueCode(tx, request.user.id));
      reply.code(201);
      return {
        success: true as const,
        message: PARENT_MSG.codeCreated,
        data: { code: made.code, expires_at: made.expiresAt.toISOString() },
      };
    },
  );
}

/** /api/parent: pairing a sibling, the privacy notice. */
export async function parentRoutes(app: App): Promise<void> {
  const tags = ['parent'];

  app.post(
    '/children',
    {
      schema: {
        tags,
        summary: "Pair with another child by the child's code: 409 already linked or 3 parents; 404/410 as the code check.",
        body: pairBody,
        response: { 201: ok(parentChild), 409: errorEnvelope, ...codeErrors },
      },
    },
    async (request, reply) => {
      const code = await lookUpCode(app, request.ip, request.body.code);
      const link = await pairChild(app, request, code, request.body.relation);
      await linkedNotice(app, link);
      reply.code(201);
      return {
        success: true as const,
        message: PARENT_MSG.paired,
        data: await parentChildOf(app.db, app.files, link.student.id, link.relation),
      };
    },
  );

  app.get(
    '/privacy',
    {
      schema: {
        tags,
        summary: 'What the school keeps about the parent and why (UU PDP); when it was accepted',
        response: { 200: ok(parentPrivacy) },
      },
    },
    async (request) => ({ success: true as const, data: privacyOf(await privacyAcceptedAt(app.db, request.user.id)) }),
  );

  app.post(
    '/privacy/accept',
    { schema: { tags, summary: 'Accepts the privacy notice (once; again keeps the first time)', response: { 200: ok(parentPrivacy) } } },
    async (request) => {
      // The first acceptance is kept; a parent without a `parents` row gets one.
      await app.db
        .insert(parents)
        .values({ userId: request.user.id, privacyAcceptedAt: sql`now()` })
        .onConflictDoUpdate({ target: parents.userId, set: { privacyAcceptedAt: sql`coalesce(${parents.privacyAcceptedAt}, now())` } });
      return {
        success: true as const,
        message: PARENT_MSG.privacyAccepted,
        data: privacyOf(await privacyAcceptedAt(app.db, request.user.id)),
      };
    },
  );
}

/** /api/teacher: the wali kelas's parents of a student, creating one, the slips. */
export async function teacherRoutes(app: App): Promise<void> {
  const tags = ['teacher: wali kelas'];

  app.get(
    '/homerooms/:rombelId/students/:studentId/parents',
    {
      schema: {
        tags,
        summary: "A student's parents with phone numbers, for the wali kelas of the rombel this semester (404 otherwise)",
        params: homeroomStudentParams,
        response: { 200: ok(parentContact.array()), 404: errorEnvelope },
      },
    },
    async (request) => {
      const { rombelId, studentId } = request.params;
      await homeroomOf(app.db, request.user.id, rombelId);
      const child = await studentOfRombel(app.db, rombelId, studentId);
      return { success: true as const, data: await contactsOf(app.db, child.id) };
    },
  );

  app.post(
    '/homerooms/:rombelId/students/:studentId/parents',
    {
      schema: {
        tags,
        summary:
          'A new parent account for the student (username from the relation and NISN, a first password shown once and kept on the ' +
          "rombel's parent slips until the first sign-in or 7 days). 409 at 3 parents.",
        params: homeroomStudentParams,
        body: homeroomParentBody,
        response: { 201: ok(createdParent), 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request, reply) => {
      const { rombelId, studentId } = request.params;
      await homeroomOf(app.db, request.user.id, rombelId);
      const child = await studentOfRombel(app.db, rombelId, studentId);
      const made = await createByHomeroom(app, request, rombelId, child, request.body);
      await linkedNotice(app, made.link);
      const [contact] = await contactsOf(app.db, child.id, made.linkId);
      reply.code(201);
      return {
        success: true as const,
        message: PARENT_MSG.parentCreated,
        data: { contact: contact!, username: made.link.parent.username, password: made.password },
      };
    },
  );

  app.get(
    '/homerooms/:rombelId/parent-slips',
    {
      config: { expensive: 'slips' },
      schema: {
        tags,
        summary:
          'PDF sign-in slips of the parents the caller created for the rombel whose first password is still kept (until their ' +
          'first sign-in or 7 days); 410 when none is left.',
        params: rombelIdParams,
      },
    },
    async (request, reply) => {
      const { rombelId } = request.params;
      await homeroomOf(app.db, request.user.id, rombelId);
      const credentials = await homeroomSlips(app.db, request.user.id, rombelId);
      if (credentials.length === 0) throw new HttpError(410, IMPORT_MSG.slipsGone);
      const school = { name: app.config.schoolName, address: app.config.schoolAddress };
      const body = await slipsPdf(credentials, school, `${request.protocol}://${request.host}`);
      return attachment(reply, DOWNLOAD_TYPES.pdf, `slip-akun-orang-tua-${rombelId}.pdf`, body);
    },
  );
}

/** /api/admin: a student's parents, unlinking. */
export async function adminRoutes(app: App): Promise<void> {
  const tags = ['admin: orang tua'];

  app.get(
    '/students/:studentId/parents',
    {
      schema: {
        tags,
        summary: "A student's parents with phone numbers, link id, source and date (404 for a user who is no student)",
        params: studentIdParams,
        response: { 200: ok(parentContact.array()), 404: errorEnvelope },
      },
    },
    async (request) => {
      const student = await anyStudent(app.db, request.params.studentId);
      return { success: true as const, data: await contactsOf(app.db, student.id) };
    },
  );

  app.delete(
    '/parent-links/:linkId',
    {
      schema: {
        tags,
        summary: "Unlinks a parent from a student (audited 'parent.unlink'); the parent's account stays",
        params: parentLinkParams,
        response: { 200: okMessage, 404: errorEnvelope },
      },
    },
    async (request) => {
      await app.db.transaction((tx) => unlink(tx, request, request.params.linkId));
      return { success: true as const, message: PARENT_MSG.unlinked };
    },
  );
}
