import { describe, expect, it } from 'vitest';
import type { Question } from '@kelasku/contract';
import { bodyOf, emptyOption, formPathOf, formValuesOf, validateQuestion, type QuestionFormValues } from './question-form';
import { keySummary } from '../../components/QuestionKey';
import { flagsOf } from '../quizzes/teacher/QuizStatistics';

const base = (over: Partial<QuestionFormValues>): QuestionFormValues => ({ ...formValuesOf(undefined, 1), text: 'Soal', ...over });
const options = (...rows: Array<[string, boolean]>) => rows.map(([text, correct]) => ({ ...emptyOption(), text, correct }));

describe('the question editor', () => {
  it('sends only the chosen type, with the ids of existing options and none for new ones', () => {
    const v = base({
      type: 'multiple_choice',
      options: [{ key: 'a', id: 'AbCdEf12', text: 'Bus', correct: true }, ...options(['Star', false])],
    });
    expect(bodyOf(v)).toEqual({
      type: 'multiple_choice',
      text: 'Soal',
      points: 1,
      data: {
        options: [
          { id: 'AbCdEf12', text: 'Bus', correct: true },
          { text: 'Star', correct: false },
        ],
      },
    });
  });

  it('puts the contract’s messages under the right inputs', () => {
    const noCorrect = validateQuestion(base({ type: 'multiple_choice', options: options(['Bus', false], ['', false]) }));
    expect(noCorrect['options.1.text']).toBe('Teks pilihan jawaban wajib diisi.');
    expect(noCorrect.options).toBe('Pilih tepat satu jawaban benar.');
    expect(validateQuestion(base({ type: 'true_false' })).answer).toBe('Pilih jawaban Benar atau Salah.');
    const numeric = validateQuestion(base({ type: 'short_answer', numeric: true, tolerance: 0.1, answers: [{ key: 'x', value: 'tiga' }] }));
    expect(numeric['answers.0.value']).toBe('Dengan toleransi, setiap jawaban yang diterima harus berupa angka.');
    expect(validateQuestion(base({ type: 'essay', points: 101 })).points).toBe('Poin harus bilangan bulat 1 sampai 100.');
    expect(validateQuestion(base({ type: 'essay' }))).toEqual({});
  });

  it('maps server paths onto the form', () => {
    expect(formPathOf('data.pairs.1.right', 'matching')).toBe('pairs.1.right');
    expect(formPathOf('data', 'matching')).toBe('pairs');
    expect(formPathOf('data.answers.2', 'short_answer')).toBe('answers.2.value');
    expect(formPathOf('points', 'essay')).toBe('points');
    expect(formPathOf('type', 'essay')).toBe('form');
  });

  it('opens an existing numeric question with a comma and its tolerance', () => {
    const q = {
      id: 3,
      category_id: 1,
      type: 'short_answer',
      text: 'π?',
      points: 2,
      data: { answers: ['3.14'], tolerance: 0.01 },
      image: null,
      title: null,
      general_feedback: null,
      used_in_quizzes: 0,
      created_at: '',
      updated_at: '',
    } satisfies Question;
    const v = formValuesOf(q, 1);
    expect(v.answers.map((a) => a.value)).toEqual(['3,14']);
    expect(v.numeric).toBe(true);
    expect(bodyOf(v)).toMatchObject({ data: { answers: ['3,14'], tolerance: 0.01 } });
    expect(keySummary(q)).toBe('Diterima: 3,14 ± 0,01');
  });
});

describe('question statistics', () => {
  const stats = (facility: number | null, discrimination: number | null) => ({
    question_id: 1,
    text: 'Soal',
    type: 'multiple_choice' as const,
    points: 1,
    attempts: 12,
    facility,
    discrimination,
    options: [],
  });
  it('flags a question most students miss, or one that does not separate strong from weak students', () => {
    expect(flagsOf(stats(15, 0.5))).toHaveLength(1);
    expect(flagsOf(stats(60, 0.1))[0]).toMatch(/Daya beda rendah/);
    expect(flagsOf(stats(60, -0.3))[0]).toMatch(/Daya beda negatif/);
    expect(flagsOf(stats(60, 0.45))).toEqual([]);
    expect(flagsOf(stats(60, null))).toEqual([]);
  });
});
