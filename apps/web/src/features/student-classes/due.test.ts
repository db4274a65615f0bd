import { describe, expect, it } from 'vitest';
import type { MyWorkItem, UpcomingAssignment, UpcomingQuiz } from '@kelasku/contract';
import { LATE_SHOWN_MS, dueKey, dueLink, dueList, dueTimes } from './due';

const now = Date.parse('2026-11-24T10:00:00+07:00');
const HOUR = 3_600_000;
const at = (ms: number) => new Date(now + ms).toISOString();
const klass = { id: 4, name: 'Pemrograman Web' };

const upcoming = (id: number, inMs: number): UpcomingAssignment => ({
  id,
  title: `Tugas ${id}`,
  deadline: at(inMs),
  content_id: 1,
  online_class: klass,
});
const late = (id: number, agoMs: number, closesInMs: number | null = null): MyWorkItem => ({
  kind: 'assignment',
  opens_at: null,
  results_visible: true,
  id,
  title: `Tugas ${id}`,
  content_id: 1,
  online_class: klass,
  deadline: at(-agoMs),
  closes_at: closesInMs === null ? null : at(closesInMs),
  extended: false,
  state: 'late',
  status_id: 1,
  grading_status: 'Belum Mengumpulkan',
  submitted_at: null,
  score: null,
  last_score: null,
  feedback: null,
  returned_at: null,
});

describe('the work due on the dashboard', () => {
  it('lists upcoming and still-open late work, soonest deadline first', () => {
    const list = dueList([upcoming(1, 26 * HOUR), upcoming(2, 2 * HOUR)], [late(3, 3 * HOUR), late(4, 5 * HOUR, 24 * HOUR)], now);
    expect(list.map((d) => [d.id, d.late])).toEqual([
      [4, true],
      [3, true],
      [2, false],
      [1, false],
    ]);
  });

  it('leaves out late work that is closed or more than a week late', () => {
    const list = dueList([upcoming(1, HOUR)], [late(2, HOUR, -1), late(3, LATE_SHOWN_MS + HOUR), late(5, LATE_SHOWN_MS - HOUR)], now);
    expect(list.map((d) => d.id)).toEqual([5, 1]);
  });

  it('leaves out a missed quiz of the late tab (it has closed)', () => {
    const missed: MyWorkItem = { ...late(6, HOUR, -1), kind: 'quiz', title: 'Kuis 6' };
    const neverCloses: MyWorkItem = { ...late(7, HOUR), kind: 'quiz', deadline: null };
    expect(dueList([], [missed, neverCloses], now)).toEqual([]);
  });

  it('marks an upcoming one whose deadline passed while the page was open as late, and lists it once', () => {
    const list = dueList([upcoming(1, -HOUR)], [late(1, HOUR)], now);
    expect(list).toHaveLength(1);
    expect(list[0]!.late).toBe(true);
  });

  it('is empty when nothing is due', () => {
    expect(dueList([], [], now)).toEqual([]);
    expect(dueList([], [], now, [])).toEqual([]);
  });
});

const quiz = (id: number, closesInMs: number | null, over: Partial<UpcomingQuiz> = {}): UpcomingQuiz => ({
  id,
  title: `Kuis ${id}`,
  content_id: 7,
  online_class: klass,
  opens_at: null,
  closes_at: closesInMs === null ? null : at(closesInMs),
  time_limit: null,
  attempts_left: 1,
  in_progress: false,
  ...over,
});

describe('quizzes in the work due', () => {
  it('places each quiz by its closing time among the assignments, those that never close last', () => {
    const list = dueList([upcoming(1, 26 * HOUR), upcoming(2, 2 * HOUR)], [late(3, 3 * HOUR)], now, [
      quiz(10, null),
      quiz(11, 5 * HOUR),
      quiz(12, HOUR),
      quiz(13, 30 * HOUR),
    ]);
    expect(list.map(dueKey)).toEqual(['assignment-3', 'quiz-12', 'assignment-2', 'quiz-11', 'assignment-1', 'quiz-13', 'quiz-10']);
    expect(list.find((d) => d.kind === 'quiz' && d.id === 11)).toMatchObject({ deadline: at(5 * HOUR), notOpenYet: false });
    expect(list.at(-1)).toMatchObject({ kind: 'quiz', deadline: null });
  });

  it('keeps an assignment and a quiz with the same id and deadline apart, the assignment first', () => {
    const list = dueList([upcoming(5, HOUR)], [], now, [quiz(5, HOUR)]);
    expect(list.map(dueKey)).toEqual(['assignment-5', 'quiz-5']);
  });

  it('drops a quiz that closed while the page was open', () => {
    expect(dueList([], [], now, [quiz(1, -1), quiz(2, 1)]).map(dueKey)).toEqual(['quiz-2']);
  });

  it('marks a quiz that opens later as not open yet, unless an attempt is running', () => {
    const [later, running, opened] = dueList([], [], now, [
      quiz(1, 48 * HOUR, { opens_at: at(24 * HOUR) }),
      quiz(2, 49 * HOUR, { opens_at: at(HOUR), in_progress: true }),
      quiz(3, 50 * HOUR, { opens_at: at(-HOUR) }),
    ]);
    expect([later!.kind === 'quiz' && later!.notOpenYet, running!.kind === 'quiz' && running!.notOpenYet]).toEqual([true, false]);
    expect(opened).toMatchObject({ id: 3, notOpenYet: false });
  });

  it("opens a quiz on its own page and an assignment on the student's submission page", () => {
    const [a, q] = dueList([upcoming(6, HOUR)], [], now, [quiz(9, 2 * HOUR)]);
    expect(dueLink(a!)).toBe('/my-classes/4/submissions/6');
    expect(dueLink(q!)).toBe('/my-classes/4/contents/7/quizzes/9');
  });
});

describe('the time lines of an item', () => {
  // now is 24 November 2026, 10.00 WIB.
  it('says when an assignment is due, or how late it is', () => {
    const [lateOne, due] = dueList([upcoming(1, 2 * HOUR + 5 * 60_000)], [late(2, 3 * HOUR)], now);
    expect(dueTimes(lateOne!, now)).toEqual({ when: 'Tenggat sudah lewat 3 jam', date: '24 November 2026 07.00 WIB' });
    expect(dueTimes(due!, now)).toEqual({ when: 'Tenggat 2 jam lagi', date: '24 November 2026 12.05 WIB' });
  });

  it('says when a quiz closes in the same words, with its time limit and the attempts left', () => {
    const [q] = dueList([], [], now, [quiz(1, 2 * HOUR, { time_limit: 30, attempts_left: 2 })]);
    expect(dueTimes(q!, now)).toEqual({
      when: 'Ditutup 2 jam lagi',
      date: 'Ditutup 24 November 2026 12.00 WIB · waktu 30 menit · sisa 2 kesempatan',
    });
  });

  it('says when a quiz that opens later opens, and that one without a closing time may be taken any time', () => {
    const tomorrow7 = 21 * HOUR; // 25 November, 07.00 WIB
    const [later, forever] = dueList([], [], now, [
      quiz(1, tomorrow7 + 2 * HOUR, { opens_at: at(tomorrow7) }),
      quiz(2, null, { opens_at: at(tomorrow7), attempts_left: null }),
    ]);
    expect(dueTimes(later!, now)).toEqual({ when: 'Dibuka besok 07.00', date: 'Ditutup 25 November 2026 09.00 WIB · sisa 1 kesempatan' });
    expect(dueTimes(forever!, now)).toEqual({ when: 'Dibuka besok 07.00', date: 'Dibuka 25 November 2026 07.00 WIB' });
    const [open] = dueList([], [], now, [quiz(3, null, { attempts_left: null, in_progress: true })]);
    expect(dueTimes(open!, now)).toEqual({ when: 'Bisa dikerjakan kapan saja', date: '' });
  });
});
