/**
 * Nilai Akhir, as documented in docs/features/report-grades.md (issue 39). Pure: the queries
 * gather the scheme, the work and each student's marks; this turns them into the grades.
 *
 * 1. The value of a piece of work for a student: its score when graded; the last grade while work
 *    that was returned and handed in again waits for a new one; 0 when nothing is handed in once the
 *    work has closed (its closing time, else its deadline, extension-aware) and the category counts
 *    missing work as 0; otherwise (not yet due, handed in and not graded) it is left out.
 * 2. A category's average: the mean of its values after dropping the lowest `drop_lowest` (never
 *    all of them: at least one value stays).
 * 3. Nilai Akhir: the weighted mean of the averages of the categories with a weight above 0 that
 *    have an average (the weights of the others are left out, so an early grade is a grade of the
 *    work so far), rounded half up to a whole number as e-Rapor stores it (PHP number_format).
 * 4. A TP's score: the mean of the values of the student's work tagged with it (for a quiz whose
 *    questions are tagged, the points of those questions), in categories with a weight above 0,
 *    rounded half up; reached when score ≥ KKTP.
 * 5. The description, in e-Rapor's words: "Menunjukkan penguasaan yang baik dalam" the reached TPs
 *    (best first, at most two) and "Perlu ditingkatkan dalam" those not reached (weakest first, at
 *    most two), each TP's description with a small first letter.
 */

export interface SchemeCategory {
  id: number;
  weight: number;
  dropLowest: number;
  missingCountsZero: boolean;
}

export interface WorkItem {
  /** "a12" or "q5". */
  key: string;
  /** null: the class's first category. */
  categoryId: number | null;
  objectiveIds: number[];
}

/** A student's state on one piece of work (as the gradebook shows it). */
export interface WorkMark {
  state: 'graded' | 'waiting' | 'missing' | 'todo';
  /** The grade 0–100 when graded; while waiting, the last grade if there was one (regrade), else null. */
  score: number | null;
  /** Per TP (quizzes with tagged questions): that part's grade 0–100; a TP not named takes `score`. */
  objectiveScores?: Record<number, number>;
}

export interface Objective {
  id: number;
  description: string;
}

export interface StudentGrades {
  final: number | null;
  finalExact: number | null;
  categories: Array<{
    categoryId: number;
    average: number | null;
    counted: Array<{ key: string; score: number; missing: boolean }>;
    dropped: string[];
  }>;
  objectives: Array<{ objectiveId: number; score: number | null; reached: boolean | null }>;
  awaitingRegrade: boolean;
}

/** Half up to `digits` decimals, immune to binary noise (84.445 stays 84.45, 84.5 becomes 85). */
export function roundHalfUp(x: number, digits = 0): number {
  const f = 10 ** digits;
  return Math.floor(x * f + 0.5 + 1e-9) / f;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** The value the work has for the final grade (rule 1); null: left out. */
function valueOf(mark: WorkMark | undefined, category: SchemeCategory): { score: number; missing: boolean } | null {
  if (!mark) return null;
  if (mark.state === 'graded' && mark.score !== null) return { score: mark.score, missing: false };
  if (mark.state === 'waiting' && mark.score !== null) return { score: mark.score, missing: false };
  if (mark.state === 'missing' && category.missingCountsZero) return { score: 0, missing: true };
  return null;
}

/** One category's average after the drops (rule 2). */
function categoryResult(category: SchemeCategory, items: WorkItem[], marks: Map<string, WorkMark>) {
  const counted = items.flatMap((it) => {
    const v = valueOf(marks.get(it.key), category);
    return v ? [{ key: it.key, ...v }] : [];
  });
  const drop = Math.min(category.dropLowest, Math.max(counted.length - 1, 0));
  // Lowest first; among equal scores the later work is dropped first (a stable, documented order).
  const order = counted.map((c, i) => ({ c, i })).sort((x, y) => x.c.score - y.c.score || y.i - x.i);
  const dropped = new Set(order.slice(0, drop).map((o) => o.c.key));
  const kept = counted.filter((c) => !dropped.has(c.key));
  return {
    categoryId: category.id,
    average: kept.length ? roundHalfUp(mean(kept.map((c) => c.score)), 2) : null,
    exact: kept.length ? mean(kept.map((c) => c.score)) : null,
    counted,
    dropped: [...dropped],
  };
}

/** The grades of one student (rules 1–4). `marks`: by work key. */
export function computeStudentGrades(
  categories: SchemeCategory[],
  items: WorkItem[],
  objectives: Objective[],
  kktp: number,
  marks: Map<string, WorkMark>,
): StudentGrades {
  const first = categories[0]?.id ?? null;
  const categoryOf = (it: WorkItem) => it.categoryId ?? first;
  const results = categories.map((c) =>
    categoryResult(
      c,
      items.filter((it) => categoryOf(it) === c.id),
      marks,
    ),
  );
  const weighted = results.filter((r, i) => categories[i]!.weight > 0 && r.exact !== null);
  const weightSum = weighted.reduce((a, r) => a + categories.find((c) => c.id === r.categoryId)!.weight, 0);
  const finalExact = weightSum
    ? weighted.reduce((a, r) => a + categories.find((c) => c.id === r.categoryId)!.weight * r.exact!, 0) / weightSum
    : null;
  const byId = new Map(categories.map((c) => [c.id, c]));
  const objectiveResults = objectives.map((o) => {
    const values = items.flatMap((it) => {
      const category = byId.get(categoryOf(it) ?? -1);
      if (!category || category.weight === 0 || !it.objectiveIds.includes(o.id)) return [];
      const mark = marks.get(it.key);
      const part = mark?.objectiveScores?.[o.id];
      const v = valueOf(mark && part !== undefined ? { ...mark, score: part } : mark, category);
      return v ? [v.score] : [];
    });
    const score = values.length ? roundHalfUp(mean(values)) : null;
    return { objectiveId: o.id, score, reached: score === null ? null : score >= kktp };
  });
  return {
    final: finalExact === null ? null : roundHalfUp(finalExact),
    finalExact: finalExact === null ? null : roundHalfUp(finalExact, 2),
    categories: results.map(({ exact: _exact, ...r }) => r),
    objectives: objectiveResults,
    awaitingRegrade: items.some((it) => {
      const m = marks.get(it.key);
      return m?.state === 'waiting' && m.score !== null;
    }),
  };
}

const lowerFirst = (s: string) => (s ? s[0]!.toLowerCase() + s.slice(1) : s);
// e-Rapor joins the TPs with a comma and a space (CapaianKompetensi.vue).
const joinTps = (xs: string[]) => xs.join(', ');

/** Rule 5: the report description written from the TP results; null parts when there is nothing to say. */
export function describeObjectives(
  objectives: Objective[],
  results: StudentGrades['objectives'],
): { achieved: string | null; toImprove: string | null } {
  const scored = results.map((r) => ({ r, o: objectives.find((o) => o.id === r.objectiveId)! })).filter((x) => x.o && x.r.score !== null);
  const best = scored
    .filter((x) => x.r.reached)
    .sort((a, b) => b.r.score! - a.r.score!)
    .slice(0, 2);
  const weak = scored
    .filter((x) => !x.r.reached)
    .sort((a, b) => a.r.score! - b.r.score!)
    .slice(0, 2);
  return {
    achieved: best.length ? `Menunjukkan penguasaan yang baik dalam ${joinTps(best.map((x) => lowerFirst(x.o.description)))}` : null,
    toImprove: weak.length ? `Perlu ditingkatkan dalam ${joinTps(weak.map((x) => lowerFirst(x.o.description)))}` : null,
  };
}
