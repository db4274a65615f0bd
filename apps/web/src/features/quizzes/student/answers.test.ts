import { beforeEach, describe, expect, it } from 'vitest';
import { answerLines, isAnswered, keyLines, listNumbers, mergeAnswers, readFlags, unansweredNumbers, writeFlags } from './answers';

beforeEach(() => localStorage.clear());

describe('mergeAnswers', () => {
  it('lays the answers kept on this device over the server’s', () => {
    const merged = mergeAnswers(
      { '1': { option: 'aaaaaaaa' }, '2': { text: 'lama' } },
      new Map([
        [2, { text: 'baru' }],
        [3, { value: true }],
      ]),
    );
    expect(merged).toEqual({ 1: { option: 'aaaaaaaa' }, 2: { text: 'baru' }, 3: { value: true } });
  });
});

describe('isAnswered and unansweredNumbers', () => {
  it('counts a choice, a non-blank text, a matched pair; not an empty list or blank text', () => {
    expect(isAnswered({ type: 'multiple_choice' }, { option: 'x' })).toBe(true);
    expect(isAnswered({ type: 'multiple_answer' }, { options: [] })).toBe(false);
    expect(isAnswered({ type: 'true_false' }, { value: false })).toBe(true);
    expect(isAnswered({ type: 'short_answer' }, { text: '  ' })).toBe(false);
    expect(isAnswered({ type: 'essay' }, { text: 'Jawaban' })).toBe(true);
    expect(isAnswered({ type: 'matching' }, { matches: {} })).toBe(false);
    expect(isAnswered({ type: 'matching' }, { matches: { a: 'b' } })).toBe(true);
    expect(isAnswered({ type: 'essay' }, undefined)).toBe(false);
  });

  it('lists the numbers of the questions left, in the attempt’s order', () => {
    const questions = [
      { id: 10, type: 'multiple_choice' as const },
      { id: 11, type: 'essay' as const },
      { id: 12, type: 'true_false' as const },
    ];
    expect(unansweredNumbers(questions, { 10: { option: 'x' } })).toEqual([2, 3]);
    expect(listNumbers([2, 4, 5])).toBe('2, 4 dan 5');
    expect(listNumbers([3])).toBe('3');
  });
});

describe('answers and keys in words', () => {
  const matching = {
    type: 'matching' as const,
    left: [
      { id: 'p1', text: 'Port 80' },
      { id: 'p2', text: 'Port 22' },
    ],
    right: [
      { id: 't1', text: 'SSH' },
      { id: 't2', text: 'HTTP' },
    ],
  };

  it('shows chosen texts, Benar/Salah and matched pairs', () => {
    const choice = {
      type: 'multiple_answer' as const,
      options: [
        { id: 'a', text: 'Bintang' },
        { id: 'b', text: 'Cincin' },
      ],
    };
    expect(answerLines(choice, { options: ['b', 'a'] })).toEqual(['Bintang', 'Cincin']);
    expect(answerLines({ type: 'true_false' }, { value: false })).toEqual(['Salah']);
    expect(answerLines(matching, { matches: { p1: 't2' } })).toEqual(['Port 80 → HTTP']);
    expect(answerLines(matching, null)).toEqual([]);
  });

  it('shows the key of each type', () => {
    expect(keyLines(matching, { matches: { p1: 't2', p2: 't1' } })).toEqual(['Port 80 → HTTP', 'Port 22 → SSH']);
    expect(keyLines({ type: 'short_answer' }, { answers: ['3.14'], tolerance: 0.01 })).toEqual(['3.14 (toleransi ± 0,01)']);
    expect(keyLines({ type: 'true_false' }, { value: true })).toEqual(['Benar']);
    expect(keyLines({ type: 'essay' }, {})).toEqual([]);
  });
});

describe('flags', () => {
  it('keeps the marked questions per attempt', () => {
    writeFlags(4, new Set([7, 9]));
    expect(readFlags(4)).toEqual(new Set([7, 9]));
    expect(readFlags(5).size).toBe(0);
    writeFlags(4, new Set());
    expect(localStorage.length).toBe(0);
  });
});
