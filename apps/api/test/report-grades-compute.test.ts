/**
 * Issue 39: the Nilai Akhir rules of compute.ts worked by hand (docs/features/report-grades.md).
 * No database: the queries that feed these functions are tested in report-grades.test.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  computeStudentGrades,
  describeObjectives,
  roundHalfUp,
  type SchemeCategory,
  type WorkItem,
  type WorkMark,
} from '../src/features/report-grades/compute.js';

const SLM: SchemeCategory = { id: 1, weight: 60, dropLowest: 1, missingCountsZero: true };
const SAS: SchemeCategory = { id: 2, weight: 40, dropLowest: 0, missingCountsZero: true };
const FORMATIF: SchemeCategory = { id: 3, weight: 0, dropLowest: 0, missingCountsZero: false };
const items: WorkItem[] = [
  { key: 'a1', categoryId: 1, objectiveIds: [10] },
  { key: 'a2', categoryId: 1, objectiveIds: [10, 11] },
  { key: 'a3', categoryId: null, objectiveIds: [11] }, // no category: the first (SLM)
  { key: 'q1', categoryId: 2, objectiveIds: [] },
  { key: 'a4', categoryId: 3, objectiveIds: [11] },
];
const objectives = [
  { id: 10, description: 'Menjelaskan konsep jaringan komputer' },
  { id: 11, description: 'Mengonfigurasi alamat IP' },
];
const marks = (m: Record<string, WorkMark>) => new Map(Object.entries(m));

describe('Nilai Akhir by hand', () => {
  it('drops the lowest, counts missing work as 0, weights 60/40 and rounds half up', () => {
    // SLM: 80, 70, missing → 0; drop lowest 1 → (80 + 70) / 2 = 75. SAS: 94. Formatif 100 weighs nothing.
    // Final: 0.6 × 75 + 0.4 × 94 = 45 + 37.6 = 82.6 → 83.
    const g = computeStudentGrades(
      [SLM, SAS, FORMATIF],
      items,
      objectives,
      75,
      marks({
        a1: { state: 'graded', score: 80 },
        a2: { state: 'graded', score: 70 },
        a3: { state: 'missing', score: null },
        q1: { state: 'graded', score: 94 },
        a4: { state: 'graded', score: 100 },
      }),
    );
    expect(g.categories[0]).toMatchObject({ categoryId: 1, average: 75, dropped: ['a3'] });
    expect(g.categories[1]).toMatchObject({ categoryId: 2, average: 94 });
    expect(g.categories[2]).toMatchObject({ categoryId: 3, average: 100 });
    expect(g.finalExact).toBe(82.6);
    expect(g.final).toBe(83);
    // TP 10: a1 80, a2 70 → 75 (reached at KKTP 75). TP 11: a2 70, a3 0 (formatif a4 left out) → 35.
    expect(g.objectives).toEqual([
      { objectiveId: 10, score: 75, reached: true },
      { objectiveId: 11, score: 35, reached: false },
    ]);
  });

  it('leaves missing work out where the category says so, and skips categories without a score', () => {
    const lenient = { ...SLM, dropLowest: 0, missingCountsZero: false };
    // SLM: 81 and 88 (a3 missing, left out) → 84.5; SAS has nothing yet → the final is SLM alone: 84.5 → 85.
    const g = computeStudentGrades(
      [lenient, SAS, FORMATIF],
      items,
      objectives,
      75,
      marks({
        a1: { state: 'graded', score: 81 },
        a2: { state: 'graded', score: 88 },
        a3: { state: 'missing', score: null },
        q1: { state: 'todo', score: null },
      }),
    );
    expect(g.categories[0]!.average).toBe(84.5);
    expect(g.categories[1]!.average).toBeNull();
    expect(g.final).toBe(85);
  });

  it('keeps the last grade while returned work waits for a new one', () => {
    // a1 was 85, returned and handed in again: it still counts 85 (not empty, not 100 alone).
    const g = computeStudentGrades(
      [{ ...SLM, dropLowest: 0 }, SAS],
      items.slice(0, 2),
      objectives,
      75,
      marks({
        a1: { state: 'waiting', score: 85 },
        a2: { state: 'graded', score: 100 },
      }),
    );
    expect(g.categories[0]!.average).toBe(92.5);
    expect(g.final).toBe(93);
    expect(g.awaitingRegrade).toBe(true);
  });

  it('never drops every score, and has no final grade without any', () => {
    const g = computeStudentGrades(
      [{ ...SLM, dropLowest: 5 }, SAS],
      items.slice(0, 1),
      objectives,
      75,
      marks({ a1: { state: 'graded', score: 60 } }),
    );
    expect(g.categories[0]).toMatchObject({ average: 60, dropped: [] });
    const none = computeStudentGrades([SLM, SAS], items, objectives, 75, new Map());
    expect(none.final).toBeNull();
    expect(none.objectives.every((o) => o.score === null && o.reached === null)).toBe(true);
  });

  it("takes a quiz question's points for the TP it is tagged with", () => {
    const quiz: WorkItem = { key: 'q9', categoryId: 1, objectiveIds: [10, 11] };
    const g = computeStudentGrades(
      [SLM, SAS],
      [quiz],
      objectives,
      75,
      marks({
        q9: { state: 'graded', score: 70, objectiveScores: { 11: 40 } },
      }),
    );
    expect(g.objectives).toEqual([
      { objectiveId: 10, score: 70, reached: false },
      { objectiveId: 11, score: 40, reached: false },
    ]);
  });
});

describe('rounding as e-Rapor stores it', () => {
  it('rounds half up, not to even, and ignores binary noise', () => {
    expect(roundHalfUp(84.5)).toBe(85);
    expect(roundHalfUp(82.5)).toBe(83);
    expect(roundHalfUp(82.49)).toBe(82);
    expect(roundHalfUp(0.1 + 0.2 + 84.2, 2)).toBe(84.5);
    expect(roundHalfUp(1.005, 2)).toBe(1.01);
  });
});

describe('the report description', () => {
  it("names the best reached TPs and the weakest ones in e-Rapor's words", () => {
    const tps = [
      { id: 1, description: 'Menjelaskan topologi' },
      { id: 2, description: 'Membuat kabel UTP' },
      { id: 3, description: 'Mengonfigurasi router' },
      { id: 4, description: 'Menganalisis gangguan' },
    ];
    const d = describeObjectives(tps, [
      { objectiveId: 1, score: 90, reached: true },
      { objectiveId: 2, score: 95, reached: true },
      { objectiveId: 3, score: 60, reached: false },
      { objectiveId: 4, score: null, reached: null },
    ]);
    expect(d.achieved).toBe('Menunjukkan penguasaan yang baik dalam membuat kabel UTP, menjelaskan topologi');
    expect(d.toImprove).toBe('Perlu ditingkatkan dalam mengonfigurasi router');
    expect(describeObjectives(tps, [])).toEqual({ achieved: null, toImprove: null });
  });
});
