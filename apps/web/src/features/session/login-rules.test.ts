import { describe, expect, it } from 'vitest';
import { loginBody } from '@kelasku/contract';
import { loginRules } from './login-rules';

/** What the contract's schema says about one field: its first message, or null when it passes. */
function schemaSays(field: 'username' | 'password', value: string): string | null {
  const other = field === 'username' ? { password: 'rahasia' } : { username: 'siswa' };
  const result = loginBody.safeParse({ ...other, [field]: value });
  return result.success ? null : (result.error.issues.find((i) => i.path[0] === field)?.message ?? null);
}

describe('the login form checks', () => {
  const samples = [
    '',
    ' ',
    '   ',
    'siswa',
    ' siswa ',
    'a'.repeat(255),
    ` ${'a'.repeat(255)} `,
    'a'.repeat(256),
    'a'.repeat(1024),
    'a'.repeat(1025),
  ];

  it.each(samples.map((s) => [s.length, s]))('say what loginBody says of a username of %i characters', (_n, value) => {
    expect(loginRules.username(value)).toBe(schemaSays('username', value));
  });

  it.each(samples.map((s) => [s.length, s]))('say what loginBody says of a password of %i characters', (_n, value) => {
    expect(loginRules.password(value)).toBe(schemaSays('password', value));
  });

  it('refuse an empty username and a too long password', () => {
    expect(loginRules.username('  ')).toBe('Wajib diisi');
    expect(loginRules.password('x'.repeat(1025))).not.toBeNull();
  });
});
