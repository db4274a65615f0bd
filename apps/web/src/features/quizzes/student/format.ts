import { formatDateTimeWib } from '../../../lib/format';
import type { QuizAttemptSummary, StudentQuiz, StudentQuizView } from './types';

/** What the attempt and its result say when the clock (or the server) ended the attempt. */
export const TIME_UP = 'Waktu habis — jawaban yang tersimpan sudah dikumpulkan';

const numberFmt = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 2 });

/** "7,5" — points may be fractions (partly right answers). */
export const formatPoints = (n: number) => numberFmt.format(n);

/** "Skor 7,5 dari 10" */
export const scoreText = (a: Pick<QuizAttemptSummary, 'score' | 'max_score'>) =>
  a.score === null ? '' : `Skor ${formatPoints(a.score)}${a.max_score !== null ? ` dari ${formatPoints(a.max_score)}` : ''}`;

/** Why the student sees no score: the teacher shows it after the close, or not at all. */
export function hiddenScoreText(quiz: Pick<StudentQuiz, 'show_results' | 'closes_at'>): string {
  if (quiz.show_results === 'never') return 'Guru tidak menampilkan nilai';
  if (quiz.show_results === 'after_close') return 'Nilai akan ditampilkan setelah kuis ditutup';
  return 'Nilai akan muncul setelah guru selesai menilai';
}

/** "Nilai ditampilkan setelah dikumpulkan" … for the intro's table. */
export const RESULTS_WHEN: Record<StudentQuiz['show_results'], string> = {
  after_submit: 'Ditampilkan setelah dikumpulkan',
  after_close: 'Ditampilkan setelah kuis ditutup',
  never: 'Tidak ditampilkan',
};

export const REASON = {
  notOpen: 'Kuis belum dibuka',
  closed: 'Kuis sudah ditutup',
  used: 'Kesempatan mengerjakan sudah habis',
} as const;

/** Why no attempt may start now, by the quiz's times and attempts on the server's clock (the server's own reason otherwise). */
export function whyNot(v: Pick<StudentQuizView, 'quiz' | 'attempts' | 'reason_if_not' | 'server_now'>): string {
  const now = Date.parse(v.server_now);
  if (v.quiz.opens_at && Date.parse(v.quiz.opens_at) > now) return `${REASON.notOpen}. Kuis dibuka ${formatDateTimeWib(v.quiz.opens_at)}.`;
  if (v.quiz.closes_at && Date.parse(v.quiz.closes_at) <= now) return `${REASON.closed}.`;
  if (v.quiz.attempts_allowed > 0 && v.attempts.length >= v.quiz.attempts_allowed) return `${REASON.used}.`;
  return v.reason_if_not ?? 'Kuis ini belum dapat dikerjakan.';
}

/** "2 dari 3 kali", "1 kali (tanpa batas)" */
export function attemptsText(used: number, allowed: number): string {
  return allowed === 0 ? `${used} kali dikerjakan (tanpa batas)` : `${used} dari ${allowed} kali`;
}
