import { REPORT_MSG, type ClassReportGrades, type Leger, type StudentReportCard } from '@kelasku/contract';
import { roundHalfUp } from './compute.js';

/** A TP's result in words for the student. */
const wordsOf = (reached: boolean | null) => (reached === null ? REPORT_MSG.noScore : reached ? REPORT_MSG.reached : REPORT_MSG.notReached);

/**
 * One class of the student's "Nilai Saya": the categories with their weights and the student's own
 * averages, the TPs in words, and the final grade and description only once the teacher released them.
 */
export function toStudentCard(report: ClassReportGrades, studentId: number, subject: string | null): StudentReportCard {
  const own = report.students.find((s) => s.student.id === studentId);
  const released = report.released_at !== null;
  return {
    online_class: { id: report.online_class.id, name: report.online_class.name, subject },
    categories: report.categories.map((c) => ({
      id: c.id,
      name: c.name,
      weight: c.weight,
      drop_lowest: c.drop_lowest,
      average: own?.categories.find((r) => r.category_id === c.id)?.average ?? null,
    })),
    released,
    final: released ? (own?.final ?? null) : null,
    description: released && own ? { achieved: own.description.achieved, to_improve: own.description.to_improve } : null,
    objectives: report.objectives.map((o) => {
      const r = own?.objectives.find((x) => x.objective_id === o.id);
      return { code: o.code, description: o.description, score: r?.score ?? null, words: wordsOf(r?.reached ?? null) };
    }),
    awaiting_regrade: own?.awaiting_regrade ?? false,
  };
}

export interface LegerSubject {
  classId: number;
  subject: string;
  teachers: string[];
}

/** Ranks by average, highest first; equal averages share a rank (1, 1, 3); no average: no rank. */
export function ranksOf(averages: Array<number | null>): Array<number | null> {
  return averages.map((a) => (a === null ? null : 1 + averages.filter((b) => b !== null && b > a).length));
}

/** The leger: the rombel's students × its subjects (the final grades), each student's mean (2 decimals) and rank. */
export function toLeger(
  rombel: { id: number; name: string },
  semester: { id: number; label: string },
  roster: Array<{ id: number; name: string; nisn: string | null }>,
  subjects: LegerSubject[],
  reports: ClassReportGrades[],
): Leger {
  const finals = roster.map((s) => reports.map((r) => r.students.find((x) => x.student.id === s.id)?.final ?? null));
  const averages = finals.map((row) => {
    const xs = row.filter((x): x is number => x !== null);
    return xs.length ? roundHalfUp(xs.reduce((a, b) => a + b, 0) / xs.length, 2) : null;
  });
  const ranks = ranksOf(averages);
  return {
    rombel,
    semester,
    subjects: subjects.map((s, i) => ({
      class_id: s.classId,
      subject: s.subject,
      teachers: s.teachers,
      released: reports[i]?.released_at != null,
    })),
    students: roster.map((s, i) => ({ id: s.id, name: s.name, nisn: s.nisn, finals: finals[i]!, average: averages[i]!, rank: ranks[i]! })),
  };
}
