/**
 * Issue 40: "Kelas Perwalian" runs a fixed number of SQL statements whatever the size of the rombel:
 * a rombel of 36 students with 15 subjects runs exactly as many as one of 3 students with 2. Both
 * scenes have closed and open work, hand-ins, an extension, meetings today and earlier this month
 * with marks, a parent per student and an izin request (no quizzes, no TP tags: those would add the
 * report grades' quiz-attempt and tagged-answer reads, once each). The statements of a request:
 *
 *  0. the session (the bearer token with its user), as every authenticated request;
 *  1. homeroomOf: the caller is wali kelas of the rombel in the active semester (access/leave-requests.ts);
 *  2. the rombel's name, the semester's label and the izin requests waiting (overviewHeading);
 *  3. the at-risk thresholds (app_settings 'homeroom.risk');
 *  4. the rombel's active students by name;
 *  5. every student's day marks of this month (attendance-recaps monthMarks: today's mark and the days per mark);
 *  6. the rombel's classes of the semester with their subjects (report-grades legerSubjectsOf);
 *  7. the assignments of those classes students can see now;
 *  8. their submissions, 9. their extensions (gradebook workOf, extensionsOf: missing and late work);
 *  10–22. the final grades of every class (reportGradesOfClasses, as the leger): the schemes 2, the
 *     gradebook's assignments, roster, submissions, extensions and quizzes 5, the subjects, TPs and
 *     lock 1, the TP tags 3, the NISNs and report descriptions 2;
 *  23. the linked parents of all students with their phone numbers.
 */
import { describe, expect, it } from 'vitest';
import { assignmentExtensions, assignments, attendance, homerooms, leaveRequests, meetings, submissions } from '../src/db/schema.js';
import { classOfContent } from '../src/features/lessons/queries.js';
import { useTestApp, type TestContext } from './helpers.js';
import { statementsDuring } from './admin-access.js';
import type { TestUser } from './factory.js';
import { activeSemester } from './teaching-helpers.js';
import { wibDate } from './attendance-scene.js';
import { DAY, TOMORROW, YESTERDAY, otherDaysThisMonth, subjectClass } from './homeroom-overview-scene.js';

const t = useTestApp();

/** A rombel of `size` students with `subjects` classes, its wali kelas, and data in every class; written in bulk. */
async function rombelOf(t: TestContext, size: number, subjects: number) {
  const f = t.factory;
  const semesterId = await activeSemester(t);
  const rombel = await f.rombel({ grade: 10 });
  const [homeroom, teacher] = [await f.teacher(), await f.teacher()];
  await t.db.insert(homerooms).values({ semesterId, rombelClassId: rombel.id, teacherId: homeroom.id });
  const students: TestUser[] = [];
  for (let i = 0; i < size; i++) students.push(await f.student({ rombelId: rombel.id }));
  for (const st of students) await f.parent([st.id]);
  const [earlier] = otherDaysThisMonth(1) as [string];
  const s = { semesterId, rombelId: rombel.id, rombelName: rombel.name };
  for (let k = 0; k < subjects; k++) {
    const c = await subjectClass(t, s, `Mapel ${k + 1} ${rombel.id}`, teacher);
    const made = await t.db
      .insert(assignments)
      .values(
        [YESTERDAY(), TOMORROW()].map((deadline, i) => ({
          lessonId: c.lessonId,
          onlineClassId: classOfContent(c.lessonId),
          authorId: teacher.id,
          title: `Tugas ${i + 1}`,
          description: 'Kerjakan.',
          deadline,
          position: i,
          categoryId: c.categories[0]!.id,
        })),
      )
      .returning();
    const handedIn = students.filter((_, i) => i % 2 === 0);
    await t.db.insert(submissions).values(
      handedIn.map((st, i) => ({
        assignmentId: made[0]!.id,
        studentId: st.id,
        score: i % 3 === 0 ? 60 : 85,
        submittedAt: new Date(Date.now() - 2 * DAY),
      })),
    );
    await t.db.insert(assignmentExtensions).values({ assignmentId: made[0]!.id, studentId: students[1]!.id, deadline: TOMORROW() });
    const held = await t.db
      .insert(meetings)
      .values(
        [wibDate(0), earlier].map((date) => ({
          onlineClassId: c.klass.id,
          date,
          periodFrom: 1 + (k % 8),
          periodTo: 1 + (k % 8),
          startsAt: new Date(`${date}T07:00:00+07:00`),
          endsAt: new Date(`${date}T07:45:00+07:00`),
          source: 'extra' as const,
        })),
      )
      .returning();
    await t.db
      .insert(attendance)
      .values(
        held.flatMap((m) =>
          students.map((st, i) => ({ meetingId: m.id, studentId: st.id, status: i % 4 === 0 ? 'A' : 'H', source: 'teacher' }) as const),
        ),
      );
  }
  await t.db.insert(leaveRequests).values({
    studentId: students[0]!.id,
    semesterId,
    rombelClassId: rombel.id,
    kind: 'S',
    startsOn: wibDate(0),
    endsOn: wibDate(0),
    reason: 'Demam',
    requestedBy: students[0]!.id,
  });
  return { rombelId: rombel.id, homeroom };
}

describe('Kelas Perwalian: the statements', () => {
  it('runs as many for 36 students and 15 subjects as for 3 students and 2 subjects', async () => {
    const small = await rombelOf(t, 3, 2);
    const big = await rombelOf(t, 36, 15);
    const read = (r: typeof small) => async () => {
      const res = await t.as(r.homeroom.token).get(`/api/teacher/homerooms/${r.rombelId}/overview`);
      expect(res.status).toBe(200);
      return res;
    };
    const smallCount = await statementsDuring(t, read(small));
    const bigCount = await statementsDuring(t, read(big));
    expect(bigCount).toBe(smallCount);
    // The session's read and the 23 listed above.
    expect(bigCount).toBe(24);
    const o = (await read(big)()).body.data;
    expect(o.students).toHaveLength(36);
    expect(o.students.every((s: { parents: unknown[] }) => s.parents.length === 1)).toBe(true);
    expect(o.students[1].missing).toBe(0);
    expect(o.today.unrecorded).toBe(0);
    expect(o.pending_requests).toBe(1);
  });
});
