import { semesterLabel, type Semester } from '@kelasku/contract';
import type { SemesterRow } from './queries.js';

export const toSemester = ({ gradesLockedAt, ...row }: SemesterRow): Semester => ({
  ...row,
  label: semesterLabel(row),
  grades_locked_at: gradesLockedAt?.toISOString() ?? null,
});
