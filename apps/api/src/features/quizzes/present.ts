import type {
  AttemptReview,
  Question,
  Quiz as QuizView,
  QuizAnswer,
  QuizAttemptDetail,
  QuizAttemptSummary,
  QuizResultRow,
  StudentAttempt,
  StudentQuiz,
  SubmittedAttempt,
} from '@kelasku/contract';
import type { FileLinks } from '../../files/service.js';
import type { Quiz, QuizAttempt } from '../../access/quizzes.js';
import { toVisibility } from '../lessons/visibility.js';
import { gradeOf, pointsOf, resultOf } from './grading.js';
import { layoutOf, reviewKeyOf, shownAnswer, studentQuestion, type LayoutItem } from './layout.js';
import { matchedAnswer } from '../question-bank/scoring.js';
import type { AnswerRow, CategoryRow, QuestionRow, QuizDetailRows, SlotRow } from './queries.js';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** A question of the bank with its key (the teacher's pages only). */
export const toQuizQuestion = (files: FileLinks, q: QuestionRow): Question =>
  ({
    id: q.id,
    category_id: q.categoryId,
    title: q.title,
    general_feedback: q.generalFeedback,
    type: q.type,
    text: q.text,
    points: q.points,
    data: q.data,
    image: files.url(q.imageFileId),
    used_in_quizzes: q.usedInQuizzes,
    created_at: q.createdAt.toISOString(),
    updated_at: q.updatedAt.toISOString(),
  }) as Question;

/**
 * Questions per attempt and their points: the fixed questions, and per category slot the questions
 * it draws (at most what the category holds). The points are null when a category's questions carry
 * different points (the sum depends on the draw).
 */
export function sizeOf(slots: SlotRow[], fixed: Array<{ id: number; points: number }>, categories: CategoryRow[]) {
  const fixedPoints = new Map(fixed.map((q) => [q.id, q.points]));
  const category = new Map(categories.map((c) => [c.id, c]));
  let questionCount = 0;
  let total: number | null = 0;
  for (const s of slots) {
    if (s.questionId !== null) {
      if (!fixedPoints.has(s.questionId)) continue;
      questionCount++;
      if (total !== null) total += fixedPoints.get(s.questionId)!;
      continue;
    }
    const c = category.get(s.categoryId!);
    const n = Math.min(s.pickCount ?? 0, c?.n ?? 0);
    questionCount += n;
    if (n === 0 || total === null) continue;
    total = c!.minPoints === c!.maxPoints ? total + n * c!.minPoints! : null;
  }
  return { question_count: questionCount, total_points: total };
}

const settingsOf = (q: Quiz) => ({
  title: q.title,
  description: q.description,
  opens_at: iso(q.opensAt),
  closes_at: iso(q.closesAt),
  time_limit_minutes: q.timeLimitMinutes,
  attempts_allowed: q.attemptsAllowed,
  grading_method: q.gradingMethod as 'highest' | 'last',
  one_per_page: q.onePerPage,
  show_results: q.showResults as 'after_submit' | 'after_close' | 'never',
  show_review: q.showReview,
  exam_mode: q.examMode,
  exam_leave_limit: q.examLeaveLimit,
});

/** The quiz as its teacher sees it, with its slots (fixed questions in full, with their keys). */
export function toQuiz(files: FileLinks, q: Quiz, rows: QuizDetailRows): QuizView {
  const questions = new Map(rows.fixed.map((x) => [x.id, x]));
  const categories = new Map(rows.categories.map((c) => [c.id, c]));
  return {
    id: q.id,
    content_id: q.lessonId,
    position: q.position,
    ...settingsOf(q),
    shuffle_questions: q.shuffleQuestions,
    shuffle_options: q.shuffleOptions,
    ...toVisibility(q),
    ...sizeOf(rows.slots, rows.fixed, rows.categories),
    attempt_count: rows.attemptCount,
    slots: rows.slots.map((s) => {
      const question = s.questionId === null ? undefined : questions.get(s.questionId);
      const category = s.categoryId === null ? undefined : categories.get(s.categoryId);
      return {
        id: s.id,
        objective_ids: rows.slotTags.get(s.id) ?? [],
        position: s.position,
        question_id: s.questionId,
        question: question ? toQuizQuestion(files, question) : null,
        category_id: s.categoryId,
        category_name: category?.name ?? null,
        count: s.pickCount,
        available: category ? category.n : null,
      };
    }),
    created_at: q.createdAt.toISOString(),
    updated_at: q.updatedAt.toISOString(),
    category_id: rows.tags.category_id,
    objective_ids: rows.tags.objective_ids,
  };
}

/** The quiz as a student sees it: no slots, no keys. */
export const toStudentQuiz = (q: Quiz, size: { question_count: number; total_points: number | null }): StudentQuiz => ({
  id: q.id,
  content_id: q.lessonId,
  ...settingsOf(q),
  ...size,
});

/** Whether the student may see their scores now (show_results; after_close once the quiz has closed). */
export function resultsVisible(q: Quiz, now: Date): boolean {
  if (q.showResults === 'after_submit') return true;
  if (q.showResults === 'after_close') return q.closesAt !== null && q.closesAt.getTime() <= now.getTime();
  return false;
}

/** Whether the review shows the correct answers and points: show_review, and only where the results are shown. */
export const reviewVisible = (q: Quiz, now: Date) => q.showReview && resultsVisible(q, now);

/** An attempt in a list; the scores hidden (null) when `scores` is false. */
export function toAttemptSummary(a: QuizAttempt, scores = true): QuizAttemptSummary {
  const shown = scores && a.finishedAt !== null;
  return {
    id: a.id,
    number: a.number,
    started_at: a.startedAt.toISOString(),
    due_at: iso(a.dueAt),
    finished_at: iso(a.finishedAt),
    timed_out: a.timedOut,
    score: shown ? a.score : null,
    max_score: shown ? a.maxScore : null,
    grade: shown ? gradeOf(a.score, a.maxScore) : null,
  };
}

/** One student's row of the results. */
export function toResultRow(
  student: { id: number; name: string; nis: string | null },
  attempts: QuizAttempt[],
  gradingMethod: string,
): QuizResultRow {
  const { grade, needsGrading } = resultOf(attempts, gradingMethod);
  return {
    student: { id: student.id, name: student.name, nis: student.nis },
    attempts: attempts.map((a) => toAttemptSummary(a)),
    grade,
    needs_grading: needsGrading,
  };
}

const needsHand = (a: AnswerRow | undefined) => a !== undefined && a.autoPoints === null && a.manualPoints === null;

/** An attempt as the teacher grades it: each question with its key, the answer and its points. */
export function toAttemptDetail(
  files: FileLinks,
  a: QuizAttempt,
  student: { id: number; name: string; nis: string | null },
  questions: QuestionRow[],
  answers: AnswerRow[],
  now: Date,
): QuizAttemptDetail {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const answerOf = new Map(answers.map((x) => [x.questionId, x]));
  const items = layoutOf(a.layout).flatMap((item) => {
    const q = byId.get(item.question_id);
    if (!q) return [];
    const ans = answerOf.get(q.id);
    const finished = a.finishedAt !== null;
    return [
      {
        question: toQuizQuestion(files, q),
        order: item.order ?? null,
        answer: ans?.answer ?? null,
        saved_at: iso(ans?.answer === null ? null : (ans?.savedAt ?? null)),
        auto_points: ans?.autoPoints ?? (finished && !ans ? 0 : null),
        manual_points: ans?.manualPoints ?? null,
        points: ans ? pointsOf(ans) : finished ? 0 : null,
        feedback: ans?.feedback ?? null,
        needs_grading: finished && needsHand(ans),
      },
    ];
  });
  const end = a.finishedAt ?? now;
  return {
    ...toAttemptSummary(a),
    student,
    time_taken_seconds: Math.max(0, Math.round((end.getTime() - a.startedAt.getTime()) / 1000)),
    needs_grading: items.some((i) => i.needs_grading),
    questions: items,
  };
}

/** The questions of an attempt in its layout's order, each with its layout item (questions gone since are left out). */
function inLayout<Q extends { id: number }>(a: QuizAttempt, questions: Q[]): Array<{ q: Q; item: LayoutItem }> {
  const byId = new Map(questions.map((q) => [q.id, q]));
  return layoutOf(a.layout).flatMap((item) => {
    const q = byId.get(item.question_id);
    return q ? [{ q, item }] : [];
  });
}

/** The attempt page: its questions without keys, in this attempt's order, and the answers saved so far (never a key). */
export function toStudentAttempt(
  files: FileLinks,
  quiz: Quiz,
  a: QuizAttempt,
  questions: QuestionRow[],
  answers: AnswerRow[],
  now: Date,
): StudentAttempt {
  const answerOf = new Map(answers.map((x) => [x.questionId, x.answer]));
  const shown: Record<string, QuizAnswer> = {};
  const list = inLayout(a, questions).map(({ q, item }) => {
    const saved = answerOf.has(q.id) ? shownAnswer(q, item, answerOf.get(q.id)) : null;
    if (saved) shown[String(q.id)] = saved;
    return studentQuestion(q, item, files.url(q.imageFileId));
  });
  return {
    id: a.id,
    number: a.number,
    started_at: a.startedAt.toISOString(),
    due_at: iso(a.dueAt),
    server_now: now.toISOString(),
    finished_at: iso(a.finishedAt),
    one_per_page: quiz.onePerPage,
    exam: quiz.examMode ? { leave_count: a.leaveCount, leave_limit: quiz.examLeaveLimit } : null,
    questions: list,
    answers: shown,
  };
}

/** After a submit: the score only where show_results allows. */
export function toSubmitted(quiz: Quiz, a: QuizAttempt, now: Date): SubmittedAttempt {
  const visible = resultsVisible(quiz, now);
  return {
    id: a.id,
    finished_at: a.finishedAt!.toISOString(),
    timed_out: a.timedOut,
    results_visible: visible,
    score: visible ? a.score : null,
    max_score: visible ? a.maxScore : null,
    grade: visible ? gradeOf(a.score, a.maxScore) : null,
    needs_grading: a.score === null,
  };
}

const feedbackText = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

/**
 * Issue 41: the key's feedback for the answer given (GIFT `#…`: the chosen options', the true/false
 * side's, the matched accepted answer's; null when there is none) and the general feedback.
 */
function feedbackOf(q: QuestionRow, stored: unknown): { answer_feedback: string | null; general_feedback: string | null } {
  const data = (typeof q.data === 'object' && q.data !== null ? q.data : {}) as Record<string, unknown>;
  const a = (typeof stored === 'object' && stored !== null ? stored : {}) as Record<string, unknown>;
  let given: string | null = null;
  if (q.type === 'multiple_choice' || q.type === 'multiple_answer') {
    const chosen = new Set(q.type === 'multiple_choice' ? [a.option] : Array.isArray(a.options) ? a.options : []);
    const options = Array.isArray(data.options) ? (data.options as Array<Record<string, unknown>>) : [];
    const texts = options.filter((o) => chosen.has(o.id)).flatMap((o) => feedbackText(o.feedback) ?? []);
    given = texts.length > 0 ? texts.join('\n') : null;
  } else if (q.type === 'true_false' && typeof a.value === 'boolean') {
    given = feedbackText(a.value ? data.feedback_true : data.feedback_false);
  } else if (q.type === 'short_answer') {
    const i = matchedAnswer(data, a.text);
    given = i < 0 || !Array.isArray(data.feedback) ? null : feedbackText(data.feedback[i]);
  }
  return { answer_feedback: given, general_feedback: q.generalFeedback ?? null };
}

/**
 * The review of a finished attempt: each question with the student's answer; the score where
 * show_results allows; the correct answers and points only with show_review (the fields are absent
 * otherwise, never sent empty).
 */
export function toReview(
  files: FileLinks,
  quiz: Quiz,
  a: QuizAttempt,
  questions: QuestionRow[],
  answers: AnswerRow[],
  now: Date,
): AttemptReview {
  const results = resultsVisible(quiz, now);
  const review = reviewVisible(quiz, now);
  const answerOf = new Map(answers.map((x) => [x.questionId, x]));
  return {
    id: a.id,
    number: a.number,
    started_at: a.startedAt.toISOString(),
    finished_at: a.finishedAt!.toISOString(),
    timed_out: a.timedOut,
    results_visible: results,
    review_visible: review,
    score: results ? a.score : null,
    max_score: results ? a.maxScore : null,
    grade: results ? gradeOf(a.score, a.maxScore) : null,
    needs_grading: a.score === null,
    questions: inLayout(a, questions).map(({ q, item }) => {
      const ans = answerOf.get(q.id);
      return {
        ...studentQuestion(q, item, files.url(q.imageFileId)),
        answer: ans ? shownAnswer(q, item, ans.answer) : null,
        ...(results ? { feedback: ans?.feedback ?? null } : {}),
        ...(review ? { key: reviewKeyOf(q, item), points_awarded: ans ? pointsOf(ans) : 0, ...feedbackOf(q, ans?.answer) } : {}),
      };
    }),
  };
}
