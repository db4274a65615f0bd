/**
 * GIFT as Moodle reads it (issue 41): Moodle's own example and fixture files
 * (test/fixtures/moodle-gift, see its README) read one by one. Each question is either kept as
 * Moodle keeps it — the expectations below are Moodle's own, written in Moodle's terms (qtype,
 * fractions 0…1, feedback, tolerances, subquestions) from question/format/gift/tests/giftformat_test.php
 * and format.php — or what Kelasku cannot keep is named in the question's `notes`. Then: scores
 * with partial credit, export round trips, the import route ($CATEGORY, skipped questions, 10,000
 * questions), the question form's new fields, and feedback in the review.
 */
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { QUESTION_LIMITS, QUESTION_MSG } from '@kelasku/contract';
import { questionCategories, questions } from '../src/db/schema.js';
import { parseGift, writeGift } from '../src/features/question-bank/gift.js';
import { checkCandidates, type ImportedQuestion } from '../src/features/question-bank/import.js';
import { scoreAnswer } from '../src/features/question-bank/scoring.js';
import { useTestApp } from './helpers.js';
import type { TestUser } from './factory.js';
import { createQuiz, quizScene, studentPaths } from './quiz-scene.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/moodle-gift/${name}`, import.meta.url), 'utf8');

/** Reads a GIFT text the way the import does: syntax, then each question checked like a typed-in one. */
const read = (text: string) => {
  const { candidates, problems, skipped } = parseGift(text);
  return checkCandidates(candidates, problems, skipped);
};

/** A question as Moodle's importer describes it (fractions 0…1, feedback '' for none). */
function moodleView(q: ImportedQuestion): Record<string, unknown> {
  const base = { name: q.title, questiontext: q.text, generalfeedback: q.general_feedback ?? '' };
  switch (q.type) {
    case 'essay':
      return { ...base, qtype: 'essay' };
    case 'multiple_choice':
    case 'multiple_answer': {
      const single = q.type === 'multiple_choice';
      return {
        ...base,
        qtype: 'multichoice',
        single: single ? 1 : 0,
        answer: q.data.options.map((o) => o.text),
        fraction: q.data.options.map((o) => (single && o.correct ? 1 : (o.fraction ?? (o.correct ? 100 : 0)) / 100)),
        feedback: q.data.options.map((o) => o.feedback ?? ''),
      };
    }
    case 'true_false':
      return {
        ...base,
        qtype: 'truefalse',
        correctanswer: q.data.answer ? 1 : 0,
        feedbacktrue: q.data.feedback_true ?? '',
        feedbackfalse: q.data.feedback_false ?? '',
      };
    case 'short_answer': {
      const d = q.data;
      const common = {
        answer: d.answers,
        fraction: d.answers.map((_, i) => (d.fractions?.[i] ?? 100) / 100),
        feedback: d.answers.map((_, i) => d.feedback?.[i] ?? ''),
      };
      if (d.tolerance === null) return { ...base, qtype: 'shortanswer', ...common };
      const tolerance = d.answers.map((a, i) => (a === '*' ? '' : (d.tolerances?.[i] ?? d.tolerance)));
      return { ...base, qtype: 'numerical', ...common, tolerance };
    }
    case 'matching': {
      const distractors = q.data.distractors ?? [];
      return {
        ...base,
        qtype: 'match',
        subquestions: [...q.data.pairs.map((p) => p.left), ...distractors.map(() => '')],
        subanswers: [...q.data.pairs.map((p) => p.right), ...distractors.map((x) => x.text)],
      };
    }
  }
}

// Shorthands for the expectations, in Moodle's terms.
const mc = (questiontext: string, answers: Array<[string, number, string?]>, more: Record<string, unknown> = {}) => ({
  name: null,
  questiontext,
  generalfeedback: '',
  qtype: 'multichoice',
  single: answers.some(([, f]) => f === 1) && !('single' in more) ? 1 : 0,
  answer: answers.map(([a]) => a),
  fraction: answers.map(([, f]) => f),
  feedback: answers.map(([, , fb]) => fb ?? ''),
  ...more,
});
const sa = (questiontext: string, answers: Array<[string, number, string?]>, more: Record<string, unknown> = {}) => ({
  name: null,
  questiontext,
  generalfeedback: '',
  qtype: 'shortanswer',
  answer: answers.map(([a]) => a),
  fraction: answers.map(([, f]) => f),
  feedback: answers.map(([, , fb]) => fb ?? ''),
  ...more,
});
const num = (questiontext: string, answers: Array<[string, number, number | '', string?]>, more: Record<string, unknown> = {}) => ({
  name: null,
  questiontext,
  generalfeedback: '',
  qtype: 'numerical',
  answer: answers.map(([a]) => a),
  fraction: answers.map(([, f]) => f),
  feedback: answers.map(([, , , fb]) => fb ?? ''),
  tolerance: answers.map(([, , t]) => t),
  ...more,
});
const tf = (questiontext: string, correctanswer: 0 | 1, more: Record<string, unknown> = {}) => ({
  name: null,
  questiontext,
  generalfeedback: '',
  qtype: 'truefalse',
  correctanswer,
  feedbacktrue: '',
  feedbackfalse: '',
  ...more,
});
const match = (questiontext: string, pairs: Array<[string, string]>, more: Record<string, unknown> = {}) => ({
  name: null,
  questiontext,
  generalfeedback: '',
  qtype: 'match',
  subquestions: pairs.map(([l]) => l),
  subanswers: pairs.map(([, r]) => r),
  ...more,
});

const GRANT = "Who's buried in Grant's tomb?";
const grantChoice = mc(GRANT, [
  ['Grant', 0],
  ['Jefferson', 0],
  ['no one', 1],
]);
const entombed = mc("Grant is _____ in Grant's tomb.", [
  ['buried', 0],
  ['entombed', 1],
  ['living', 0],
]);
const nobody = sa(GRANT, [
  ['no one', 1],
  ['nobody', 1],
]);
const thanksgiving = (text: string) =>
  mc(text, [
    ['second', 0],
    ['third', 0],
    ['fourth', 1],
  ]);
const HTML_NOTE = QUESTION_MSG.giftNoteHtml;

describe("Moodle's examples.txt, question by question", () => {
  const { questions: qs, errors, skipped } = read(fixture('examples.txt'));

  it('reads every question without an error or a skip', () => {
    expect(errors).toEqual([]);
    expect(skipped).toEqual([]);
    expect(qs).toHaveLength(43);
  });

  it('keeps each as Moodle keeps it (type, text, answers with fractions and feedback, tolerances, pairs, names)', () => {
    const expected = [
      // Examples from the class description.
      grantChoice,
      entombed,
      tf("Grant is buried in Grant's tomb.", 0),
      nobody,
      num('When was Ulysses S. Grant born?', [['1822', 1, 1]]),
      // Examples from the documentation: multiple choice.
      grantChoice,
      entombed,
      thanksgiving('The American holiday of Thanksgiving is celebrated on the _____ Thursday of November.'),
      mc('Japanese characters originally came from what country?', [
        ['India', 0],
        ['China', 1],
        ['Korea', 0],
        ['Egypt', 0],
      ]),
      // Short answer, true-false, matching.
      nobody,
      sa('Two plus two equals _____.', [
        ['four', 1],
        ['4', 1],
      ]),
      tf("Grant is buried in Grant's tomb.", 0),
      tf('The sun rises in the east.', 1),
      match('Matching Question.', [
        ['subquestion1', 'subanswer1'],
        ['subquestion2', 'subanswer2'],
        ['subquestion3', 'subanswer3'],
      ]),
      match('Match the following countries with their corresponding capitals.', [
        ['Canada', 'Ottawa'],
        ['Italy', 'Rome'],
        ['Japan', 'Tokyo'],
        ['India', 'New Delhi'],
      ]),
      // Numerical: a range keeps clean decimals (3.1415 ± 0.0005, as {#3.1415:0.0005}).
      num('When was Ulysses S. Grant born?', [['1822', 1, 0]]),
      num('What is the value of pi (to 3 decimal places)? _____.', [['3.1415', 1, 0.0005]]),
      num('What is the value of pi (to 3 decimal places)? _____.', [['3.1415', 1, 0.0005]]),
      num('When was Ulysses S. Grant born?', [
        ['1822', 1, 0],
        ['1822', 0.5, 2],
      ]),
      num("What's 2 plus 2?", [['4', 1, 0]]),
      // Question names.
      sa('Japanese characters originally\ncame from what country?', [['China', 1]], { name: 'Kanji Origins' }),
      {
        ...thanksgiving('The American holiday of Thanksgiving is\ncelebrated on the _____ Thursday of November.'),
        name: 'Thanksgiving Date',
      },
      // Feedback.
      mc("What's the answer to this multiple-choice question?", [
        ['wrong answer', 0, 'feedback comment on the wrong answer'],
        ['another wrong answer', 0, 'feedback comment on this wrong answer'],
        ['right answer', 1, 'Very good!'],
      ]),
      sa(GRANT, [
        ['no one', 1, 'excellent answer!'],
        ['nobody', 1, 'excellent answer!'],
      ]),
      // [markdown]: the marker is gone, the text kept as written.
      sa("Who's buried in **Grant's tomb**?", [
        ['no one', 1, 'excellent answer!'],
        ['nobody', 1, 'excellent answer!'],
      ]),
      // Percentage answer weights; {FALSE#…}: the feedback for the wrong answer (true).
      tf("Grant is buried in Grant's tomb.", 0, { feedbacktrue: "No one is buried in Grant's tomb." }),
      mc('Difficult question.', [
        ['wrong answer', 0],
        ['half credit answer', 0.5],
        ['full credit answer', 1],
      ]),
      mc(
        'Jesus Christ was from _____.',
        [
          ['Jerusalem', 0, 'This was an important city, but the wrong answer.'],
          ['Bethlehem', 0.25, 'He was born here, but not raised here.'],
          ['Galilee', 0.5, 'You need to be more specific.'],
          ['Nazareth', 1, "Yes! That's right!"],
        ],
        { name: "Jesus' hometown" },
      ),
      sa(
        'Jesus Christ was from',
        [
          ['Nazareth', 1, "Yes! That's right!"],
          ['Nazereth', 0.75, 'Right, but misspelled.'],
          ['Bethlehem', 0.25, 'He was born here, but not raised here.'],
        ],
        { name: "Jesus' hometown" },
      ),
      // Multiple answers: no answer starts with =.
      mc(
        "What two people are entombed in Grant's tomb?",
        [
          ['No one', 0],
          ['Grant', 0.5],
          ["Grant's wife", 0.5],
          ["Grant's father", 0],
        ],
        { single: 0 },
      ),
      mc(
        "What two people are entombed in Grant's tomb?",
        [
          ['No one', -0.5],
          ['Grant', 0.5],
          ["Grant's wife", 0.5],
          ["Grant's father", -0.5],
        ],
        { single: 0 },
      ),
      // Special characters.
      mc('Which answer equals 5?', [
        ['= 2 + 2', 0],
        ['= 2 + 3', 1],
        ['= 2 + 4', 0],
      ]),
      mc(
        'Which of the following is NOT a control character for the GIFT import format?',
        [
          ['~', 0, '~ is a control character.'],
          ['=', 0, '= is a control character.'],
          ['#', 0, '# is a control character.'],
          ['{', 0, '{ is a control character.'],
          ['}', 0, '} is a control character.'],
          [
            '\\',
            1,
            'Correct! \\ (backslash) is not a control character. BUT,\n              it is used to escape the control characters. So, to specify\n' +
              '              a literal backslash, you must escape it with a backslash\n              (as shown in this example).',
          ],
        ],
        { name: 'GIFT Control Characters' },
      ),
      // Examples from gift/format.php.
      grantChoice,
      entombed,
      tf("Grant is buried in Grant's tomb.", 0),
      nobody,
      num('When was Ulysses S. Grant born?', [['1822', 1, 5]]),
      match('Match the following countries with their corresponding\ncapitals.', [
        ['Canada', 'Ottawa'],
        ['Italy', 'Rome'],
        ['Japan', 'Tokyo'],
      ]),
      // More complicated examples.
      mc(
        "Grant is _____ in Grant's tomb.",
        [
          ['buried', 0, 'No one is buried there.'],
          ['entombed', 1, 'Right answer!'],
          ['living', 0, 'We hope not!'],
        ],
        { name: "Grant's Tomb" },
      ),
      mc('Difficult multiple choice question.', [
        ['wrong answer', 0, 'comment on wrong answer'],
        ['half credit answer', 0.5, 'comment on answer'],
        ['full credit answer', 1, 'well done!'],
      ]),
      sa(
        'Jesus Christ was from _____.',
        [
          ['Nazareth', 1, "Yes! That's right!"],
          ['Nazereth', 0.75, 'Right, but misspelled.'],
          ['Bethlehem', 0.25, 'He was born here, but not raised here.'],
        ],
        { name: "Jesus' hometown (Short answer ex.)" },
      ),
      num(
        'When was Ulysses S. Grant born?',
        [
          ['1822', 1, 0, 'Correct! 100% credit'],
          ['1822', 0.5, 2, 'He was born in 1822.\n                  You get 50% credit for being close.'],
        ],
        { name: 'Numerical example' },
      ),
    ];
    expect(qs.map(moodleView)).toEqual(expected);
    // Only the Markdown example carries a note: its ** stays as typed.
    expect(qs.filter((q) => q.notes.length > 0).map((q) => [q.line_or_row, q.notes])).toEqual([[108, [QUESTION_MSG.giftNoteMarkdown]]]);
    expect(qs.every((q) => q.category === null)).toBe(true);
  });
});

describe("Moodle's tests/fixtures/questions.gift.txt (the cases of giftformat_test.php)", () => {
  it('keeps each as test_import_* expects; [html] text made plain with a note', () => {
    const { questions: qs, errors, skipped } = read(fixture('questions.gift.txt'));
    expect(errors).toEqual([]);
    expect(skipped).toEqual([]);
    expect(qs.map(moodleView)).toEqual([
      // test_import_essay
      { name: 'Q8', questiontext: 'How are you?', generalfeedback: '', qtype: 'essay' },
      // test_import_match: [html]/[moodle]/[plain]/[markdown] markers gone; "= -> Chat" an unused answer.
      {
        name: 'Moodle activities',
        questiontext: 'Match the activity to the description.',
        generalfeedback: '',
        qtype: 'match',
        subquestions: [
          'An activity supporting asynchronous discussions.',
          'A teacher asks a question and specifies a choice of multiple responses.',
          'A bank of record entries which participants can add to.',
          'A collection of web pages that anyone can add to or edit.',
          '',
        ],
        subanswers: ['Forum', 'Choice', 'Database', 'Wiki', 'Chat'],
      },
      // test_import_multichoice
      {
        ...mc("What's between orange and green in the spectrum?", [
          ['yellow', 1, 'right; good!'],
          ['red', 0, "wrong, it's yellow"],
          ['blue', 0, "wrong, it's yellow"],
        ]),
        name: 'Q2',
      },
      // test_import_multichoice_multi
      {
        ...mc(
          "What's between orange and green in the spectrum?",
          [
            ['yellow', 0.5, 'right; good!'],
            ['red', -1, 'wrong'],
            ['off-beige', 0.5, 'right; good!'],
            ['blue', -1, 'wrong'],
          ],
          { single: 0 },
        ),
        name: 'colours',
      },
      // test_import_numerical (the fixture has `";` after the answers: Moodle's blank and text after it kept)
      {
        ...num('What is a number from 1 to 5? _____";', [
          ['3', 1, 2],
          ['*', 0, '', 'Completely wrong'],
        ]),
        name: 'Q5',
      },
      // test_import_shortanswer
      {
        ...sa('Which is the best animal?', [
          ['Frog', 1, 'Good!'],
          ['Cat', 0.5, 'What is it with Moodlers and cats?'],
          ['*', 0, 'Completely wrong'],
        ]),
        name: 'Shortanswer',
      },
      // test_import_truefalse, with general feedback
      tf('42 is the Absolute Answer to everything._____";', 0, {
        name: 'Q1',
        feedbacktrue: '42 is the Ultimate Answer.',
        feedbackfalse: 'You gave the right answer.',
        generalfeedback: "This is, of course, a Hitchiker's Guide to the Galaxy reference.",
      }),
      // test_import_truefalse_true_answer1 and 2
      tf('TSL is blablabla.', 1, { name: '2-08 TSL' }),
      tf('TSL is blablabla.', 1, { name: '2-08 TSL' }),
    ]);
    expect(qs[1]!.notes).toEqual([HTML_NOTE]);
    expect(qs.filter((q) => q.notes.length > 0)).toHaveLength(1);
  });

  it('reads the other cases of giftformat_test.php: general feedback in [html], backslashes, <pre> content', () => {
    const { questions: qs, errors } = read(
      [
        '::Shortanswer::Which is the best animal?{',
        '    =Frog#Good!',
        '    =%50%Cat#What is it with Moodlers and cats?',
        '    =%0%*#Completely wrong',
        '    ####[html]Here is some general feedback!',
        '}',
        '',
        '::double backslash:: A \\\\ B \\\\\\\\ C{}',
        '',
        '::Q001::[html]<p>What would running the test method print?</p>',
        '<pre>',
        '    public void test() \\{',
        '        method1();',
        '    \\}',
        '</pre>',
        '{}',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
    expect(moodleView(qs[0]!)).toMatchObject({ generalfeedback: 'Here is some general feedback!', fraction: [1, 0.5, 0] });
    expect(qs[1]).toMatchObject({ title: 'double backslash', text: 'A \\ B \\\\ C', type: 'essay' });
    expect(qs[2]).toMatchObject({
      title: 'Q001',
      type: 'essay',
      text: 'What would running the test method print?\n\n    public void test() {\n        method1();\n    }',
      notes: [HTML_NOTE],
    });
  });
});

describe("Moodle's tests/fixtures/questions_in_category.gift.txt", () => {
  it('puts every question under $CATEGORY (its last segment), HTML made plain with a note', () => {
    const { questions: qs, errors, skipped } = read(fixture('questions_in_category.gift.txt'));
    expect(errors).toEqual([]);
    expect(skipped).toEqual([]);
    expect(qs.map((q) => q.category)).toEqual(Array(4).fill('Default for New Features'));
    expect(qs.map(moodleView)).toEqual([
      {
        ...match('Match the activity to the description.', [
          ['An activity supporting asynchronous discussions.', 'Forum'],
          ['A teacher asks a question and specifies a choice of multiple responses.', 'Choice'],
          ['A bank of record entries which participants can add to.', 'Database'],
          ['A collection of web pages that anyone can add to or edit.', 'Wiki'],
          ['', 'Chat'],
        ]),
        name: 'Moodle activities',
      },
      {
        ...mc('Listen to this greeting:\n\nWhat language is being spoken?', [
          ['English', 0, 'Sorry, listen again.'],
          ['French', 1, 'Yes, well done!'],
          ['German', 0, 'Sorry, listen again.'],
          ['Spanish', 0, 'Sorry, listen again.'],
        ]),
        name: 'Greeting',
      },
      { ...sa('Anyone who uses Moodle is a ...', [['Moodler', 1]]), name: 'Moodle user' },
      tf('Moodle is an acronym for Modular Object-Oriented Dynamic Learning Environment.', 1, { name: 'Moodle acronym' }),
    ]);
    // The link of "Greeting" and the <span> of "Moodle acronym" are gone: named in their notes.
    expect(qs.map((q) => q.notes)).toEqual([[], [HTML_NOTE], [], [HTML_NOTE]]);
  });
});

describe('export round trip over Moodle’s examples', () => {
  const strip = (qs: ImportedQuestion[]) =>
    qs.map(({ line_or_row: _l, notes: _n, category: _c, ...q }) => JSON.parse(JSON.stringify(q, (k, v) => (k === 'id' ? undefined : v))));

  it.each(['examples.txt', 'questions.gift.txt', 'questions_in_category.gift.txt'])('%s: read(write(q)) equals q', (name) => {
    const first = read(fixture(name));
    const written = writeGift('Contoh Moodle', first.questions);
    const again = read(written);
    expect(again.errors).toEqual([]);
    expect(again.skipped).toEqual([]);
    expect(strip(again.questions)).toEqual(strip(first.questions));
    expect(again.questions.map((q) => q.notes)).toEqual(again.questions.map(() => []));
  });
});

describe('scores with the credits Moodle gives', () => {
  const { questions: ex } = read(fixture('examples.txt'));
  const { questions: fx } = read(fixture('questions.gift.txt'));
  const at = (qs: ImportedQuestion[], line: number) => qs.find((q) => q.line_or_row === line)!;
  const score = (q: ImportedQuestion, answer: unknown) => scoreAnswer({ type: q.type, points: 4, data: q.data }, answer);
  const option = (q: ImportedQuestion, text: string) => ('options' in q.data ? q.data.options.find((o) => o.text === text)!.id : '');

  it('single choice with partial credit: the right answer all points, the half option half', () => {
    const q = at(ex, 115);
    expect(q.type).toBe('multiple_choice');
    expect(score(q, { option: option(q, 'full credit answer') })).toBe(4);
    expect(score(q, { option: option(q, 'half credit answer') })).toBe(2);
    expect(score(q, { option: option(q, 'wrong answer') })).toBe(0);
    const jesus = at(ex, 117);
    expect(score(jesus, { option: option(jesus, 'Bethlehem') })).toBe(1);
    expect(score(jesus, { option: option(jesus, 'Nazareth') })).toBe(4);
  });

  it('multiple answer: the sum of the chosen credits, clamped to 0…100 %', () => {
    const colours = fx[3]!;
    const pick = (...texts: string[]) => score(colours, { options: texts.map((t) => option(colours, t)) });
    expect(pick('yellow', 'off-beige')).toBe(4);
    expect(pick('yellow')).toBe(2);
    expect(pick('yellow', 'red')).toBe(0);
    expect(pick('yellow', 'off-beige', 'red', 'blue')).toBe(0);
    const two = at(ex, 136);
    const pick2 = (...texts: string[]) => score(two, { options: texts.map((t) => option(two, t)) });
    expect(pick2('Grant', "Grant's wife")).toBe(4);
    expect(pick2('Grant', "Grant's wife", "Grant's father")).toBe(2);
    expect(pick2('Grant', 'No one')).toBe(0);
  });

  it('short answers: the first matching answer’s credit, case-insensitive, * a wildcard', () => {
    const animal = fx[5]!;
    expect(score(animal, { text: ' frog ' })).toBe(4);
    expect(score(animal, { text: 'CAT' })).toBe(2);
    expect(score(animal, { text: 'dog' })).toBe(0);
    const [wild] = read('Ibu kota Indonesia? {=Jak*rta =%50%*karta#Hampir}').questions;
    expect(score(wild!, { text: 'jakarta' })).toBe(4);
    expect(score(wild!, { text: 'JAKRTA' })).toBe(4);
    expect(score(wild!, { text: 'Yogyakarta' })).toBe(2);
    expect(score(wild!, { text: 'Bandung' })).toBe(0);
    expect(score(wild!, { text: '' })).toBe(0);
  });

  it('numbers: several answers with their tolerances and credits, ranges, a catch-all', () => {
    const grant = at(ex, 76);
    expect(score(grant, { text: '1822' })).toBe(4);
    expect(score(grant, { text: '1824' })).toBe(2);
    expect(score(grant, { text: '1825' })).toBe(0);
    const pi = at(ex, 74);
    expect(score(pi, { text: '3,141' })).toBe(4);
    expect(score(pi, { text: '3.142' })).toBe(4);
    expect(score(pi, { text: '3.143' })).toBe(0);
    const q5 = fx[4]!;
    expect(score(q5, { text: '5' })).toBe(4);
    expect(score(q5, { text: '6' })).toBe(0);
  });
});

// ---------------------------------------------------------------- routes

const t = useTestApp();
let teacher: TestUser;
const base = '/api/teacher/question-categories';
const giftFile = (text: string, name = 'soal.gift') => ({ file: { name, data: Buffer.from(text, 'utf8'), type: 'text/plain' } });

beforeAll(async () => {
  teacher = await t.factory.teacher();
});

describe('POST /question-categories/:id/import with Moodle files', () => {
  it('previews title, feedback, category and notes; saves under $CATEGORY, made once and reused', async () => {
    const cat = await t.factory.questionCategory(teacher.id);
    const as = t.as(teacher.token);
    const file = giftFile(fixture('questions_in_category.gift.txt'), 'moodle.txt');
    const preview = await as.upload('POST', `${base}/${cat.id}/import?preview=1`, {}, file);
    expect(preview.status).toBe(200);
    expect(preview.body.data.errors).toEqual([]);
    expect(preview.body.data.skipped).toEqual([]);
    expect(preview.body.data.questions[1]).toMatchObject({
      line_or_row: 14,
      type: 'multiple_choice',
      title: 'Greeting',
      general_feedback: null,
      category: 'Default for New Features',
      notes: [HTML_NOTE],
    });
    for (let round = 1; round <= 2; round++) {
      const saved = await as.upload('POST', `${base}/${cat.id}/import`, {}, file);
      expect(saved.status, JSON.stringify(saved.body)).toBe(201);
      expect(saved.body).toMatchObject({ message: '4 soal berhasil diimpor', data: { created: 4, skipped: [] } });
      const named = await t.db.select().from(questionCategories).where(eq(questionCategories.teacherId, teacher.id));
      const target = named.filter((c) => c.name === 'Default for New Features');
      expect(target).toHaveLength(1);
      expect(await t.db.select().from(questions).where(eq(questions.categoryId, target[0]!.id))).toHaveLength(4 * round);
      expect(await t.db.select().from(questions).where(eq(questions.categoryId, cat.id))).toHaveLength(0);
    }
    const list = await as.get(`${base}`);
    const made = list.body.data.find((c: { name: string }) => c.name === 'Default for New Features');
    const items = (await as.get(`${base}/${made.id}/questions?per_page=100`)).body.data.items;
    expect(items[0]).toMatchObject({ title: 'Moodle activities', type: 'matching' });
    expect(items[0].data.distractors).toEqual([{ id: expect.stringMatching(/^[A-Za-z0-9_-]{8}$/), text: 'Chat' }]);
  });

  it('names what Kelasku cannot hold (a description, a cloze) and imports the rest; the export keeps title and feedback', async () => {
    const cat = await t.factory.questionCategory(teacher.id);
    const as = t.as(teacher.token);
    const text = [
      '::Petunjuk:: Bacalah teks berikut dengan saksama.', // 1: a description
      '',
      '::Q5:: What is a number from 1 to 5? {#3:2~#Completely wrong}', // 3
      '',
      'Ibu kota {=Jakarta ~Bandung} dan kota {=Surabaya ~Malang}.', // 5: cloze
      '',
      '::Q1:: 42?{FALSE#Salah.#Benar.####Referensi.}', // 7
    ].join('\n');
    const preview = await as.upload('POST', `${base}/${cat.id}/import?preview=1`, {}, giftFile(text));
    expect(preview.body.data.errors).toEqual([]);
    expect(preview.body.data.skipped).toEqual([
      { line_or_row: 1, message: `Baris 1: ${QUESTION_MSG.giftSkipDescription}` },
      { line_or_row: 5, message: `Baris 5: ${QUESTION_MSG.giftSkipCloze}` },
    ]);
    expect(preview.body.data.questions.map((q: { line_or_row: number }) => q.line_or_row)).toEqual([3, 7]);
    const saved = await as.upload('POST', `${base}/${cat.id}/import`, {}, giftFile(text));
    expect(saved.status).toBe(201);
    expect(saved.body.message).toBe('2 soal berhasil diimpor, 2 dilewati');
    expect(saved.body.data).toEqual({ created: 2, skipped: preview.body.data.skipped });
    const items = (await as.get(`${base}/${cat.id}/questions`)).body.data.items;
    expect(items[1]).toMatchObject({
      title: 'Q1',
      general_feedback: 'Referensi.',
      data: { answer: false, feedback_true: 'Salah.', feedback_false: 'Benar.' },
    });
    const gift = (await as.get(`${base}/${cat.id}/export.gift`)).raw.body as string;
    expect(gift).toContain('::Q1::42? {FALSE#Salah.#Benar.####Referensi.}');
    expect(gift).toContain('::Q5::What is a number from 1 to 5? {#\n\t=%100%3:2\n\t=%0%*#Completely wrong\n}');
  });

  it('refuses a GIFT of 10,000 questions quickly, reading no further than the limit', async () => {
    const text = Array.from({ length: 10_000 }, (_, i) => `::S${i}:: Soal nomor ${i} benar? {T#Salah.#Benar.}`).join('\n\n');
    const read = parseGift(text, QUESTION_LIMITS.importQuestions + 1);
    expect(read.truncated).toBe(true);
    expect(read.candidates).toHaveLength(QUESTION_LIMITS.importQuestions + 1);
    const cat = await t.factory.questionCategory(teacher.id);
    const started = performance.now();
    const res = await t.as(teacher.token).upload('POST', `${base}/${cat.id}/import?preview=1`, {}, giftFile(text));
    const ms = performance.now() - started;
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(QUESTION_MSG.importTooMany);
    expect(ms).toBeLessThan(3_000);
  });
});

describe('the question form: title, general feedback and the credits', () => {
  it('saves and edits title and general feedback; an edit without them keeps them', async () => {
    const cat = await t.factory.questionCategory(teacher.id);
    const as = t.as(teacher.token);
    const body = {
      type: 'multiple_choice',
      title: '  Ohm  ',
      general_feedback: 'V = I × R',
      text: 'Satuan hambatan?',
      data: {
        options: [
          { text: 'Ohm', correct: true, feedback: 'Tepat.' },
          { text: 'Volt', correct: false, fraction: 25, feedback: 'Itu satuan tegangan.' },
        ],
      },
    };
    const created = await as.post(`${base}/${cat.id}/questions`, body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({ title: 'Ohm', general_feedback: 'V = I × R' });
    expect(created.body.data.data.options[1]).toMatchObject({ fraction: 25, feedback: 'Itu satuan tegangan.' });
    const id = created.body.data.id;
    const { title: _t, general_feedback: _g, ...withoutThem } = body;
    expect((await as.put(`/api/teacher/questions/${id}`, withoutThem)).body.data).toMatchObject({
      title: 'Ohm',
      general_feedback: 'V = I × R',
    });
    const cleared = await as.put(`/api/teacher/questions/${id}`, { ...body, title: '', general_feedback: null });
    expect(cleared.body.data).toMatchObject({ title: null, general_feedback: null });
  });

  it.each([
    [
      'an option credit over 100',
      { type: 'multiple_answer', data: { options: [{ text: 'a', correct: true, fraction: 150 }, { text: 'b' }] } },
      'data.options.0.fraction',
      QUESTION_MSG.optionFractionRange,
    ],
    [
      'an answer credit below 0',
      { type: 'short_answer', data: { answers: ['a'], tolerance: null, fractions: [-5] } },
      'data.fractions.0',
      QUESTION_MSG.answerFractionRange,
    ],
    [
      'lists not aligned with the answers',
      { type: 'short_answer', data: { answers: ['a', 'b'], tolerance: null, feedback: ['x'] } },
      'data.feedback',
      QUESTION_MSG.answersAligned,
    ],
    [
      'a feedback too long',
      { type: 'true_false', data: { answer: true, feedback_true: 'x'.repeat(5_001) } },
      'data.feedback_true',
      QUESTION_MSG.feedbackMax,
    ],
    [
      'a distractor equal to a right-hand answer',
      {
        type: 'matching',
        data: {
          pairs: [
            { left: 'a', right: 'x' },
            { left: 'b', right: 'y' },
          ],
          distractors: [{ text: 'X' }],
        },
      },
      'data.distractors.0.text',
      QUESTION_MSG.pairRightDuplicate,
    ],
  ])('refuses %s with its message', async (_what, over, field, message) => {
    const cat = await t.factory.questionCategory(teacher.id);
    const res = await t.as(teacher.token).post(`${base}/${cat.id}/questions`, { text: 'Soal', ...over });
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toEqual([message]);
  });
});

describe('feedback in the review', () => {
  it('shows the answer’s feedback and the general feedback only where the review is visible', async () => {
    const s = await quizScene(t);
    const as = t.as(s.teacher.token);
    const post = async (body: Record<string, unknown>) =>
      (await as.post(`${base}/${s.category.id}/questions`, body)).body.data.id as number;
    const choice = await post({
      type: 'multiple_choice',
      text: 'Difficult question.',
      points: 4,
      general_feedback: 'Moodle example.',
      data: {
        options: [
          { text: 'wrong answer', correct: false },
          { text: 'half credit answer', correct: false, fraction: 50, feedback: 'comment on answer' },
          { text: 'full credit answer', correct: true, feedback: 'well done!' },
        ],
      },
    });
    const short = await post({
      type: 'short_answer',
      text: 'Which is the best animal?',
      data: { answers: ['Frog', 'Cat', '*'], tolerance: null, fractions: [100, 50, 0], feedback: ['Good!', 'Cats?', 'Completely wrong'] },
    });
    for (const showReview of [true, false]) {
      const quizId = await createQuiz(t, s, { show_review: showReview, slots: [{ question_id: choice }, { question_id: short }] });
      const p = studentPaths(s, quizId);
      const a = (await t.as(s.student.token).post(p.attempts)).body.data;
      const mcq = a.questions.find((q: { id: number }) => q.id === choice);
      const half = mcq.options.find((o: { text: string }) => o.text === 'half credit answer').id;
      expect((await t.as(s.student.token).put(p.answer(a.id, choice), { answer: { option: half } })).status).toBe(200);
      expect((await t.as(s.student.token).put(p.answer(a.id, short), { answer: { text: 'dog' } })).status).toBe(200);
      expect((await t.as(s.student.token).post(p.submit(a.id))).status).toBe(200);
      const review = (await t.as(s.student.token).get(p.review(a.id))).body.data;
      const [rc, rs] = [choice, short].map((id) => review.questions.find((q: { id: number }) => q.id === id));
      if (showReview) {
        expect(review.score).toBe(2);
        expect(rc).toMatchObject({ points_awarded: 2, answer_feedback: 'comment on answer', general_feedback: 'Moodle example.' });
        expect(rs).toMatchObject({ points_awarded: 0, answer_feedback: 'Completely wrong', general_feedback: null });
      } else {
        for (const q of [rc, rs]) {
          expect(q).not.toHaveProperty('answer_feedback');
          expect(q).not.toHaveProperty('general_feedback');
        }
        expect(JSON.stringify(review)).not.toContain('comment on answer');
        expect(JSON.stringify(review)).not.toContain('Moodle example.');
      }
    }
  });
});

describe('matching with an unused answer in an attempt', () => {
  it('shows the unused answer in the right-hand list; choosing it is wrong; the key names only the pairs', async () => {
    const s = await quizScene(t);
    const created = await t.as(s.teacher.token).post(`${base}/${s.category.id}/questions`, {
      type: 'matching',
      text: 'Match the activity to the description.',
      points: 2,
      data: {
        pairs: [
          { left: 'Asynchronous discussions', right: 'Forum' },
          { left: 'A bank of record entries', right: 'Database' },
        ],
        distractors: [{ text: 'Chat' }],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const question = created.body.data;
    const quizId = await createQuiz(t, s, { show_review: true, slots: [{ question_id: question.id }] });
    const p = studentPaths(s, quizId);
    const a = (await t.as(s.student.token).post(p.attempts)).body.data;
    const shown = a.questions[0];
    expect(shown.left.map((l: { text: string }) => l.text).sort()).toEqual(['A bank of record entries', 'Asynchronous discussions']);
    expect(shown.right.map((r: { text: string }) => r.text).sort()).toEqual(['Chat', 'Database', 'Forum']);
    const right = (text: string) => shown.right.find((r: { text: string }) => r.text === text).id;
    const [forum, bank] = question.data.pairs.map((x: { id: string }) => x.id);
    const answer = { matches: { [forum]: right('Forum'), [bank]: right('Chat') } };
    const saved = await t.as(s.student.token).put(p.answer(a.id, question.id), { answer });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await t.as(s.student.token).get(p.attempt(a.id))).body.data.answers[String(question.id)]).toEqual(answer);
    expect((await t.as(s.student.token).post(p.submit(a.id))).status).toBe(200);
    const review = (await t.as(s.student.token).get(p.review(a.id))).body.data.questions[0];
    expect(review.points_awarded).toBe(1);
    expect(review.key.matches).toEqual({ [forum]: right('Forum'), [bank]: right('Database') });
  });
});
