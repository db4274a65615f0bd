/**
 * The demo school's report grades (issue 39), seeded at the end of the demo: for X TKJ 1's classes
 * taught by the demo teacher ("guru"), the class's scheme (the school's default categories), four
 * TPs of the class's subject and grade, the demo assignments in categories and tagged with TPs, a
 * sumatif akhir assignment per class, graded work of every student of the rombel (one piece graded
 * with the "Rubrik Presentasi" rubric, one waiting for it), and the grades released, so the demo
 * student sees a Nilai Akhir. Runs inside seedDemo's transaction, once (an empty database).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import {
  assignmentObjectives,
  assignments,
  classGradeSettings,
  learningObjectives,
  lessons,
  onlineClasses,
  rombelClasses,
  rubrics,
  students,
  submissions,
  subjects,
  teachingAssignments,
  type RubricCriterion,
} from '../db/schema.js';
import type { RubricMark } from '../db/schema/assignments.js';
import { loadScheme } from '../features/grade-scheme/queries.js';
import { nextPosition } from '../features/lessons/queries.js';

/** The demo users' ids by username. */
type Ids = Record<string, number>;

const OBJECTIVES: Record<string, string[]> = {
  DDTJKT: [
    'Menjelaskan konsep dasar jaringan komputer',
    'Membandingkan topologi jaringan bus, star, ring dan mesh',
    'Membuat kabel UTP straight dan cross sesuai standar',
    'Mengonfigurasi alamat IP pada perangkat jaringan',
  ],
  INF: [
    'Menerapkan berpikir komputasional dalam memecahkan masalah',
    'Menjelaskan komponen sistem komputer dan fungsinya',
    'Merakit komputer sesuai prosedur keselamatan kerja',
  ],
};

const level = (title: string, points: number, description: string) => ({ title, points, description });
export const PRESENTATION_RUBRIC: RubricCriterion[] = [
  {
    title: 'Penguasaan materi',
    description: 'Ketepatan dan kedalaman isi yang disampaikan',
    max_points: 40,
    levels: [
      level('Sangat baik', 40, 'Menjelaskan semua konsep dengan tepat dan memberi contoh'),
      level('Baik', 30, 'Menjelaskan sebagian besar konsep dengan tepat'),
      level('Cukup', 20, 'Beberapa konsep kurang tepat'),
      level('Perlu bimbingan', 10, 'Banyak konsep belum dipahami'),
    ],
  },
  {
    title: 'Media presentasi',
    description: 'Slide atau gambar jelas, rapi dan mendukung penjelasan',
    max_points: 30,
    levels: [
      level('Sangat baik', 30, 'Media rapi, jelas dan menarik'),
      level('Baik', 22, 'Media jelas dengan sedikit kekurangan'),
      level('Cukup', 15, 'Media kurang jelas atau terlalu padat'),
      level('Perlu bimbingan', 8, 'Media tidak mendukung penjelasan'),
    ],
  },
  {
    title: 'Komunikasi',
    description: 'Suara, kontak mata dan menjawab pertanyaan',
    max_points: 30,
    levels: [
      level('Sangat baik', 30, 'Lancar, percaya diri dan menjawab pertanyaan dengan tepat'),
      level('Baik', 22, 'Cukup lancar dan menjawab sebagian besar pertanyaan'),
      level('Cukup', 15, 'Kurang lancar, jarang menatap audiens'),
      level('Perlu bimbingan', 8, 'Membaca slide dan belum bisa menjawab pertanyaan'),
    ],
  },
];

/** siswa's presentation: Baik, Sangat baik, Baik → 30 + 30 + 22 = 82 of 100. */
const PRESENTATION_MARKS: RubricMark[] = [
  { level: 1, comment: 'Konsep topologi star sudah tepat, tambahkan contoh mesh.' },
  { level: 0, comment: 'Gambar topologi rapi dan jelas.' },
  { level: 1, comment: null },
];
const PRESENTATION_SCORE = 82;

const daysAgo = (n: number) => new Date(Date.now() - n * 24 * 3600_000);

/** X TKJ 1's classes of the demo teacher with their subject code, grade and first content. */
async function demoClasses(tx: Tx, teacherId: number) {
  const rows = await tx
    .select({ classId: onlineClasses.id, subjectId: subjects.id, code: subjects.code, grade: rombelClasses.grade, lessonId: lessons.id })
    .from(onlineClasses)
    .innerJoin(teachingAssignments, eq(teachingAssignments.onlineClassId, onlineClasses.id))
    .innerJoin(subjects, eq(subjects.id, teachingAssignments.subjectId))
    .innerJoin(rombelClasses, eq(rombelClasses.id, onlineClasses.rombelClassId))
    .innerJoin(lessons, eq(lessons.onlineClassId, onlineClasses.id))
    .where(and(eq(onlineClasses.rombelClassId, 1), eq(onlineClasses.teacherId, teacherId)))
    .orderBy(asc(onlineClasses.id), asc(lessons.position), asc(lessons.id));
  // The last content of each class (a later one overwrites an earlier).
  return [...new Map(rows.map((r) => [r.classId, r])).values()];
}

/** The subject's TPs for the grade (made once: kept when they exist). */
async function objectivesOf(tx: Tx, subjectId: number, grade: number, code: string): Promise<number[]> {
  const texts = OBJECTIVES[code] ?? [];
  if (texts.length)
    await tx
      .insert(learningObjectives)
      .values(texts.map((description, i) => ({ subjectId, grade, code: `TP ${i + 1}`, description, position: i })))
      .onConflictDoNothing();
  const rows = await tx
    .select({ id: learningObjectives.id })
    .from(learningObjectives)
    .where(and(eq(learningObjectives.subjectId, subjectId), eq(learningObjectives.grade, grade)))
    .orderBy(asc(learningObjectives.position), asc(learningObjectives.id));
  return rows.map((r) => r.id);
}

/** Graded work of each pupil, straight into the table (text answers; `skip`: nothing for them). */
async function gradeWork(tx: Tx, assignmentId: number, pupils: number[], scores: number[], when: Date) {
  await tx.insert(submissions).values(
    pupils.map((studentId, i) => {
      const score = scores[i % scores.length]!;
      return {
        assignmentId,
        studentId,
        textAnswer: 'Jawaban terlampir di buku tugas.',
        submittedAt: when,
        score,
        lastScore: score,
        gradedAt: when,
        feedback: score >= 85 ? 'Bagus, pertahankan.' : 'Sudah baik, perbaiki bagian yang kurang.',
      };
    }),
  );
}

/** One class: scheme, TPs, the demo assignments placed and tagged, a sumatif akhir, graded work, released. */
async function seedClass(tx: Tx, c: Awaited<ReturnType<typeof demoClasses>>[number], pupils: number[], rubricId: number | null, id: Ids) {
  const scheme = await loadScheme(tx, c.classId);
  const [lingkup, akhir] = scheme.categories;
  if (!lingkup || !akhir) return;
  const tps = await objectivesOf(tx, c.subjectId, c.grade, c.code);
  const existing = await tx
    .select({ id: assignments.id })
    .from(assignments)
    .innerJoin(lessons, eq(lessons.id, assignments.lessonId))
    .where(eq(lessons.onlineClassId, c.classId))
    .orderBy(asc(assignments.id));
  // The demo's own assignments are still ahead of their deadlines: they stay to do (the students'
  // "Tugas Saya"), placed and tagged. A sumatif lingkup materi of last week is graded for everyone.
  const [harian] = await tx
    .insert(assignments)
    .values({
      lessonId: c.lessonId,
      onlineClassId: c.classId,
      authorId: id.guru!,
      title: 'Ulangan Harian 1',
      description: 'Ulangan harian lingkup materi pertama, dikerjakan di kelas dan difoto.',
      deadline: daysAgo(6),
      position: nextPosition(assignments, c.lessonId),
      categoryId: lingkup.id,
    })
    .returning({ id: assignments.id });
  const work = [harian!.id, ...existing.map((a) => a.id)];
  const past = [harian!.id];
  if (work.length) await tx.update(assignments).set({ categoryId: lingkup.id }).where(inArray(assignments.id, work));
  const [final] = await tx
    .insert(assignments)
    .values({
      lessonId: c.lessonId,
      onlineClassId: c.classId,
      authorId: id.guru!,
      title: rubricId ? 'Presentasi Topologi Jaringan' : 'Laporan Praktik Perakitan',
      description: rubricId
        ? 'Presentasikan rancangan topologi jaringan lab komputer sekolah (5 menit). Penilaian memakai Rubrik Presentasi.'
        : 'Tulis laporan praktik merakit komputer: alat, langkah kerja dan hasil.',
      deadline: daysAgo(3),
      position: nextPosition(assignments, c.lessonId),
      categoryId: akhir.id,
      rubricId,
    })
    .returning({ id: assignments.id });
  const tagged = [...work.map((a, i) => [a, tps[i % tps.length]]), [final!.id, tps[tps.length - 1]], [final!.id, tps[1]]];
  const tags = tagged.flatMap(([assignmentId, objectiveId]) => (objectiveId ? [{ assignmentId: assignmentId!, objectiveId }] : []));
  if (tags.length) await tx.insert(assignmentObjectives).values(tags).onConflictDoNothing();
  for (const [i, a] of past.entries())
    await gradeWork(
      tx,
      a,
      pupils,
      [
        [88, 76, 64],
        [92, 70, 81],
      ][i % 2]!,
      daysAgo(5 - i),
    );
  await finalWork(tx, final!.id, pupils, rubricId, id);
  await tx
    .update(classGradeSettings)
    .set({ releasedAt: daysAgo(1), updatedBy: id.guru! })
    .where(eq(classGradeSettings.onlineClassId, c.classId));
}

/** The sumatif akhir: with the rubric, siswa's graded with its marks, dewi's waiting, the others by score. */
async function finalWork(tx: Tx, assignmentId: number, pupils: number[], rubricId: number | null, id: Ids) {
  if (!rubricId) return gradeWork(tx, assignmentId, pupils, [85, 78, 90], daysAgo(2));
  const others = pupils.filter((p) => p !== id.siswa && p !== id.dewi);
  if (others.length) await gradeWork(tx, assignmentId, others, [74], daysAgo(2));
  await tx.insert(submissions).values([
    ...(pupils.includes(id.siswa!)
      ? [
          {
            assignmentId,
            studentId: id.siswa!,
            textAnswer: 'Slide presentasi: topologi star untuk lab komputer.',
            submittedAt: daysAgo(3),
            score: PRESENTATION_SCORE,
            lastScore: PRESENTATION_SCORE,
            gradedAt: daysAgo(2),
            rubricMarks: PRESENTATION_MARKS,
            feedback: 'Presentasi yang baik.',
          },
        ]
      : []),
    ...(pupils.includes(id.dewi!)
      ? [{ assignmentId, studentId: id.dewi!, textAnswer: 'Slide presentasi topologi mesh.', submittedAt: daysAgo(3) }]
      : []),
  ]);
}

/** Seeds the report grades of the demo school (inside seedDemo's transaction). */
export async function seedReportGrades(tx: Tx, id: Ids): Promise<void> {
  if (!id.guru) return;
  const [existing] = await tx
    .select({ id: rubrics.id })
    .from(rubrics)
    .where(and(eq(rubrics.teacherId, id.guru), eq(rubrics.title, 'Rubrik Presentasi')));
  if (existing) return;
  const [rubric] = await tx
    .insert(rubrics)
    .values({ teacherId: id.guru, title: 'Rubrik Presentasi', criteria: PRESENTATION_RUBRIC })
    .returning({ id: rubrics.id });
  const pupils = (
    await tx.select({ id: students.userId }).from(students).where(eq(students.rombelClassId, 1)).orderBy(asc(students.userId))
  ).map((r) => r.id);
  for (const c of await demoClasses(tx, id.guru)) await seedClass(tx, c, pupils, c.code === 'DDTJKT' ? rubric!.id : null, id);
}
