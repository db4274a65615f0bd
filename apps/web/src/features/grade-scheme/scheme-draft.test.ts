import { describe, expect, it } from 'vitest';
import { ERAPOR_PART_LABELS, GRADE_MSG, MSG, type GradeCategory } from '@kelasku/contract';
import { ApiError } from '../../lib/api-error';
import { move, newCategory, saveFailure, schemeErrors, toBody, toDrafts, totalError, weightTotal } from './scheme-draft';

const category = (id: number, name: string, weight: number, position: number, extra: Partial<GradeCategory> = {}): GradeCategory => ({
  id,
  name,
  weight,
  drop_lowest: 0,
  missing_counts_zero: true,
  erapor_part: null,
  position,
  ...extra,
});

describe('scheme drafts', () => {
  it('orders the categories by position and sends them back in the editor order, new ones without an id', () => {
    const drafts = toDrafts([category(7, 'Sumatif Akhir', 40, 2), category(5, 'Sumatif Lingkup Materi', 60, 1, { drop_lowest: 1 })]);
    expect(drafts.map((d) => d.name)).toEqual(['Sumatif Lingkup Materi', 'Sumatif Akhir']);
    const body = toBody([...move(drafts, 0, 1), { ...newCategory(), name: 'Formatif' }]);
    expect(body).toEqual([
      { id: 7, name: 'Sumatif Akhir', weight: 40, drop_lowest: 0, missing_counts_zero: true, erapor_part: null },
      { id: 5, name: 'Sumatif Lingkup Materi', weight: 60, drop_lowest: 1, missing_counts_zero: true, erapor_part: null },
      { name: 'Formatif', weight: 0, drop_lowest: 0, missing_counts_zero: true, erapor_part: null },
    ]);
  });

  it('keeps the list as it is when a move would leave it', () => {
    expect(move([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(move([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
    expect(move([1, 2, 3], 2, -1)).toEqual([1, 3, 2]);
  });

  it('totals the weights (an empty one as 0) and names the total when it is not 100', () => {
    const drafts = toDrafts([category(1, 'Tugas', 60, 1), category(2, 'PAS', 30, 2)]);
    expect(weightTotal(drafts)).toBe(90);
    expect(totalError(drafts)).toBe('Jumlah bobot harus 100%, sekarang 90%');
    expect(totalError([...drafts, { ...newCategory(), name: 'UH', weight: 10 }])).toBeNull();
    expect(weightTotal([{ ...newCategory(), weight: '' }])).toBe(0);
  });

  it('gives the contract’s messages under the fields, keyed as the API keys them', () => {
    const bad = [
      { ...newCategory(), name: 'Tugas', weight: 100 as const },
      { ...newCategory(), name: ' ', weight: '' as const, drop_lowest: 11 },
    ];
    expect(schemeErrors(bad)).toEqual({
      'categories.1.name': GRADE_MSG.categoryName,
      'categories.1.weight': GRADE_MSG.weightRange,
      'categories.1.drop_lowest': GRADE_MSG.dropRange,
    });
    const twice = [
      { ...newCategory(), name: 'Tugas', weight: 50, erapor_part: 'akhir_tes' as const },
      { ...newCategory(), name: 'tugas', weight: 50, erapor_part: 'akhir_tes' as const },
    ];
    expect(schemeErrors(twice)).toEqual({
      'categories.1.name': GRADE_MSG.categoryNameTaken('tugas'),
      'categories.1.erapor_part': GRADE_MSG.eraporPartTwice(ERAPOR_PART_LABELS.akhir_tes),
    });
    expect(schemeErrors([{ ...newCategory(), name: 'Tugas', weight: 70 }])).toEqual({ categories: GRADE_MSG.weightsTotal(70) });
    expect(schemeErrors([])).toEqual({ categories: GRADE_MSG.categoriesCount });
    expect(schemeErrors([{ ...newCategory(), name: 'Tugas', weight: 100 }])).toEqual({});
  });

  it('puts a refused save’s field messages under the fields, and a 409 as the form’s one message', () => {
    const fields = new ApiError(422, MSG.invalid, { 'categories.0.weight': [GRADE_MSG.weightRange], kktp: [GRADE_MSG.kktpRange] });
    expect(saveFailure(fields)).toEqual({
      fields: { 'categories.0.weight': GRADE_MSG.weightRange, kktp: GRADE_MSG.kktpRange },
      message: null,
    });
    expect(saveFailure(new ApiError(409, GRADE_MSG.schemeChanged))).toEqual({ fields: {}, message: GRADE_MSG.schemeChanged });
    expect(saveFailure(new ApiError(422, MSG.invalid, { revision: [MSG.invalid] })).message).toBe(MSG.invalid);
  });
});
