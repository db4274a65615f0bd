/**
 * Issue 42 — WhatsApp: the phone numbers of students, for "Chat WhatsApp". A teacher gets them only
 * for the students of the rombel of a class they teach, and the wali kelas for the students of their
 * rombel this semester; any other class or rombel answers 404. Nobody else reaches these routes.
 */
import { z } from 'zod';
import { and, asc, eq, sql } from 'drizzle-orm';
import { classIdParams, errorEnvelope, ok, rombelIdParams, studentContact, type StudentContact } from '@kelasku/contract';
import type { App } from '../../types.js';
import type { Executor } from '../../db/client.js';
import { students, users } from '../../db/schema.js';
import { classForTeacher } from '../../access/index.js';
import { homeroomOf } from '../../access/leave-requests.js';

/** The active students of a rombel by name, with their numbers (one statement). */
function contactsOf(db: Executor, rombelId: number): Promise<StudentContact[]> {
  return db
    .select({ id: users.id, name: users.name, telpon: users.telpon })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .where(and(eq(students.rombelClassId, rombelId), eq(users.status, 1)))
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id));
}

const reply = { 200: ok(z.array(studentContact)), 404: errorEnvelope };

/** /api/teacher */
export async function teacherRoutes(app: App): Promise<void> {
  const tags = ['teacher: whatsapp'];
  app.get(
    '/online-classes/:classId/student-contacts',
    {
      schema: {
        tags,
        summary:
          "The phone numbers of the active students of the class's rombel, by name (a class the caller does not teach: 404; " +
          'an archived class: none, its rombel holds the next year)',
        params: classIdParams,
        response: reply,
      },
    },
    async (request) => {
      const klass = await classForTeacher(app.db, request.user, request.params.classId, 'read');
      const data = klass.archivedAt === null ? await contactsOf(app.db, klass.rombelClassId) : [];
      return { success: true as const, data };
    },
  );
  app.get(
    '/homerooms/:rombelId/student-contacts',
    {
      schema: {
        tags,
        summary: 'The phone numbers of the active students of the rombel the caller is wali kelas of this semester, by name (else 404)',
        params: rombelIdParams,
        response: reply,
      },
    },
    async (request) => {
      await homeroomOf(app.db, request.user.id, request.params.rombelId);
      return { success: true as const, data: await contactsOf(app.db, request.params.rombelId) };
    },
  );
}
