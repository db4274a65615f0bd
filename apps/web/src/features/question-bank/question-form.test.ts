import { describe, expect, it } from 'vitest';
import type { Question } from '@kelasku/contract';
import {
  bodyOf,
  emptyAnswer,
  emptyOption,
  formPathOf,
  formValuesOf,
  usesAdvanced,
  validateQuestion,
  type QuestionFormValues,
} from './question-form';
import { keySummary } from '../../components/QuestionKey';
import { flagsOf } from '../quizzes/teacher/QuizStatistics';

const base = (over: Partial<QuestionFormValues>): QuestionFormValues => ({ ...formValuesOf(undefined, 1), text: 'Soal', ...over });
const options = (...rows: Array<[string, boolean]>) => rows.map(([text, correct]) => ({ ...emptyOption(), text, correct }));

describe('the question editor', () => {
  it('sends only the chosen type, with the ids of existing options and none for new ones', () => {
    const v = base({
      type: 'multiple_choice',
      options: [{ ...emptyOption(), id: 'AbCdEf12', text: 'Bus', correct: true }, ...options(['Star', false])],
    });
    expect(bodyOf(v)).toEqual({
      type: 'multiple_choice',
      title: null,
      text: 'Soal',
      points: 1,
      general_feedback: null,
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
    const numeric = validateQuestion(
      base({ type: 'short_answer', numeric: true, tolerance: 0.1, answers: [{ ...emptyAnswer(), value: 'tiga' }] }),
    );
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
    expect(formPathOf('data.fractions.1', 'short_answer')).toBe('answers.1.fraction');
    expect(formPathOf('data.tolerances.0', 'short_answer')).toBe('answers.0.tolerance');
    expect(formPathOf('data.feedback.2', 'short_answer')).toBe('answers.2.feedback');
    expect(formPathOf('data.options.1.fraction', 'multiple_choice')).toBe('options.1.fraction');
    expect(formPathOf('data.distractors.0.text', 'matching')).toBe('distractors.0.text');
    expect(formPathOf('title', 'essay')).toBe('title');
    expect(formPathOf('general_feedback', 'essay')).toBe('general_feedback');
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

const question = <Q extends Pick<Question, 'type' | 'data'>>(q: Q & Partial<Question>) =>
  ({
    id: 9,
    category_id: 1,
    text: 'Soal',
    points: 1,
    image: null,
    title: null,
    general_feedback: null,
    used_in_quizzes: 0,
    created_at: '',
    updated_at: '',
    ...q,
  }) as Question;

describe('issue 41: credits, feedback and titles in the editor', () => {
  it('keeps a single choice with a half-credit wrong option, its feedback and the question’s title through the form', () => {
    const q = question({
      type: 'multiple_choice',
      title: 'Kabel',
      general_feedback: 'UTP hanya sampai 100 m.',
      data: {
        options: [
          { id: 'a1', text: 'Serat optik', correct: true, fraction: 100, feedback: 'Tepat.' },
          { id: 'b2', text: 'UTP', correct: false, fraction: 50, feedback: 'Bisa dengan repeater.' },
          { id: 'c3', text: 'Koaksial', correct: false, fraction: 0 },
        ],
      },
    });
    const v = formValuesOf(q, 1);
    expect(v.title).toBe('Kabel');
    expect(v.options.map((o) => o.fraction)).toEqual(['', '50', '']);
    expect(usesAdvanced(v)).toBe(true);
    expect(bodyOf(v)).toEqual({
      type: 'multiple_choice',
      title: 'Kabel',
      text: 'Soal',
      points: 1,
      general_feedback: 'UTP hanya sampai 100 m.',
      data: {
        options: [
          { id: 'a1', text: 'Serat optik', correct: true, feedback: 'Tepat.' },
          { id: 'b2', text: 'UTP', correct: false, fraction: 50, feedback: 'Bisa dengan repeater.' },
          { id: 'c3', text: 'Koaksial', correct: false },
        ],
      },
    });
    expect(keySummary(q)).toBe('3 pilihan · kunci A · sebagian B (50 %)');
    expect(validateQuestion(v)).toEqual({});
  });

  it('keeps negative credits of a multiple-answer question, and Moodle’s thirds as the select offers them', () => {
    const q = question({
      type: 'multiple_answer',
      data: {
        options: [
          { id: 'a', text: 'Bintang', correct: true, fraction: 33.333 },
          { id: 'b', text: 'Cincin', correct: true, fraction: 66.667 },
          { id: 'c', text: 'Segitiga', correct: false, fraction: -50 },
        ],
      },
    });
    const v = formValuesOf(q, 1);
    expect(v.options.map((o) => o.fraction)).toEqual(['33.33333', '66.66667', '-50']);
    expect(bodyOf(v)).toMatchObject({
      data: {
        options: [
          { id: 'a', correct: true, fraction: 33.33333 },
          { id: 'b', correct: true, fraction: 66.66667 },
          { id: 'c', correct: false, fraction: -50 },
        ],
      },
    });
    expect(keySummary(q)).toBe('3 pilihan · kunci A (33,3 %), B (66,7 %)');
  });

  it('keeps the feedback of Benar and Salah', () => {
    const v = formValuesOf(question({ type: 'true_false', data: { answer: false, feedback_true: 'Bukan.', feedback_false: 'Betul.' } }), 1);
    expect([v.answer, v.feedback_true, v.feedback_false]).toEqual(['false', 'Bukan.', 'Betul.']);
    expect(bodyOf(v)).toMatchObject({ data: { answer: false, feedback_true: 'Bukan.', feedback_false: 'Betul.' } });
    // Without feedback the body is as it always was.
    expect(bodyOf({ ...v, feedback_true: ' ', feedback_false: '' }).data).toEqual({ answer: false });
  });

  it('keeps weighted short answers with a wildcard, and numeric answers with their own tolerances', () => {
    const text = formValuesOf(
      question({
        type: 'short_answer',
        data: { answers: ['router', 'rout*', '*'], tolerance: null, fractions: [100, 50, 0], feedback: ['', 'Hampir.', 'Bukan.'] },
      }),
      1,
    );
    expect(text.answers.map((a) => [a.value, a.fraction, a.feedback])).toEqual([
      ['router', '', ''],
      ['rout*', '50', 'Hampir.'],
      ['*', '0', 'Bukan.'],
    ]);
    expect(bodyOf(text).data).toEqual({
      answers: ['router', 'rout*', '*'],
      tolerance: null,
      fractions: [100, 50, 0],
      feedback: ['', 'Hampir.', 'Bukan.'],
    });

    const numeric = formValuesOf(
      question({
        type: 'short_answer',
        data: { answers: ['3.1415', '3'], tolerance: 0.0005, tolerances: [0.0005, 0.5], fractions: [100, 25] },
      }),
      1,
    );
    expect(numeric.answers.map((a) => [a.value, a.tolerance])).toEqual([
      ['3,1415', ''],
      ['3', '0,5'],
    ]);
    expect(bodyOf(numeric).data).toEqual({ answers: ['3,1415', '3'], tolerance: 0.0005, tolerances: [0.0005, 0.5], fractions: [100, 25] });
    expect(
      keySummary(question({ type: 'short_answer', data: { answers: ['3.1415', '3'], tolerance: 0.0005, tolerances: [0.0005, 0.5] } })),
    ).toBe('Diterima: 3,1415 ± 0,0005 / 3 ± 0,5');
  });

  it('keeps the distractors of a matching question and drops empty ones', () => {
    const q = question({
      type: 'matching',
      data: {
        pairs: [
          { id: 'p1', left: 'Port 80', right: 'HTTP' },
          { id: 'p2', left: 'Port 22', right: 'SSH' },
        ],
        distractors: [{ id: 'd1', text: 'FTP' }],
      },
    });
    const v = formValuesOf(q, 1);
    expect(bodyOf({ ...v, distractors: [...v.distractors, { key: 'n', text: '  ' }] }).data).toEqual(q.data);
    expect(keySummary(q)).toBe('2 pasangan · 1 pengecoh');
  });

  it('opens a plain question with "Pengaturan lanjutan" closed', () => {
    expect(usesAdvanced(base({ type: 'multiple_choice', options: options(['Bus', true], ['Star', false]) }))).toBe(false);
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
