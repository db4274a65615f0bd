import { describe, expect, it } from 'vitest';
import { loginPath, safeNext } from './next';

describe('safeNext', () => {
  it('accepts a path of the app, with its query', () => {
    expect(safeNext('/my-classes/3/submissions/7')).toBe('/my-classes/3/submissions/7');
    expect(safeNext('/resources/users?q=andi')).toBe('/resources/users?q=andi');
    expect(safeNext('/')).toBe('/');
  });

  it('refuses anything that leaves the app or is no path', () => {
    for (const bad of [
      '//evil.example/x',
      '/\\evil.example',
      '/\\/evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      'dashboard',
      '',
      ' /dashboard',
      '/dash\nboard',
      '/x'.repeat(1001),
      null,
      undefined,
      42,
    ]) {
      expect(safeNext(bad), String(bad)).toBeNull();
    }
  });

  it('refuses the login page itself, however it is written', () => {
    for (const login of ['/login', '/login?next=/x', '/LOGIN', '/login/', '/Login//']) expect(safeNext(login), login).toBeNull();
    expect(safeNext('/login-help')).toBe('/login-help');
  });
});

describe('loginPath', () => {
  it('carries the page to return to', () => {
    expect(loginPath('/my-classes/3/submissions/7')).toBe('/login?next=%2Fmy-classes%2F3%2Fsubmissions%2F7');
    expect(loginPath('/resources/users?q=a b')).toBe('/login?next=%2Fresources%2Fusers%3Fq%3Da%20b');
  });

  it('is plain /login when the login would go home anyway or the target is not safe', () => {
    for (const next of ['/', '/dashboard', '//evil.example', '/login', null, undefined]) expect(loginPath(next)).toBe('/login');
  });
});
