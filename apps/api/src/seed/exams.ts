/**
 * Issue 41 in the demo: guru's first class of rombel 1 gets an "Ulangan Harian" in exam mode (a
 * token from the proctor, leaves logged, submitted after 5 leaves), open now for 60 minutes per
 * attempt, results and review right after submitting; its questions sit in the class's category of
 * guru's bank, and one of them is a formula, \(x^2\), whose general feedback holds a formula too
 * (GIFT's `####`), so the review shows KaTeX.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { lessons, onlineClasses, questionCategories, questions, quizSlots, quizzes } from '../db/schema.js';
import { newExamSecret } from '../features/exams/token.js';

export const DEMO_EXAM_TITLE = 'Ulangan Harian';

const QUESTIONS = [
  {
    type: 'multiple_choice' as const,
    title: 'Turunan kuadrat',
    text: 'Turunan dari \\(x^2\\) terhadap \\(x\\) adalah …',
    points: 2,
    generalFeedback: 'Aturan pangkat: \\(\\frac{d}{dx}x^n = n\\,x^{n-1}\\), jadi \\(\\frac{d}{dx}x^2 = 2x\\).',
    data: {
      options: [
        { id: 'a1', text: '\\(2x\\)', correct: true, feedback: 'Benar: pangkat turun menjadi koefisien.' },
        { id: 'a2', text: '\\(x\\)', correct: false },
        { id: 'a3', text: '\\(2x^2\\)', correct: false },
        { id: 'a4', text: '\\(x^3/3\\)', correct: false, feedback: 'Itu antiturunannya, bukan turunannya.' },
      ],
    },
  },
  {
    type: 'true_false' as const,
    title: null,
    text: 'Alamat IP 192.168.1.1 termasuk alamat IP privat.',
    points: 1,
    generalFeedback: 'Rentang privat kelas C: 192.168.0.0 – 192.168.255.255.',
    data: { answer: true },
  },
  {
    type: 'short_answer' as const,
    title: null,
    text: 'Perangkat yang menghubungkan dua jaringan berbeda disebut …',
    points: 1,
    generalFeedback: null,
    data: { answers: ['router'], tolerance: null },
  },
];

/** Seeds the exam-mode quiz into guru's first class of rombel 1 (its last content). */
export async function seedExams(tx: Tx, id: Record<string, number>): Promise<void> {
  const guru = id['guru'];
  if (guru === undefined) return;
  const [target] = await tx
    .select({ classId: onlineClasses.id, lessonId: lessons.id })
    .from(onlineClasses)
    .innerJoin(lessons, eq(lessons.onlineClassId, onlineClasses.id))
    .where(and(eq(onlineClasses.teacherId, guru), eq(onlineClasses.rombelClassId, 1)))
    .orderBy(asc(onlineClasses.id), asc(lessons.position), asc(lessons.id))
    .limit(1);
  if (!target) return;
  const [category] = await tx
    .insert(questionCategories)
    .values({ teacherId: guru, name: 'Soal kelas — Ulangan Harian', classId: target.classId })
    .returning();
  const made = await tx
    .insert(questions)
    .values(QUESTIONS.map((q) => ({ ...q, categoryId: category!.id, teacherId: guru })))
    .returning({ id: questions.id });
  const [quiz] = await tx
    .insert(quizzes)
    .values({
      lessonId: target.lessonId,
      authorId: guru,
      title: DEMO_EXAM_TITLE,
      description: 'Ulangan harian berbasis komputer. Masukkan token dari pengawas untuk mulai; jangan keluar dari halaman ujian.',
      position: 1,
      timeLimitMinutes: 60,
      attemptsAllowed: 1,
      showResults: 'after_submit',
      showReview: true,
      examMode: true,
      examLeaveLimit: 5,
      examSecret: newExamSecret(),
    })
    .returning({ id: quizzes.id });
  await tx.insert(quizSlots).values(made.map((q, i) => ({ quizId: quiz!.id, position: i + 1, questionId: q.id })));
}
