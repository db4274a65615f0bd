import { describe, expect, it } from 'vitest';
import { userFilter } from './useUsersPage';

describe('userFilter', () => {
  it('a role’s label filters by that role, parents included', () => {
    expect(userFilter('Guru')).toEqual({ role: 'teacher' });
    expect(userFilter(' siswa ')).toEqual({ role: 'student' });
    expect(userFilter('Orang Tua')).toEqual({ role: 'parent' });
    expect(userFilter('orang tua')).toEqual({ role: 'parent' });
  });

  it('any other text searches; nothing is no filter', () => {
    expect(userFilter('Orang')).toEqual({ q: 'Orang' });
    expect(userFilter('  ')).toEqual({});
  });
});
