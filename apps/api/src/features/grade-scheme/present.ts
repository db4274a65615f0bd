import type { ClassGradeScheme, GradeCategory } from '@kelasku/contract';
import type { ClassContext, ClassScheme, GradeCategoryRow } from './queries.js';

type CategoryRow = Omit<GradeCategoryRow, 'onlineClassId'>;

export const toCategory = (c: CategoryRow): GradeCategory => ({
  id: c.id,
  name: c.name,
  weight: c.weight,
  drop_lowest: c.dropLowest,
  missing_counts_zero: c.missingCountsZero,
  erapor_part: c.eraporPart,
  position: c.position,
});

export const toClassScheme = (classId: number, s: ClassScheme, ctx: ClassContext, counts: Map<number, number>): ClassGradeScheme => ({
  online_class_id: classId,
  categories: s.categories.map((c) => ({ ...toCategory(c), work_count: counts.get(c.id) ?? 0 })),
  kktp: s.kktp,
  released_at: s.releasedAt?.toISOString() ?? null,
  revision: s.revision,
  locked: ctx.locked,
  subject: ctx.subject,
  grade: ctx.grade,
});

/** A scheme as the audit log keeps it: "Nama 60% (buang 1, kosong 0)" per category. */
export const schemeAudit = (categories: Array<{ name: string; weight: number; dropLowest?: number; drop_lowest?: number }>) =>
  categories.map((c) => {
    const drop = c.dropLowest ?? c.drop_lowest ?? 0;
    return `${c.name} ${c.weight}%${drop ? ` (buang ${drop} terendah)` : ''}`;
  });
