import { afterEach, describe, expect, it } from 'vitest';
import { PENDING_TTL_MS, forgetPending, keepPendingOf, notPending, pendingFiles, pendingKey, rememberPending } from './pending';

const file = (name: string, size = 3, lastModified = 1_700_000_000_000) =>
  new File(['x'.repeat(size)], name, { type: 'application/pdf', lastModified });

afterEach(() => localStorage.clear());

describe('files a form began to upload', () => {
  const key = pendingKey(7, 'tugas-12');

  it('are kept per user and per form, and not at all without both', () => {
    expect(key).toBe('kelasku:pending:7:tugas-12');
    expect(pendingKey(null, 'tugas-12')).toBeNull();
    expect(pendingKey(7, undefined)).toBeNull();
    rememberPending(null, [file('a.pdf')]);
    expect(localStorage.length).toBe(0);
  });

  it('are listed once each, with what identifies the file to pick again', () => {
    rememberPending(key, [file('a.pdf'), file('b.pdf', 5)], 1000);
    rememberPending(key, [file('a.pdf')], 2000);
    expect(pendingFiles(key, 3000)).toEqual([
      { name: 'a.pdf', type: 'application/pdf', size: 3, lastModified: 1_700_000_000_000, at: 1000 },
      { name: 'b.pdf', type: 'application/pdf', size: 5, lastModified: 1_700_000_000_000, at: 1000 },
    ]);
    expect(pendingFiles(pendingKey(8, 'tugas-12'), 3000)).toEqual([]);
    expect(pendingFiles(pendingKey(7, 'tugas-13'), 3000)).toEqual([]);
  });

  it('say which were kept by the browser, and which of some files are no longer listed', () => {
    rememberPending(key, [file('a.pdf')], 1000);
    rememberPending(key, [file('Foto tugas.pdf', 9)], 1000, { kept: true });
    expect(pendingFiles(key, 1000).map((p) => [p.name, p.kept ?? false])).toEqual([
      ['a.pdf', false],
      ['Foto tugas.pdf', true],
    ]);
    forgetPending(key, [file('a.pdf')], 1000);
    expect(notPending(key, [file('a.pdf'), file('Foto tugas.pdf', 9)], 1000).map((f) => f.name)).toEqual(['a.pdf']);
  });

  it("of another user of the browser are forgotten at login; the user's own and other data stay", () => {
    rememberPending(key, [file('a.pdf')]);
    rememberPending(pendingKey(8, 'tugas-12'), [file('b.pdf')]);
    rememberPending(pendingKey(77, 'tugas-3'), [file('c.pdf')]);
    localStorage.setItem('kelasku:draft:8:/x#y', '{}');
    keepPendingOf(7);
    expect(pendingFiles(key).map((p) => p.name)).toEqual(['a.pdf']);
    expect(pendingFiles(pendingKey(8, 'tugas-12'))).toEqual([]);
    expect(pendingFiles(pendingKey(77, 'tugas-3'))).toEqual([]);
    expect(localStorage.getItem('kelasku:draft:8:/x#y')).toBe('{}');
  });

  it('a file changed since (another size or date) is another file', () => {
    rememberPending(key, [file('a.pdf')], 1000);
    forgetPending(key, [file('a.pdf', 4)], 1000);
    forgetPending(key, [file('a.pdf', 3, 5)], 1000);
    expect(pendingFiles(key, 1000).map((p) => p.name)).toEqual(['a.pdf']);
  });

  it('are forgotten when used or dismissed; the last one removes the entry', () => {
    rememberPending(key, [file('a.pdf'), file('b.pdf')], 1000);
    forgetPending(key, [file('a.pdf')], 1000);
    expect(pendingFiles(key, 1000).map((p) => p.name)).toEqual(['b.pdf']);
    forgetPending(key, [file('b.pdf')], 1000);
    expect(localStorage.getItem(key!)).toBeNull();
  });

  it('are no longer offered after 24 hours (the server has deleted the bytes)', () => {
    rememberPending(key, [file('a.pdf')], 1000);
    expect(pendingFiles(key, 1000 + PENDING_TTL_MS - 1)).toHaveLength(1);
    expect(pendingFiles(key, 1000 + PENDING_TTL_MS)).toEqual([]);
  });

  it('survive a damaged entry as an empty list', () => {
    localStorage.setItem(key!, '{not json');
    expect(pendingFiles(key)).toEqual([]);
    localStorage.setItem(key!, '{"a":1}');
    expect(pendingFiles(key)).toEqual([]);
  });
});
