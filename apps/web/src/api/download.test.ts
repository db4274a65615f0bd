import { describe, expect, it } from 'vitest';
import { dispositionName } from './download';

describe('dispositionName', () => {
  it('prefers the exact UTF-8 name, falls back to the plain one', () => {
    expect(dispositionName(`attachment; filename="Nilai - X_TKJ.xlsx"; filename*=UTF-8''Nilai%20-%20X%C2%B7TKJ.xlsx`)).toBe(
      'Nilai - X·TKJ.xlsx',
    );
    expect(dispositionName('attachment; filename="data-user.xlsx"')).toBe('data-user.xlsx');
    expect(dispositionName(`attachment; filename="a.csv"; filename*=UTF-8''%E0%A4%A`)).toBe('a.csv');
    expect(dispositionName(null)).toBeNull();
  });
});
