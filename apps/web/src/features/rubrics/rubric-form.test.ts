import { describe, expect, it } from 'vitest';
import { RUBRIC_MSG } from '@kelasku/contract';
import { bodyOf, draftOf, maxTotal, newCriterion, rubricErrors, type RubricDraft } from './rubric-form';

const valid = (): RubricDraft => {
  const c = newCriterion();
  c.title = 'Ketepatan topologi';
  return { title: 'Rubrik jaringan', criteria: [c] };
};

describe('rubric editor validation (the contract rules, the server words)', () => {
  it('a complete rubric has no errors and sends numbers', () => {
    const d = valid();
    expect(rubricErrors(d)).toEqual({});
    expect(bodyOf(d).criteria[0]!.levels.map((l) => l.points)).toEqual([4, 3, 2, 1]);
    expect(maxTotal(d)).toBe(4);
  });

  it('a level above the criterion maximum names the maximum, on that level', () => {
    const d = valid();
    d.criteria[0]!.levels[1]!.points = 5;
    const e = rubricErrors(d);
    expect(e['criteria.0.levels.1.points']).toBe(RUBRIC_MSG.levelAboveMax(4));
    expect(RUBRIC_MSG.levelAboveMax(4)).toBe('Skor level tidak boleh melebihi skor maksimal kriteria (4)');
  });

  it('no level worth the maximum', () => {
    const d = valid();
    d.criteria[0]!.max_points = 10;
    expect(rubricErrors(d)['criteria.0.levels']).toBe(RUBRIC_MSG.noTopLevel);
  });

  it('empty title, criterion and level names, out-of-range points', () => {
    const d = valid();
    d.title = '   ';
    d.criteria[0]!.title = '';
    d.criteria[0]!.levels[0]!.title = '';
    d.criteria[0]!.levels[2]!.points = '';
    d.criteria[0]!.levels[3]!.points = 2.5;
    const e = rubricErrors(d);
    expect(e.title).toBe(RUBRIC_MSG.title);
    expect(e['criteria.0.title']).toBe(RUBRIC_MSG.criterionTitle);
    expect(e['criteria.0.levels.0.title']).toBe(RUBRIC_MSG.levelTitle);
    expect(e['criteria.0.levels.2.points']).toBe(RUBRIC_MSG.levelPoints);
    expect(e['criteria.0.levels.3.points']).toBe(RUBRIC_MSG.levelPoints);
  });

  it('maximum points 0 or above 100, one level only, no criteria', () => {
    const d = valid();
    d.criteria[0]!.max_points = 0;
    expect(rubricErrors(d)['criteria.0.max_points']).toBe(RUBRIC_MSG.maxPoints);
    d.criteria[0]!.max_points = 101;
    expect(rubricErrors(d)['criteria.0.max_points']).toBe(RUBRIC_MSG.maxPoints);
    const one = valid();
    one.criteria[0]!.levels = one.criteria[0]!.levels.slice(0, 1);
    expect(rubricErrors(one)['criteria.0.levels']).toBe(RUBRIC_MSG.levelsCount);
    expect(rubricErrors({ title: 'x', criteria: [] }).criteria).toBe(RUBRIC_MSG.criteriaCount);
  });

  it('a saved rubric becomes a draft and back unchanged', () => {
    const saved = {
      id: 1,
      title: 'R',
      criteria: [
        {
          title: 'A',
          description: null,
          max_points: 3,
          levels: [
            { title: 'Baik', description: 'lengkap', points: 3 },
            { title: 'Kurang', description: null, points: 0 },
          ],
        },
      ],
      max_total: 3,
      used_for_grading: false,
      assignment_count: 0,
      updated_at: '2026-11-29T00:00:00Z',
    };
    const body = bodyOf(draftOf(saved));
    expect(body).toEqual({
      title: 'R',
      criteria: [
        {
          title: 'A',
          description: '',
          max_points: 3,
          levels: [
            { title: 'Baik', description: 'lengkap', points: 3 },
            { title: 'Kurang', description: '', points: 0 },
          ],
        },
      ],
    });
  });
});
