import { z } from 'zod';
import { MB } from '../limits.js';
import { idParam } from '../fields.js';

/*
 * The question bank (Bank Soal) of docs/features/quizzes.md: the question types with their keys
 * (`questions.data`), the students' answers by type, and the bank's requests and replies.
 */

/** Messages of the question bank and its imports. */
export const QUESTION_MSG = {
  categoryCreated: 'Kategori berhasil ditambahkan',
  categoryUpdated: 'Kategori berhasil diperbarui',
  categoryDeleted: 'Kategori beserta soalnya berhasil dihapus',
  categoryNameRequired: 'Nama kategori wajib diisi.',
  categoryNameMax: 'Nama kategori maksimal 100 karakter.',
  categoryNameTaken: 'Nama kategori sudah dipakai.',
  categoryInUse: 'Kategori ini tidak dapat dihapus karena soalnya dipakai di kuis atau sudah dijawab siswa.',
  categoryNotFound: 'Kategori tidak ditemukan.',
  questionCreated: 'Soal berhasil ditambahkan',
  questionUpdated: 'Soal berhasil diperbarui',
  questionDeleted: 'Soal berhasil dihapus',
  questionInUse: 'Soal ini tidak dapat dihapus karena dipakai di kuis atau sudah dijawab siswa.',
  typeInvalid: 'Jenis soal tidak dikenal.',
  textRequired: 'Teks soal wajib diisi.',
  textMax: 'Teks soal maksimal 5.000 karakter.',
  titleMax: 'Judul soal maksimal 255 karakter.',
  generalFeedbackMax: 'Umpan balik umum maksimal 5.000 karakter.',
  pointsRange: 'Poin harus bilangan bulat 1 sampai 100.',
  optionsCount: 'Buat 2 sampai 10 pilihan jawaban.',
  optionTextRequired: 'Teks pilihan jawaban wajib diisi.',
  optionTextMax: 'Teks pilihan jawaban maksimal 1.000 karakter.',
  optionCorrectInvalid: 'Tandai setiap pilihan benar atau salah.',
  idInvalid: 'Id pilihan tidak valid.',
  idDuplicate: 'Id pilihan tidak boleh sama.',
  oneCorrect: 'Pilih tepat satu jawaban benar.',
  someCorrect: 'Pilih minimal satu jawaban benar.',
  trueFalse: 'Pilih jawaban Benar atau Salah.',
  answersCount: 'Isi 1 sampai 20 jawaban yang diterima.',
  answerRequired: 'Jawaban yang diterima tidak boleh kosong.',
  answerMax: 'Jawaban yang diterima maksimal 1.000 karakter.',
  answerNumber: 'Dengan toleransi, setiap jawaban yang diterima harus berupa angka.',
  toleranceInvalid: 'Toleransi harus angka 0 atau lebih.',
  pairsCount: 'Buat 2 sampai 10 pasangan.',
  pairTextRequired: 'Kedua sisi pasangan wajib diisi.',
  pairTextMax: 'Teks pasangan maksimal 1.000 karakter.',
  pairRightDuplicate: 'Sisi kanan pasangan tidak boleh sama.',
  essayAnswerMax: 'Jawaban maksimal 20.000 karakter.',
  imageSaved: 'Gambar soal berhasil disimpan',
  imageRemoved: 'Gambar soal dihapus',
  imageType: 'Gambar soal harus berformat JPEG, PNG, GIF, atau WebP.',
  imageTooLarge: 'Ukuran gambar soal maksimal 5 MB.',
  imported: (n: number) => `${n} soal berhasil diimpor`,
  importFileType: 'Unggah file GIFT (.gift atau .txt) atau Excel (.xlsx).',
  importTooLarge: 'Ukuran file impor maksimal 5 MB.',
  importEmpty: 'File tidak berisi soal.',
  importTooMany: 'Paling banyak 1.000 soal dalam satu impor.',
  importHasErrors: 'Tidak ada soal yang disimpan. Perbaiki kesalahan di file lalu unggah lagi.',
  importNotText: 'File GIFT harus berupa teks UTF-8.',
  importSheetUnreadable: 'File Excel tidak dapat dibaca. Gunakan template dari tombol "Unduh Template".',
  typeLocked: 'Jenis soal yang sudah dijawab siswa tidak dapat diubah. Buat soal baru untuk jenis lain.',
  /** An import's problem on one line (GIFT) or row (XLSX). */
  atLine: (line: number, message: string) => `Baris ${line}: ${message}`,
  giftUnclosed: 'Kurung kurawal { belum ditutup.',
  giftBrace: 'Kurung kurawal { } tidak seimbang. Tulis \\{ atau \\} untuk tanda kurung biasa.',
  giftTitleUnclosed: 'Judul ::…:: belum ditutup.',
  giftNoAnswer: 'Bagian jawaban { } tidak ditemukan.',
  giftBadAnswer: 'Setiap jawaban harus diawali = (benar) atau ~ (salah).',
  giftNoCorrect: 'Jawaban benar tidak ditemukan.',
  giftPair: 'Tulis setiap pasangan sebagai =kiri -> kanan.',
  giftNumber: 'Jawaban angka tidak valid. Contoh: {#3,14:0,01} atau {#1..5}.',
  giftTolerances: 'Semua jawaban angka harus memakai toleransi yang sama.',
  giftPartial: 'Nilai sebagian (%50%) hanya dapat dipakai pada pilihan ganda.',
  giftNoteHtml: 'Teks berformat HTML diubah menjadi teks biasa (tag HTML dan tautan dibuang).',
  giftNoteMarkdown: 'Teks berformat Markdown disimpan apa adanya (tanda ** dan sejenisnya tetap tampil).',
  giftSkipDescription: 'Dilewati: deskripsi tanpa bagian jawaban { } bukan soal.',
  giftSkipCloze: 'Dilewati: soal dengan beberapa bagian jawaban { } (cloze) belum dapat disimpan.',
  importedSkipped: (n: number, skipped: number) => `${n} soal berhasil diimpor, ${skipped} dilewati`,
  optionFractionRange: 'Nilai pilihan harus angka -100 sampai 100 (persen).',
  answerFractionRange: 'Nilai jawaban harus angka 0 sampai 100 (persen).',
  feedbackMax: 'Umpan balik jawaban maksimal 5.000 karakter.',
  answersAligned: 'Nilai, toleransi, dan umpan balik harus ada satu untuk setiap jawaban yang diterima.',
  distractorsCount: 'Paling banyak 10 jawaban pengecoh.',
  sheetNoHeader: 'Baris judul kolom tidak ditemukan. Baris pertama harus memuat kolom Jenis dan Pertanyaan.',
  sheetKeyLetter: 'Kunci harus huruf pilihan yang benar (A sampai J), misalnya "B" atau "A, C".',
  sheetKeyEmptyOption: (letter: string) => `Kunci ${letter} menunjuk pilihan yang kosong.`,
  sheetTrueFalse: 'Kunci soal Benar/Salah harus "Benar" atau "Salah".',
  sheetPair: 'Tulis setiap pasangan sebagai "kiri -> kanan".',
} as const;

export const QUESTION_LIMITS = {
  textMax: 5_000,
  titleMax: 255,
  optionTextMax: 1_000,
  optionsMin: 2,
  optionsMax: 10,
  answersMax: 20,
  pointsMin: 1,
  pointsMax: 100,
  essayAnswerMax: 20_000,
  imageBytes: 5 * MB,
  importBytes: 5 * MB,
  importQuestions: 1_000,
  categoryNameMax: 100,
  perPageMax: 100,
} as const;

/** The image types a question may hold (sniffed by content). */
export const QUESTION_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

export const QUESTION_TYPES = ['multiple_choice', 'multiple_answer', 'true_false', 'short_answer', 'matching', 'essay'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** Names of the types as the screens show them. */
export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  multiple_choice: 'Pilihan ganda',
  multiple_answer: 'Pilihan ganda kompleks',
  true_false: 'Benar/Salah',
  short_answer: 'Isian singkat',
  matching: 'Menjodohkan',
  essay: 'Uraian',
};

/**
 * Option and pair ids as a client sends them back: the server makes 8 url-safe characters; any short
 * url-safe id is kept (older or imported keys may hold others).
 */
export const ITEM_ID_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

/** "3,14" or " 3.14 " as a number (a comma is a decimal point); null when it is not a plain number. */
export function parseNumberAnswer(v: string): number | null {
  const s = v.trim().replace(',', '.');
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

// ---------------------------------------------------------------- keys (`questions.data`) as stored

/*
 * Issue 41 (GIFT as Moodle reads it) adds optional fields; a key without them scores as before.
 * - an option's `fraction`: the credit for choosing it, in percent −100…100 (GIFT `%50%`). Without
 *   one: 100 for a correct option and 0 for another (multiple_choice); a multiple_answer question
 *   none of whose options has a fraction keeps the rule (right − wrong) / correct.
 * - `feedback`: GIFT's per-answer `#…`, shown in the review with the answer it belongs to.
 * - a short answer's `fractions` (percent per accepted answer, default 100), `tolerances` (per
 *   numeric answer, default `tolerance`) and `feedback` (per answer, '' for none), index by index
 *   with `answers`; an accepted answer `*` matches anything (Moodle's catch-all, and a wildcard
 *   inside a text answer).
 * - matching's `distractors`: right-hand answers that belong to no pair (GIFT `=->distractor`).
 */
export const choiceOption = z.object({
  id: z.string(),
  text: z.string(),
  correct: z.boolean(),
  fraction: z.number().optional(),
  feedback: z.string().optional(),
});
export const choiceData = z.object({ options: z.array(choiceOption) });
export const trueFalseData = z.object({ answer: z.boolean(), feedback_true: z.string().optional(), feedback_false: z.string().optional() });
export const shortAnswerData = z.object({
  answers: z.array(z.string()),
  tolerance: z.number().nullable(),
  fractions: z.array(z.number()).optional(),
  tolerances: z.array(z.number()).optional(),
  feedback: z.array(z.string()).optional(),
});
export const matchingPair = z.object({ id: z.string(), left: z.string(), right: z.string() });
export const matchingDistractor = z.object({ id: z.string(), text: z.string() });
export const matchingData = z.object({ pairs: z.array(matchingPair), distractors: z.array(matchingDistractor).optional() });
export const essayData = z.object({});

export type ChoiceOption = z.infer<typeof choiceOption>;
export type ChoiceData = z.infer<typeof choiceData>;
export type TrueFalseData = z.infer<typeof trueFalseData>;
export type ShortAnswerData = z.infer<typeof shortAnswerData>;
export type MatchingPair = z.infer<typeof matchingPair>;
export type MatchingData = z.infer<typeof matchingData>;
export type EssayData = z.infer<typeof essayData>;

/** A question's type with its key, as stored and as the teacher gets it. */
export type QuestionKey =
  | { type: 'multiple_choice'; data: ChoiceData }
  | { type: 'multiple_answer'; data: ChoiceData }
  | { type: 'true_false'; data: TrueFalseData }
  | { type: 'short_answer'; data: ShortAnswerData }
  | { type: 'matching'; data: MatchingData }
  | { type: 'essay'; data: EssayData };
export type QuestionData = QuestionKey['data'];

// ---------------------------------------------------------------- students' answers by type

const essayText = z.string().max(QUESTION_LIMITS.essayAnswerMax, QUESTION_MSG.essayAnswerMax);

/** A student's answer to a question of each type (what `PUT …/answers/:questionId` takes as `answer`). */
export const answerSchemas = {
  multiple_choice: z.object({ option: z.string().max(50) }),
  multiple_answer: z.object({ options: z.array(z.string().max(50)).max(QUESTION_LIMITS.optionsMax) }),
  true_false: z.object({ value: z.boolean() }),
  short_answer: z.object({ text: z.string().max(QUESTION_LIMITS.optionTextMax) }),
  matching: z.object({ matches: z.record(z.string().max(50), z.string().max(50)) }),
  essay: z.object({ text: essayText }),
} as const;

export type ChoiceAnswer = z.infer<(typeof answerSchemas)['multiple_choice']>;
export type MultipleAnswer = z.infer<(typeof answerSchemas)['multiple_answer']>;
export type TrueFalseAnswer = z.infer<(typeof answerSchemas)['true_false']>;
export type TextAnswer = z.infer<(typeof answerSchemas)['short_answer']>;
export type MatchingAnswer = z.infer<(typeof answerSchemas)['matching']>;
export type EssayAnswer = z.infer<(typeof answerSchemas)['essay']>;
export type Answer = ChoiceAnswer | MultipleAnswer | TrueFalseAnswer | TextAnswer | MatchingAnswer | EssayAnswer;
/** The answer to a question of type T. */
export type AnswerOf<T extends QuestionType> = z.infer<(typeof answerSchemas)[T]>;

// ---------------------------------------------------------------- question bodies (teacher)

const trim = (v: unknown) => (typeof v === 'string' ? v.trim() : v);
const text = (max: number, required: string, tooLong: string) =>
  z.preprocess(trim, z.string({ error: required }).min(1, { error: required, abort: true }).max(max, tooLong));

const itemId = z.string({ error: QUESTION_MSG.idInvalid }).regex(ITEM_ID_PATTERN, QUESTION_MSG.idInvalid).optional();

const pointsField = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? 1 : typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
  z
    .number({ error: QUESTION_MSG.pointsRange })
    .int(QUESTION_MSG.pointsRange)
    .min(QUESTION_LIMITS.pointsMin, QUESTION_MSG.pointsRange)
    .max(QUESTION_LIMITS.pointsMax, QUESTION_MSG.pointsRange),
);

/** Ids sent back must not repeat (new items come without one). */
function uniqueIds(items: Array<{ id?: string | undefined }>, ctx: z.RefinementCtx, key: string) {
  const seen = new Set<string>();
  items.forEach((item, i) => {
    if (item.id === undefined) return;
    if (seen.has(item.id)) ctx.addIssue({ code: 'custom', path: [key, i, 'id'], message: QUESTION_MSG.idDuplicate });
    seen.add(item.id);
  });
}

/** Issue 41: a credit in percent (GIFT `%50%`). */
const fractionField = (min: number, message: string) => z.number({ error: message }).min(min, message).max(100, message);
/** Issue 41: per-answer feedback (GIFT `#…`); blank is none. */
const feedbackField = z.preprocess(
  trim,
  z.string({ error: QUESTION_MSG.feedbackMax }).max(QUESTION_LIMITS.textMax, QUESTION_MSG.feedbackMax),
);

const optionInput = z.object({
  id: itemId,
  text: text(QUESTION_LIMITS.optionTextMax, QUESTION_MSG.optionTextRequired, QUESTION_MSG.optionTextMax),
  correct: z.boolean({ error: QUESTION_MSG.optionCorrectInvalid }).default(false),
  fraction: fractionField(-100, QUESTION_MSG.optionFractionRange).optional(),
  feedback: feedbackField.optional(),
});
const optionsInput = z
  .array(optionInput, { error: QUESTION_MSG.optionsCount })
  .min(QUESTION_LIMITS.optionsMin, QUESTION_MSG.optionsCount)
  .max(QUESTION_LIMITS.optionsMax, QUESTION_MSG.optionsCount);

const choiceDataInput = (exactlyOne: boolean) =>
  z.object({ options: optionsInput }, { error: QUESTION_MSG.optionsCount }).superRefine((d, ctx) => {
    uniqueIds(d.options, ctx, 'options');
    const correct = d.options.filter((o) => o.correct).length;
    // With credits (GIFT), a single-choice question may hold several full-credit options, as Moodle allows.
    const credits = d.options.some((o) => o.fraction !== undefined);
    if (exactlyOne && !credits ? correct !== 1 : correct < 1) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: exactlyOne ? QUESTION_MSG.oneCorrect : QUESTION_MSG.someCorrect });
    }
  });

const trueFalseDataInput = z.object(
  {
    answer: z.boolean({ error: QUESTION_MSG.trueFalse }),
    feedback_true: feedbackField.optional(),
    feedback_false: feedbackField.optional(),
  },
  { error: QUESTION_MSG.trueFalse },
);

const toleranceField = z.preprocess(
  (v) => (v === undefined || v === '' ? null : typeof v === 'string' ? (parseNumberAnswer(v) ?? v) : v),
  z
    .number({ error: QUESTION_MSG.toleranceInvalid })
    .min(0, QUESTION_MSG.toleranceInvalid)
    .max(1e9, QUESTION_MSG.toleranceInvalid)
    .nullable(),
);

const shortAnswerDataInput = z
  .object(
    {
      answers: z
        .array(text(QUESTION_LIMITS.optionTextMax, QUESTION_MSG.answerRequired, QUESTION_MSG.answerMax), {
          error: QUESTION_MSG.answersCount,
        })
        .min(1, QUESTION_MSG.answersCount)
        .max(QUESTION_LIMITS.answersMax, QUESTION_MSG.answersCount),
      tolerance: toleranceField,
      fractions: z.array(fractionField(0, QUESTION_MSG.answerFractionRange), { error: QUESTION_MSG.answersAligned }).optional(),
      tolerances: z
        .array(
          z.number({ error: QUESTION_MSG.toleranceInvalid }).min(0, QUESTION_MSG.toleranceInvalid).max(1e9, QUESTION_MSG.toleranceInvalid),
          {
            error: QUESTION_MSG.answersAligned,
          },
        )
        .optional(),
      feedback: z.array(feedbackField, { error: QUESTION_MSG.answersAligned }).optional(),
    },
    { error: QUESTION_MSG.answersCount },
  )
  .superRefine((d, ctx) => {
    for (const key of ['fractions', 'tolerances', 'feedback'] as const) {
      const list = d[key];
      if (list && list.length !== d.answers.length) ctx.addIssue({ code: 'custom', path: [key], message: QUESTION_MSG.answersAligned });
    }
    if (d.tolerance === null) return;
    d.answers.forEach((a, i) => {
      // `*` is the catch-all (any number).
      if (a !== '*' && parseNumberAnswer(a) === null)
        ctx.addIssue({ code: 'custom', path: ['answers', i], message: QUESTION_MSG.answerNumber });
    });
  })
  // Numeric answers are kept as plain numbers ("3,14" → "3.14").
  .transform((d) => (d.tolerance === null ? d : { ...d, answers: d.answers.map((a) => String(parseNumberAnswer(a) ?? a)) }));

const pairText = text(QUESTION_LIMITS.optionTextMax, QUESTION_MSG.pairTextRequired, QUESTION_MSG.pairTextMax);
const matchingDataInput = z
  .object(
    {
      pairs: z
        .array(z.object({ id: itemId, left: pairText, right: pairText }), { error: QUESTION_MSG.pairsCount })
        .min(QUESTION_LIMITS.optionsMin, QUESTION_MSG.pairsCount)
        .max(QUESTION_LIMITS.optionsMax, QUESTION_MSG.pairsCount),
      distractors: z
        .array(z.object({ id: itemId, text: pairText }), { error: QUESTION_MSG.distractorsCount })
        .max(QUESTION_LIMITS.optionsMax, QUESTION_MSG.distractorsCount)
        .optional(),
    },
    { error: QUESTION_MSG.pairsCount },
  )
  .superRefine((d, ctx) => {
    const distractors = d.distractors ?? [];
    uniqueIds([...d.pairs, ...distractors], ctx, 'pairs');
    const rights = new Set<string>();
    const check = (right: string, path: Array<string | number>) => {
      const key = right.toLowerCase();
      if (rights.has(key)) ctx.addIssue({ code: 'custom', path, message: QUESTION_MSG.pairRightDuplicate });
      rights.add(key);
    };
    d.pairs.forEach((p, i) => check(p.right, ['pairs', i, 'right']));
    distractors.forEach((x, i) => check(x.text, ['distractors', i, 'text']));
  });

const essayDataInput = z.preprocess((v) => v ?? {}, z.object({}));

/** Blank or absent: null; else trimmed and at most `max` characters. */
const optionalText = (max: number, tooLong: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : trim(v)),
    z.string().max(max, tooLong).nullable(),
  );

const common = {
  text: text(QUESTION_LIMITS.textMax, QUESTION_MSG.textRequired, QUESTION_MSG.textMax),
  points: pointsField.describe('Integer 1–100 (default 1)'),
  title: optionalText(QUESTION_LIMITS.titleMax, QUESTION_MSG.titleMax).optional().describe('Issue 41: a short name (GIFT ::title::)'),
  general_feedback: optionalText(QUESTION_LIMITS.textMax, QUESTION_MSG.generalFeedbackMax)
    .optional()
    .describe('Issue 41: feedback every student reads in the review (GIFT ####…)'),
};

const variants = [
  z.object({ type: z.literal('multiple_choice'), ...common, data: choiceDataInput(true) }),
  z.object({ type: z.literal('multiple_answer'), ...common, data: choiceDataInput(false) }),
  z.object({ type: z.literal('true_false'), ...common, data: trueFalseDataInput }),
  z.object({ type: z.literal('short_answer'), ...common, data: shortAnswerDataInput }),
  z.object({ type: z.literal('matching'), ...common, data: matchingDataInput }),
  z.object({ type: z.literal('essay'), ...common, data: essayDataInput }),
] as const;

/**
 * A question as the teacher writes it (POST in a category). Options and pairs carry the ids they
 * got from the server; new ones come without an id and the server makes one.
 */
export const questionBody = z.discriminatedUnion('type', variants, { error: QUESTION_MSG.typeInvalid });
export type QuestionBody = z.input<typeof questionBody>;
/** A checked question body (ids still optional on new items). */
export type QuestionInput = z.output<typeof questionBody>;

/** PUT /questions/:id: the same, and `category_id` moves it to another category of the teacher. */
export const questionUpdateBody = z.discriminatedUnion(
  'type',
  [
    variants[0].extend({ category_id: idParam.optional() }),
    variants[1].extend({ category_id: idParam.optional() }),
    variants[2].extend({ category_id: idParam.optional() }),
    variants[3].extend({ category_id: idParam.optional() }),
    variants[4].extend({ category_id: idParam.optional() }),
    variants[5].extend({ category_id: idParam.optional() }),
  ],
  { error: QUESTION_MSG.typeInvalid },
);
export type QuestionUpdateBody = z.input<typeof questionUpdateBody>;

// ---------------------------------------------------------------- categories

export const questionCategoryBody = z.object({
  name: text(QUESTION_LIMITS.categoryNameMax, QUESTION_MSG.categoryNameRequired, QUESTION_MSG.categoryNameMax),
});
export type QuestionCategoryBody = z.input<typeof questionCategoryBody>;

export const questionCategory = z.object({ id: z.number(), name: z.string(), question_count: z.number() });
export type QuestionCategory = z.infer<typeof questionCategory>;

export const questionCategoryParams = z.object({ categoryId: idParam });
export const questionParams = z.object({ questionId: idParam });

export const questionListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  per_page: z.coerce.number().int().min(1).max(QUESTION_LIMITS.perPageMax).catch(20).default(20),
  q: z.string().max(200).optional().describe('Words of the question text (case-insensitive)'),
});

// ---------------------------------------------------------------- replies

const questionFields = {
  id: z.number(),
  category_id: z.number(),
  /** Issue 41: GIFT's `::title::` (null: none) and general feedback `####…` (null: none). */
  title: z.string().nullable(),
  general_feedback: z.string().nullable(),
  text: z.string(),
  points: z.number(),
  /** A short-lived signed link, or null. */
  image: z.string().nullable(),
  /** How many quizzes hold it as a fixed question. */
  used_in_quizzes: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
};

/** A question of the bank, with its key (teacher only). */
export const question = z.discriminatedUnion('type', [
  z.object({ ...questionFields, type: z.literal('multiple_choice'), data: choiceData }),
  z.object({ ...questionFields, type: z.literal('multiple_answer'), data: choiceData }),
  z.object({ ...questionFields, type: z.literal('true_false'), data: trueFalseData }),
  z.object({ ...questionFields, type: z.literal('short_answer'), data: shortAnswerData }),
  z.object({ ...questionFields, type: z.literal('matching'), data: matchingData }),
  z.object({ ...questionFields, type: z.literal('essay'), data: essayData }),
]);
export type Question = z.infer<typeof question>;

export const questionPage = z.object({ items: z.array(question), page: z.number(), per_page: z.number(), total: z.number() });
export type QuestionPage = z.infer<typeof questionPage>;

export const questionImportQuery = z.object({
  preview: z
    .enum(['1', '0', 'true', 'false'])
    .optional()
    .transform((v) => v === '1' || v === 'true')
    .describe('1: check and show what the file holds, save nothing'),
  file_categories: z
    .enum(['1', '0', 'true', 'false'])
    .optional()
    .transform((v) => v !== '0' && v !== 'false')
    .describe(
      "GIFT `$CATEGORY:` lines send their questions to the teacher's category of that name (default, as Moodle); 0: everything into this category",
    ),
});

const questionImported = z.object({
  line_or_row: z.number(),
  type: z.enum(QUESTION_TYPES),
  text: z.string(),
  points: z.number(),
  data: z.union([choiceData, trueFalseData, shortAnswerData, matchingData, essayData]),
  /** Issue 41: the question's title and general feedback as read (null: none). */
  title: z.string().nullable(),
  general_feedback: z.string().nullable(),
  /** The `$CATEGORY:` it stands under (null: the category the file is imported into). */
  category: z.string().nullable(),
  /** What Kelasku could not keep of this question as written, in Indonesian (empty: everything kept). */
  notes: z.array(z.string()),
});
export const questionImportError = z.object({ line_or_row: z.number(), message: z.string() });
/**
 * Issue 41: `skipped` names the questions Kelasku cannot hold at all (a description without
 * answers, a cloze with several answer parts), each with its line and reason; they never block the
 * import of the others (an error does).
 */
export const questionImportPreview = z.object({
  questions: z.array(questionImported),
  errors: z.array(questionImportError),
  skipped: z.array(questionImportError),
});
export type QuestionImportPreview = z.infer<typeof questionImportPreview>;
/** `created`: questions saved; `skipped`: those left out (as the preview named them). */
export const questionImportCreated = z.object({ created: z.number(), skipped: z.array(questionImportError) });
/** The 422 of an import with errors: the envelope with `errors` as the list of lines or rows. */
export const questionImportFailed = z.object({ success: z.literal(false), message: z.string(), errors: z.array(questionImportError) });
