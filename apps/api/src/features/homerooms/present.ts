import type { Homeroom } from '@kelasku/contract';
import type { HomeroomRow } from './queries.js';

export const toHomeroom = (r: HomeroomRow): Homeroom => ({
  rombel: { id: r.rombelId, name: r.rombelName, grade: r.grade },
  teacher: r.teacherId === null ? null : { id: r.teacherId, name: r.teacherName ?? '', nip: r.nip ?? null },
});
