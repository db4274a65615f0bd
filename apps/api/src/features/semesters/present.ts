import { semesterLabel, type Semester } from '@kelasku/contract';
import type { SemesterRow } from './queries.js';

export const toSemester = (row: SemesterRow): Semester => ({ ...row, label: semesterLabel(row) });
