import type { MyWorkItem, UpcomingAssignment, UpcomingQuiz } from '@kelasku/contract';
import { formatDateTimeWib, formatDueIn } from '../../lib/format';

/** Late work stays on the dashboard for a week after its deadline; older late work is in Tugas Saya, tab Terlambat. */
export const LATE_SHOWN_MS = 7 * 24 * 3600 * 1000;

/** An assignment due on the student's dashboard. */
export interface DueAssignment extends UpcomingAssignment {
  kind: 'assignment';
  /** Its deadline has passed, but it may still be handed in (late). */
  late: boolean;
}

/** A quiz still to take, on the student's dashboard: its deadline is its closing time (null: it never closes). */
export interface DueQuiz extends UpcomingQuiz {
  kind: 'quiz';
  deadline: string | null;
  /** A quiz is never late: once closed it is gone. */
  late: false;
  /** It opens later (not startable yet). */
  notOpenYet: boolean;
}

/** One piece of work due on the student's dashboard. */
export type DueItem = DueAssignment | DueQuiz;

/** A key unique across assignments and quizzes (their ids come from different tables). */
export const dueKey = (item: DueItem) => `${item.kind}-${item.id}`;

/** Where tapping the item goes: the assignment's submission page, or the quiz's page (its intro: start or continue). */
export const dueLink = (item: DueItem) =>
  item.kind === 'quiz'
    ? `/my-classes/${item.online_class.id}/contents/${item.content_id}/quizzes/${item.id}`
    : `/my-classes/${item.online_class.id}/submissions/${item.id}`;

const deadlineOf = (item: DueItem) => (item.deadline === null ? Number.POSITIVE_INFINITY : Date.parse(item.deadline));

/**
 * The work due, soonest deadline first: the upcoming assignments (not handed in, deadline ahead),
 * the late ones that can still be handed in (not closed) whose deadline passed within the last
 * week — so a late one comes first, as "lewat 3 jam" — and the quizzes still to take, placed by
 * their closing time among them (those that never close last). A quiz that closed while the page
 * was open leaves the list.
 */
export function dueList(
  upcoming: readonly UpcomingAssignment[],
  late: readonly MyWorkItem[],
  now: number,
  quizzes: readonly UpcomingQuiz[] = [],
): DueItem[] {
  // Tugas Saya's late tab also holds missed quizzes (issue 41): closed, so never due here.
  const open = late.flatMap((w) =>
    w.kind === 'assignment' &&
    w.deadline !== null &&
    w.state === 'late' &&
    (w.closes_at === null || Date.parse(w.closes_at) > now) &&
    now - Date.parse(w.deadline) <= LATE_SHOWN_MS
      ? [{ ...w, deadline: w.deadline }]
      : [],
  );
  const seen = new Set(upcoming.map((a) => a.id));
  const assignments: DueAssignment[] = [
    ...open
      .filter((w) => !seen.has(w.id))
      .map((w) => ({
        kind: 'assignment' as const,
        id: w.id,
        title: w.title,
        deadline: w.deadline,
        content_id: w.content_id,
        online_class: w.online_class,
        late: true,
      })),
    ...upcoming.map((a) => ({ ...a, kind: 'assignment' as const, late: Date.parse(a.deadline) < now })),
  ];
  const quizItems: DueQuiz[] = quizzes
    .filter((q) => q.closes_at === null || Date.parse(q.closes_at) > now)
    .map((q) => ({
      ...q,
      kind: 'quiz' as const,
      deadline: q.closes_at,
      late: false as const,
      notOpenYet: !q.in_progress && q.opens_at !== null && Date.parse(q.opens_at) > now,
    }));
  return [...assignments, ...quizItems].sort(
    (x, y) => deadlineOf(x) - deadlineOf(y) || (x.kind === y.kind ? 0 : x.kind === 'assignment' ? -1 : 1) || x.id - y.id,
  );
}

/**
 * The two time lines of an item, in words and then in full. An assignment: "Tenggat 2 jam lagi" (or
 * "Tenggat sudah lewat 3 jam") and its WIB date. A quiz: when it closes ("Ditutup 2 jam lagi",
 * "Bisa dikerjakan kapan saja") or, before it opens, when it opens ("Dibuka besok 07.00"); then its dates,
 * the time limit and the attempts left ("Ditutup 25 November 2026 23.59 WIB · waktu 30 menit · sisa 1 kesempatan").
 */
export function dueTimes(item: DueItem, now: number): { when: string; date: string } {
  if (item.kind === 'assignment') {
    return {
      when: item.late ? `Tenggat sudah ${formatDueIn(item.deadline, now)}` : `Tenggat ${formatDueIn(item.deadline, now)}`,
      date: formatDateTimeWib(item.deadline),
    };
  }
  const when = item.notOpenYet
    ? `Dibuka ${formatDueIn(item.opens_at, now)}`
    : item.deadline
      ? `Ditutup ${formatDueIn(item.deadline, now)}`
      : 'Bisa dikerjakan kapan saja';
  const details = [
    item.deadline ? `Ditutup ${formatDateTimeWib(item.deadline)}` : item.notOpenYet ? `Dibuka ${formatDateTimeWib(item.opens_at)}` : null,
    item.time_limit !== null ? `waktu ${item.time_limit} menit` : null,
    item.attempts_left !== null && !item.in_progress ? `sisa ${item.attempts_left} kesempatan` : null,
  ].filter((x) => x !== null);
  const date = details.join(' · ');
  return { when, date: date.charAt(0).toUpperCase() + date.slice(1) };
}
