import { describe, expect, it } from 'vitest';
import { hasMath, splitMath } from './split';

describe('splitMath', () => {
  it('finds \\( \\) inline, \\[ \\] and $$ $$ display formulas between plain text', () => {
    expect(splitMath('Luas \\(\\pi r^2\\) cm.')).toEqual([
      { kind: 'text', text: 'Luas ' },
      { kind: 'math', tex: '\\pi r^2', display: false, source: '\\(\\pi r^2\\)' },
      { kind: 'text', text: ' cm.' },
    ]);
    expect(splitMath('\\[a+b\\]$$c$$')).toEqual([
      { kind: 'math', tex: 'a+b', display: true, source: '\\[a+b\\]' },
      { kind: 'math', tex: 'c', display: true, source: '$$c$$' },
    ]);
  });

  it('keeps line breaks in the text and inside a display formula', () => {
    expect(splitMath('Soal 1\n$$\nx = 1\n$$\nSoal 2')).toEqual([
      { kind: 'text', text: 'Soal 1\n' },
      { kind: 'math', tex: '\nx = 1\n', display: true, source: '$$\nx = 1\n$$' },
      { kind: 'text', text: '\nSoal 2' },
    ]);
  });

  it('reads a $ alone as money, never a formula', () => {
    expect(splitMath('Harga Rp 5$ dan 10$ saja')).toEqual([{ kind: 'text', text: 'Harga Rp 5$ dan 10$ saja' }]);
    expect(splitMath('$x$ bukan rumus')).toEqual([{ kind: 'text', text: '$x$ bukan rumus' }]);
    expect(hasMath('Rp 5$')).toBe(false);
  });

  it('shows an escaped \\$ as a dollar sign, and \\$\\$ opens no formula', () => {
    expect(splitMath('\\$\\$x\\$\\$ dan \\$5')).toEqual([{ kind: 'text', text: '$$x$$ dan $5' }]);
    expect(splitMath('$$a \\$ b$$')).toEqual([{ kind: 'math', tex: 'a \\$ b', display: true, source: '$$a \\$ b$$' }]);
  });

  it('leaves unbalanced or empty delimiters as text', () => {
    expect(splitMath('\\(x^2 tanpa penutup')).toEqual([{ kind: 'text', text: '\\(x^2 tanpa penutup' }]);
    expect(splitMath('$$ a + b')).toEqual([{ kind: 'text', text: '$$ a + b' }]);
    expect(splitMath('x\\) lalu \\]')).toEqual([{ kind: 'text', text: 'x\\) lalu \\]' }]);
    expect(splitMath('kosong $$ $$ dan \\(\\)')).toEqual([{ kind: 'text', text: 'kosong $$ $$ dan \\(\\)' }]);
    expect(splitMath('\\(a\\] b')).toEqual([{ kind: 'text', text: '\\(a\\] b' }]);
  });

  it('treats \\\\( (an escaped backslash) as text, and a formula ends at its own closing delimiter', () => {
    expect(splitMath('C:\\\\(data) x')).toEqual([{ kind: 'text', text: 'C:\\\\(data) x' }]);
    expect(splitMath('\\(a \\[ b \\) c \\]')).toEqual([
      { kind: 'math', tex: 'a \\[ b ', display: false, source: '\\(a \\[ b \\)' },
      { kind: 'text', text: ' c \\]' },
    ]);
  });

  it('keeps a text without formulas whole, and HTML in it as plain characters', () => {
    expect(splitMath('<script>alert(1)</script>')).toEqual([{ kind: 'text', text: '<script>alert(1)</script>' }]);
    expect(splitMath('')).toEqual([]);
    expect(hasMath('Tidak ada rumus di sini.')).toBe(false);
    expect(hasMath('Ada \\(x\\).')).toBe(true);
  });
});
