/**
 * The demo school's parents (issue 40), seeded at the end of the demo: guru is the wali kelas of
 * X TKJ 1 this semester; Siti Rahmawati (`orangtua` / `orangtua123`) is Andi Pratama's mother,
 * linked by the wali kelas, who has not read the privacy notice yet (a newcomer sees it first);
 * one message from the wali kelas about Andi; Rizky, a classmate, has three pieces of Matematika
 * work closed without a hand-in (Kelas Perwalian shows him at risk, whatever the day of the
 * month); and last week's summary of Andi is on Siti's Ringkasan page. The demo has no sibling
 * of Andi: Siti follows one child. Runs inside seedDemo's transaction, once (an empty database).
 */
import { and, eq } from 'drizzle-orm';
import { ROLE_IDS } from '@kelasku/contract';
import type { Tx } from '../db/client.js';
import {
  assignments,
  homerooms,
  onlineClasses,
  parentLinks,
  parentMessages,
  parentSummaries,
  parents,
  semesters,
  subjects,
  submissions,
  teachingAssignments,
  users,
} from '../db/schema.js';
import { insertLesson, nextPosition } from '../features/lessons/queries.js';
import { weekOfChildren } from '../features/parent-summary/queries.js';
import { weekOf } from '../features/parent-summary/week.js';

/** The demo users' ids by username. */
type Ids = Record<string, number>;

export const DEMO_PARENT = {
  username: 'orangtua',
  password: 'orangtua123',
  name: 'Siti Rahmawati',
  telpon: '0812-3456-7890',
  email: 'siti.rahmawati@gmail.com',
} as const;

const DAY_MS = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY_MS);

/** Three pieces of the rombel's Matematika, closed: Andi and Dewi handed them in, Rizky did not. */
async function seedMissingWork(tx: Tx, id: Ids): Promise<void> {
  const [klass] = await tx
    .select({ id: onlineClasses.id, teacherId: onlineClasses.teacherId })
    .from(teachingAssignments)
    .innerJoin(subjects, eq(subjects.id, teachingAssignments.subjectId))
    .innerJoin(onlineClasses, eq(onlineClasses.id, teachingAssignments.onlineClassId))
    .innerJoin(semesters, and(eq(semesters.id, teachingAssignments.semesterId), eq(semesters.active, true)))
    .where(and(eq(teachingAssignments.rombelClassId, 1), eq(subjects.code, 'MTK')))
    .limit(1);
  if (!klass) return;
  const lesson = await insertLesson(tx, klass.id, { title: 'Eksponen dan Logaritma', description: 'Latihan soal bab 1.' });
  const work = [
    ['Latihan Sifat Eksponen', 12],
    ['Latihan Bentuk Akar', 9],
    ['Latihan Logaritma', 5],
  ] as const;
  for (const [title, ago] of work) {
    const [a] = await tx
      .insert(assignments)
      .values({
        lessonId: lesson.id,
        onlineClassId: klass.id,
        authorId: klass.teacherId,
        title,
        description: 'Kerjakan soal di buku paket halaman 12–14, foto jawabanmu.',
        deadline: daysAgo(ago),
        closesAt: daysAgo(ago - 1),
        position: nextPosition(assignments, lesson.id),
      })
      .returning({ id: assignments.id });
    await tx.insert(submissions).values(
      [id.siswa!, id.dewi!].map((studentId) => ({
        assignmentId: a!.id,
        studentId,
        textAnswer: 'Jawaban terlampir.',
        submittedAt: daysAgo(ago + 1),
      })),
    );
  }
}

export async function seedParents(tx: Tx, id: Ids, passwordHash: string): Promise<void> {
  const [semester] = await tx.select({ id: semesters.id }).from(semesters).where(eq(semesters.active, true));
  if (semester) {
    await tx
      .insert(homerooms)
      .values({ semesterId: semester.id, rombelClassId: 1, teacherId: id.guru! })
      .onConflictDoUpdate({ target: [homerooms.semesterId, homerooms.rombelClassId], set: { teacherId: id.guru! } });
  }
  const [parent] = await tx
    .insert(users)
    .values({
      roleId: ROLE_IDS.parent,
      name: DEMO_PARENT.name,
      username: DEMO_PARENT.username,
      email: DEMO_PARENT.email,
      telpon: DEMO_PARENT.telpon,
      gender: 'P',
      address: 'Jl. Pendidikan No. 1, Yogyakarta',
      passwordHash,
    })
    .returning({ id: users.id });
  const parentId = parent!.id;
  await tx.insert(parents).values({ userId: parentId, privacyAcceptedAt: null });
  await tx.insert(parentLinks).values({ parentId, studentId: id.siswa!, relation: 'ibu', source: 'homeroom', createdBy: id.guru! });
  await tx.insert(parentMessages).values({
    studentId: id.siswa!,
    senderId: id.guru!,
    body:
      'Assalamualaikum Ibu Siti. Andi aktif di kelas dan nilai praktiknya baik. Mohon diingatkan untuk membawa ' +
      'kabel UTP dan konektor RJ-45 untuk praktik hari Senin. Terima kasih.',
    createdAt: daysAgo(1),
  });
  await seedMissingWork(tx, id);

  // Last week's summary (Monday 00.00 → Friday 15.00 WIB), from the demo's own data.
  const thisWeek = weekOf(new Date());
  const lastFriday = new Date(thisWeek.from.getTime() - 3 * DAY_MS + 15 * 3600_000);
  const week = weekOf(lastFriday);
  const [andi] = await tx.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, id.siswa!));
  const children = await weekOfChildren(tx, [andi!], week);
  await tx.insert(parentSummaries).values({
    parentId,
    weekStart: week.start,
    body: { children: [children.get(andi!.id)!] },
    createdAt: lastFriday,
  });
}
