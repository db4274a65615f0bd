/** Issue 40: "Kelas Perwalian" — the wali kelas's rombel at a glance, messages to parents, the at-risk settings. */
import {
  PARENT_MESSAGES_PER_HOUR,
  PARENT_MSG,
  errorEnvelope,
  homeroomOverview,
  homeroomSettings,
  homeroomStudentParams,
  ok,
  parentMessage,
  parentMessageBody,
  rombelIdParams,
  type ParentMessage,
} from '@kelasku/contract';
import type { App } from '../../types.js';
import { homeroomOf } from '../../access/leave-requests.js';
import { HttpError, notFound, tooManyRequests } from '../../http/errors.js';
import { takeSlot } from '../../auth/login-limits.js';
import { recordAudit } from '../../audit/record.js';
import { homeroomOverview as overviewOf } from './overview.js';
import {
  activeStudentOf,
  insertMessage,
  lockRiskSettings,
  messageRows,
  parentsOf,
  riskThresholds,
  storeRiskThresholds,
  type MessageRow,
} from './queries.js';

const toMessage = (r: MessageRow): ParentMessage => ({
  id: r.id,
  student: r.student,
  sender: r.senderId === null || !r.sender ? null : r.sender,
  body: r.body,
  created_at: r.createdAt.toISOString(),
});

/** The notification's context: the message's first ~80 characters. */
export function messageContext(body: string): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length <= 80 ? flat : `${flat.slice(0, 79).trimEnd()}…`;
}

/** The student of the path, an active student of the rombel the caller is wali kelas of this semester; 404 otherwise. */
async function homeroomStudent(app: App, teacherId: number, rombelId: number, studentId: number) {
  await homeroomOf(app.db, teacherId, rombelId);
  const student = await activeStudentOf(app.db, rombelId, studentId);
  if (!student) throw notFound();
  return student;
}

/** /api/teacher: the overview and the messages. */
export async function teacherRoutes(app: App): Promise<void> {
  const tags = ['teacher: kelas perwalian'];
  app.get(
    '/homerooms/:rombelId/overview',
    {
      schema: {
        tags,
        summary:
          'Kelas Perwalian: the active students of the rombel the caller is wali kelas of in the active semester (else 404), by name, ' +
          "with today's mark (WIB) and this month's days per mark (as the monthly recap counts them), missing and late work of every " +
          'subject, the risks with their reason (Alpa days this month, missing work, a final grade under the KKTP; the thresholds ' +
          "are the admin's), the linked parents with their phone numbers; today's totals and the izin requests waiting",
        params: rombelIdParams,
        response: { 200: ok(homeroomOverview), 404: errorEnvelope },
      },
    },
    async (request) => ({ success: true as const, data: await overviewOf(app.db, request.user.id, request.params.rombelId) }),
  );

  const path = '/homerooms/:rombelId/students/:studentId/messages';
  app.get(
    path,
    {
      schema: {
        tags,
        summary: "The messages to the student's parents, newest first (the student must be of the caller's rombel as wali kelas, else 404)",
        params: homeroomStudentParams,
        response: { 200: ok(parentMessage.array()), 404: errorEnvelope },
      },
    },
    async (request) => {
      const { rombelId, studentId } = request.params;
      await homeroomStudent(app, request.user.id, rombelId, studentId);
      return { success: true as const, data: (await messageRows(app.db, studentId)).map(toMessage) };
    },
  );
  app.post(
    path,
    {
      schema: {
        tags,
        summary:
          "A message to the student's parents (each linked parent is notified; none: 422). The student must be of the caller's rombel " +
          `as wali kelas (404). At most ${PARENT_MESSAGES_PER_HOUR} messages an hour per wali kelas, then 429`,
        params: homeroomStudentParams,
        body: parentMessageBody,
        response: { 201: ok(parentMessage), 404: errorEnvelope, 422: errorEnvelope, 429: errorEnvelope },
      },
    },
    async (request, reply) => {
      const { rombelId, studentId } = request.params;
      const student = await homeroomStudent(app, request.user.id, rombelId, studentId);
      const parents = await parentsOf(app.db, [studentId]);
      if (!parents.length) throw new HttpError(422, PARENT_MSG.noParents);
      if (!(await takeSlot(app.db, `pm:${request.user.id}`, PARENT_MESSAGES_PER_HOUR, 60))) {
        throw tooManyRequests(PARENT_MSG.messageRateLimited);
      }
      const body = request.body.body;
      const id = await insertMessage(app.db, { studentId, senderId: request.user.id, body });
      await app.notifier.send({
        userIds: parents.map((p) => p.id),
        kind: 'parent_message',
        actorId: request.user.id,
        subject: student.name,
        context: messageContext(body),
        link: `/anak/${studentId}`,
      });
      const [row] = await messageRows(app.db, studentId, id);
      reply.code(201);
      return { success: true as const, message: PARENT_MSG.messageSent, data: toMessage(row!) };
    },
  );
}

/** /api/admin: the at-risk thresholds. */
export async function adminRoutes(app: App): Promise<void> {
  const tags = ['admin: kelas perwalian'];
  const toSettings = (t: { alpa: number; missing: number }) => ({ risk_alpa: t.alpa, risk_missing: t.missing });
  app.get(
    '/homeroom-settings',
    {
      schema: {
        tags,
        summary: 'When Kelas Perwalian shows a student at risk: Alpa days this month, missing pieces of work (defaults 3 and 3)',
        response: { 200: ok(homeroomSettings) },
      },
    },
    async () => ({ success: true as const, data: toSettings(await riskThresholds(app.db)) }),
  );
  app.put(
    '/homeroom-settings',
    {
      schema: {
        tags,
        summary: 'Saves the at-risk thresholds (Alpa 1–31 days, missing work 1–50 pieces), audited',
        body: homeroomSettings,
        response: { 200: ok(homeroomSettings), 422: errorEnvelope },
      },
    },
    async (request) => {
      const after = { alpa: request.body.risk_alpa, missing: request.body.risk_missing };
      await app.db.transaction(async (tx) => {
        await lockRiskSettings(tx);
        const before = await riskThresholds(tx);
        await storeRiskThresholds(tx, after);
        await recordAudit(tx, request, {
          action: 'homeroom.settings',
          targetType: 'setting',
          summary: 'Batas siswa perlu perhatian',
          before: toSettings(before),
          after: toSettings(after),
        });
      });
      return { success: true as const, message: PARENT_MSG.riskSaved, data: toSettings(after) };
    },
  );
}
