import { describe, expect, it } from 'vitest';
import { answerSchemas, parseNumberAnswer } from '@kelasku/contract';
import { scoreAnswer } from '../src/features/question-bank/scoring.js';

const choices = (correct: string[]) => ({
  options: ['a', 'b', 'c', 'd'].map((id) => ({ id, text: id.toUpperCase(), correct: correct.includes(id) })),
});

describe('scoreAnswer — the scoring table of docs/features/quizzes.md', () => {
  it('multiple_choice: all points or 0', () => {
    const q = { type: 'multiple_choice', points: 4, data: choices(['b']) };
    expect(scoreAnswer(q, { option: 'b' })).toBe(4);
    expect(scoreAnswer(q, { option: 'a' })).toBe(0);
    expect(scoreAnswer(q, { option: 'zzz' })).toBe(0);
    expect(scoreAnswer(q, {})).toBe(0);
    expect(scoreAnswer(q, null)).toBe(0);
    expect(scoreAnswer(q, { option: ['b'] })).toBe(0);
  });

  it('multiple_answer: points × max(0, (right − wrong) / correct), each id once, unknown ids ignored', () => {
    const q = { type: 'multiple_answer', points: 6, data: choices(['a', 'b', 'c']) };
    expect(scoreAnswer(q, { options: ['a', 'b', 'c'] })).toBe(6);
    expect(scoreAnswer(q, { options: ['a', 'b'] })).toBe(4);
    expect(scoreAnswer(q, { options: ['a'] })).toBe(2);
    expect(scoreAnswer(q, { options: ['a', 'b', 'd'] })).toBe(2);
    expect(scoreAnswer(q, { options: ['a', 'd'] })).toBe(0);
    expect(scoreAnswer(q, { options: ['d'] })).toBe(0);
    expect(scoreAnswer(q, { options: ['a', 'b', 'c', 'd'] })).toBe(4);
    expect(scoreAnswer(q, { options: ['a', 'a', 'a'] })).toBe(2);
    expect(scoreAnswer(q, { options: ['a', 'x', 'y'] })).toBe(2);
    expect(scoreAnswer(q, { options: [] })).toBe(0);
    expect(scoreAnswer(q, { options: 'a' })).toBe(0);
    // A fraction is rounded to 2 decimals.
    expect(scoreAnswer({ ...q, points: 1 }, { options: ['a', 'b'] })).toBe(0.67);
  });

  it('true_false: all or 0, only a real boolean counts', () => {
    const q = { type: 'true_false', points: 2, data: { answer: false } };
    expect(scoreAnswer(q, { value: false })).toBe(2);
    expect(scoreAnswer(q, { value: true })).toBe(0);
    expect(scoreAnswer(q, { value: 'false' })).toBe(0);
    expect(scoreAnswer(q, {})).toBe(0);
  });

  it('short_answer: trimmed, whitespace collapsed, case-insensitive', () => {
    const q = { type: 'short_answer', points: 3, data: { answers: ['Topologi Star', 'bintang'], tolerance: null } };
    expect(scoreAnswer(q, { text: 'topologi star' })).toBe(3);
    expect(scoreAnswer(q, { text: '  TOPOLOGI   \t star ' })).toBe(3);
    expect(scoreAnswer(q, { text: 'Bintang' })).toBe(3);
    expect(scoreAnswer(q, { text: 'topologi bus' })).toBe(0);
    expect(scoreAnswer(q, { text: 'topologistar' })).toBe(0);
    expect(scoreAnswer(q, { text: '' })).toBe(0);
    expect(scoreAnswer(q, { text: 5 })).toBe(0);
  });

  it('short_answer with tolerance: numbers within it, a comma as decimal point', () => {
    const q = { type: 'short_answer', points: 5, data: { answers: ['3.14'], tolerance: 0.01 } };
    expect(scoreAnswer(q, { text: '3.14' })).toBe(5);
    expect(scoreAnswer(q, { text: '3,14' })).toBe(5);
    expect(scoreAnswer(q, { text: ' 3.15 ' })).toBe(5);
    expect(scoreAnswer(q, { text: '3.13' })).toBe(5);
    expect(scoreAnswer(q, { text: '3.16' })).toBe(0);
    expect(scoreAnswer(q, { text: 'pi' })).toBe(0);
    expect(scoreAnswer(q, { text: '' })).toBe(0);
    expect(scoreAnswer(q, { text: '3.14abc' })).toBe(0);
    const exact = { type: 'short_answer', points: 1, data: { answers: ['192', '255'], tolerance: 0 } };
    expect(scoreAnswer(exact, { text: '255' })).toBe(1);
    expect(scoreAnswer(exact, { text: '255.0' })).toBe(1);
    expect(scoreAnswer(exact, { text: '254' })).toBe(0);
  });

  it('matching: points × right pairs / pairs', () => {
    const q = {
      type: 'matching',
      points: 4,
      data: {
        pairs: [
          { id: 'p1', left: 'Router', right: 'Antar jaringan' },
          { id: 'p2', left: 'Switch', right: 'Dalam LAN' },
          { id: 'p3', left: 'Hub', right: 'Menyiarkan' },
          { id: 'p4', left: 'NIC', right: 'Kartu jaringan' },
        ],
      },
    };
    expect(scoreAnswer(q, { matches: { p1: 'p1', p2: 'p2', p3: 'p3', p4: 'p4' } })).toBe(4);
    expect(scoreAnswer(q, { matches: { p1: 'p1', p2: 'p3', p3: 'p2', p4: 'p4' } })).toBe(2);
    expect(scoreAnswer(q, { matches: { p1: 'p1' } })).toBe(1);
    expect(scoreAnswer(q, { matches: {} })).toBe(0);
    expect(scoreAnswer(q, { matches: { toString: 'toString' } })).toBe(0);
    expect(scoreAnswer({ ...q, points: 1, data: { pairs: q.data.pairs.slice(0, 3) } }, { matches: { p1: 'p1' } })).toBe(0.33);
  });

  it('essay: null (graded by hand), whatever the answer', () => {
    expect(scoreAnswer({ type: 'essay', points: 10, data: {} }, { text: 'Jawaban panjang' })).toBeNull();
    expect(scoreAnswer({ type: 'essay', points: 10, data: {} }, null)).toBeNull();
  });

  it('a broken key earns 0, never throws', () => {
    for (const type of ['multiple_choice', 'multiple_answer', 'true_false', 'short_answer', 'matching', 'unknown']) {
      for (const data of [null, {}, 'x', { options: 'x', pairs: [null], answers: [1] }]) {
        expect(scoreAnswer({ type, points: 1, data }, { option: 'a', options: ['a'], value: true, text: 'a', matches: { a: 'a' } })).toBe(
          0,
        );
      }
    }
  });
});

describe('the answer schemas and number parsing', () => {
  it('parseNumberAnswer reads plain numbers with a dot or comma', () => {
    expect(parseNumberAnswer('3,5')).toBe(3.5);
    expect(parseNumberAnswer(' -2 ')).toBe(-2);
    expect(parseNumberAnswer('.5')).toBe(0.5);
    expect(parseNumberAnswer('1e3')).toBe(1000);
    expect(parseNumberAnswer('1.000,5')).toBeNull();
    expect(parseNumberAnswer('')).toBeNull();
    expect(parseNumberAnswer('abc')).toBeNull();
    expect(parseNumberAnswer('Infinity')).toBeNull();
  });

  it('an essay answer is at most 20,000 characters', () => {
    expect(answerSchemas.essay.safeParse({ text: 'x'.repeat(20_000) }).success).toBe(true);
    const r = answerSchemas.essay.safeParse({ text: 'x'.repeat(20_001) });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Jawaban maksimal 20.000 karakter.');
  });
});
