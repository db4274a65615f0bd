import ExcelJS from 'exceljs';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { questionCategories, questions, quizAnswers, quizAttempts, quizSlots, quizzes, storedFiles } from '../src/db/schema.js';
import { samples, useTestApp } from './helpers.js';
import type { TestUser } from './factory.js';

const t = useTestApp();
const B = '/api/teacher';

let teacher: TestUser;
let other: TestUser;
let admin: TestUser;
let student: TestUser;

beforeAll(async () => {
  teacher = await t.factory.teacher();
  other = await t.factory.teacher();
  admin = await t.factory.admin();
  student = await t.factory.student();
});

const mc = (over: Record<string, unknown> = {}) => ({
  type: 'multiple_choice',
  text: 'Perangkat penghubung antarjaringan adalah …',
  points: 2,
  data: {
    options: [
      { text: 'Switch', correct: false },
      { text: 'Router', correct: true },
      { text: 'Hub', correct: false },
    ],
  },
  ...over,
});

/** A quiz of a fresh class of `teacherId`, for slots and attempts that hold bank questions. */
async function quizOf(teacherId: number) {
  const klass = await t.factory.onlineClass(teacherId);
  const content = await t.factory.content(klass.id);
  const [quiz] = await t.db.insert(quizzes).values({ lessonId: content.id, authorId: teacherId, title: 'Ulangan Harian' }).returning();
  return quiz!;
}

async function answered(questionId: number) {
  const quiz = await quizOf(teacher.id);
  const [attempt] = await t.db
    .insert(quizAttempts)
    .values({ quizId: quiz.id, studentId: student.id, number: 1, layout: [{ question_id: questionId }], maxScore: 1 })
    .returning();
  await t.db.insert(quizAnswers).values({ attemptId: attempt!.id, questionId, answer: { option: 'x' } });
  return { quiz, attempt: attempt! };
}

const fileExists = async (id: number) => (await t.db.select().from(storedFiles).where(eq(storedFiles.id, id))).length === 1;

// ---------------------------------------------------------------- categories

describe('question categories', () => {
  it('adds, lists by name with question counts, renames', async () => {
    const me = await t.factory.teacher();
    const as = t.as(me.token);
    const b = await as.post(`${B}/question-categories`, { name: '  Jaringan Dasar  ' });
    expect(b.status).toBe(201);
    expect(b.body).toEqual({
      success: true,
      message: 'Kategori berhasil ditambahkan',
      data: { id: expect.any(Number), name: 'Jaringan Dasar', question_count: 0 },
    });
    const a = await as.post(`${B}/question-categories`, { name: 'administrasi server' });
    await t.factory.question(b.body.data.id, me.id);
    await t.factory.question(b.body.data.id, me.id, { type: 'essay' });
    await t.factory.questionCategory(other.id, 'Kategori Guru Lain');

    const list = await as.get(`${B}/question-categories`);
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([
      { id: a.body.data.id, name: 'administrasi server', question_count: 0 },
      { id: b.body.data.id, name: 'Jaringan Dasar', question_count: 2 },
    ]);

    const renamed = await as.put(`${B}/question-categories/${b.body.data.id}`, { name: 'JARINGAN DASAR' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({
      success: true,
      message: 'Kategori berhasil diperbarui',
      data: { id: b.body.data.id, name: 'JARINGAN DASAR', question_count: 2 },
    });
  });

  it('refuses a blank, too long or taken name (ignoring case) with the message on `name`', async () => {
    const me = await t.factory.teacher();
    const as = t.as(me.token);
    await as.post(`${B}/question-categories`, { name: 'Jaringan' });
    const other = await as.post(`${B}/question-categories`, { name: 'Sistem Operasi' });
    const cases: Array<[unknown, string]> = [
      [{ name: 'jaringan' }, 'Nama kategori sudah dipakai.'],
      [{ name: '   ' }, 'Nama kategori wajib diisi.'],
      [{}, 'Nama kategori wajib diisi.'],
      [{ name: 'x'.repeat(101) }, 'Nama kategori maksimal 100 karakter.'],
    ];
    for (const [body, message] of cases) {
      const res = await as.post(`${B}/question-categories`, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body).toEqual({ success: false, message, errors: { name: [message] } });
    }
    const rename = await as.put(`${B}/question-categories/${other.body.data.id}`, { name: 'JARINGAN' });
    expect(rename.status).toBe(422);
    expect(rename.body.errors).toEqual({ name: ['Nama kategori sudah dipakai.'] });
    // Another teacher may use the same name.
    expect((await t.as(teacher.token).post(`${B}/question-categories`, { name: 'Jaringan' })).status).toBe(201);
  });

  it('deletes a category with its questions and their images', async () => {
    const cat = await t.factory.questionCategory(teacher.id);
    const image = await t.factory.file('gambar.png', samples.png(), 'image/png');
    const q1 = await t.factory.question(cat.id, teacher.id, { imageFileId: image.id });
    await t.factory.question(cat.id, teacher.id, { type: 'matching' });
    const res = await t.as(teacher.token).delete(`${B}/question-categories/${cat.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Kategori beserta soalnya berhasil dihapus' });
    expect(await t.db.select().from(questions).where(eq(questions.categoryId, cat.id))).toEqual([]);
    expect(await t.db.select().from(questions).where(eq(questions.id, q1.id))).toEqual([]);
    expect(await fileExists(image.id)).toBe(false);
  });

  it('refuses (409) to delete a category a quiz draws from, or whose question is in a quiz or an attempt', async () => {
    const msg = 'Kategori ini tidak dapat dihapus karena soalnya dipakai di kuis atau sudah dijawab siswa.';
    const drawn = await t.factory.questionCategory(teacher.id);
    await t.factory.question(drawn.id, teacher.id);
    const quiz = await quizOf(teacher.id);
    await t.db.insert(quizSlots).values({ quizId: quiz.id, position: 0, categoryId: drawn.id, pickCount: 1 });

    const fixed = await t.factory.questionCategory(teacher.id);
    const fixedQ = await t.factory.question(fixed.id, teacher.id);
    await t.db.insert(quizSlots).values({ quizId: quiz.id, position: 1, questionId: fixedQ.id });

    const inAttempt = await t.factory.questionCategory(teacher.id);
    const answeredQ = await t.factory.question(inAttempt.id, teacher.id);
    await answered(answeredQ.id);

    for (const cat of [drawn, fixed, inAttempt]) {
      const res = await t.as(teacher.token).delete(`${B}/question-categories/${cat.id}`);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ success: false, message: msg });
      expect(await t.db.select().from(questionCategories).where(eq(questionCategories.id, cat.id))).toHaveLength(1);
    }
    expect(
      await t.db
        .select()
        .from(questions)
        .where(inArray(questions.categoryId, [drawn.id, fixed.id, inAttempt.id])),
    ).toHaveLength(3);
  });
});

// ---------------------------------------------------------------- questions

describe('questions', () => {
  it('adds a question of each type; options and pairs get 8-character ids', async () => {
    const cat = await t.factory.questionCategory(teacher.id);
    const bodies = [
      mc(),
      {
        type: 'multiple_answer',
        text: 'Perangkat aktif',
        data: {
          options: [
            { text: 'Router', correct: true },
            { text: 'Kabel', correct: false },
            { text: 'Switch', correct: true },
          ],
        },
      },
      { type: 'true_false', text: 'DNS memakai port 53.', points: '3', data: { answer: true } },
      { type: 'short_answer', text: 'Kepanjangan LAN?', points: 1, data: { answers: [' Local Area Network '], tolerance: null } },
      { type: 'short_answer', text: 'Nilai pi?', points: 1, data: { answers: ['3,14'], tolerance: '0,01' } },
      {
        type: 'matching',
        text: 'Jodohkan',
        points: 4,
        data: {
          pairs: [
            { left: 'Router', right: 'Antarjaringan' },
            { left: 'Switch', right: 'Satu LAN' },
          ],
        },
      },
      { type: 'essay', text: 'Jelaskan NAT.', points: 10 },
    ];
    const made = [];
    for (const body of bodies) {
      const res = await t.as(teacher.token).post(`${B}/question-categories/${cat.id}/questions`, body);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.message).toBe('Soal berhasil ditambahkan');
      made.push(res.body.data);
    }
    expect(made[0]).toEqual({
      id: expect.any(Number),
      category_id: cat.id,
      type: 'multiple_choice',
      text: 'Perangkat penghubung antarjaringan adalah …',
      points: 2,
      data: {
        options: [
          { id: expect.stringMatching(/^[A-Za-z0-9_-]{8}$/), text: 'Switch', correct: false },
          { id: expect.stringMatching(/^[A-Za-z0-9_-]{8}$/), text: 'Router', correct: true },
          { id: expect.stringMatching(/^[A-Za-z0-9_-]{8}$/), text: 'Hub', correct: false },
        ],
      },
      image: null,
      title: null,
      general_feedback: null,
      used_in_quizzes: 0,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(new Set(made[0].data.options.map((o: { id: string }) => o.id)).size).toBe(3);
    expect(made[1].points).toBe(1);
    expect(made[2]).toMatchObject({ type: 'true_false', points: 3, data: { answer: true } });
    expect(made[3].data).toEqual({ answers: ['Local Area Network'], tolerance: null });
    expect(made[4].data).toEqual({ answers: ['3.14'], tolerance: 0.01 });
    expect(made[5].data.pairs).toEqual([
      { id: expect.stringMatching(/^[A-Za-z0-9_-]{8}$/), left: 'Router', right: 'Antarjaringan' },
      { id: expect.stringMatching(/^[A-Za-z0-9_-]{8}$/), left: 'Switch', right: 'Satu LAN' },
    ]);
    expect(made[6]).toMatchObject({ type: 'essay', data: {}, points: 10 });
    const got = await t.as(teacher.token).get(`${B}/questions/${made[0].id}`);
    expect(got.status).toBe(200);
    expect(got.body.data).toEqual(made[0]);
  });

  it.each([
    [mc({ type: 'pilihan' }), 'type', 'Jenis soal tidak dikenal.'],
    [mc({ text: ' ' }), 'text', 'Teks soal wajib diisi.'],
    [mc({ text: 'x'.repeat(5001) }), 'text', 'Teks soal maksimal 5.000 karakter.'],
    [mc({ points: 0 }), 'points', 'Poin harus bilangan bulat 1 sampai 100.'],
    [mc({ points: 1.5 }), 'points', 'Poin harus bilangan bulat 1 sampai 100.'],
    [mc({ points: 101 }), 'points', 'Poin harus bilangan bulat 1 sampai 100.'],
    [mc({ data: { options: [{ text: 'A', correct: true }] } }), 'data.options', 'Buat 2 sampai 10 pilihan jawaban.'],
    [
      mc({ data: { options: Array.from({ length: 11 }, (_, i) => ({ text: `P${i}`, correct: i === 0 })) } }),
      'data.options',
      'Buat 2 sampai 10 pilihan jawaban.',
    ],
    [mc({ data: {} }), 'data.options', 'Buat 2 sampai 10 pilihan jawaban.'],
    [
      mc({
        data: {
          options: [
            { text: 'A', correct: true },
            { text: 'B', correct: true },
          ],
        },
      }),
      'data.options',
      'Pilih tepat satu jawaban benar.',
    ],
    [
      mc({
        data: {
          options: [
            { text: 'A', correct: false },
            { text: 'B', correct: false },
          ],
        },
      }),
      'data.options',
      'Pilih tepat satu jawaban benar.',
    ],
    [
      mc({
        type: 'multiple_answer',
        data: {
          options: [
            { text: 'A', correct: false },
            { text: 'B', correct: false },
          ],
        },
      }),
      'data.options',
      'Pilih minimal satu jawaban benar.',
    ],
    [
      mc({
        data: {
          options: [
            { text: '', correct: true },
            { text: 'B', correct: false },
          ],
        },
      }),
      'data.options.0.text',
      'Teks pilihan jawaban wajib diisi.',
    ],
    [
      mc({
        data: {
          options: [
            { text: 'x'.repeat(1001), correct: true },
            { text: 'B', correct: false },
          ],
        },
      }),
      'data.options.0.text',
      'Teks pilihan jawaban maksimal 1.000 karakter.',
    ],
    [
      mc({
        data: {
          options: [
            { id: 'AAAAAAAA', text: 'A', correct: true },
            { id: 'AAAAAAAA', text: 'B', correct: false },
          ],
        },
      }),
      'data.options.1.id',
      'Id pilihan tidak boleh sama.',
    ],
    [
      mc({
        data: {
          options: [
            { id: 'bukan id!', text: 'A', correct: true },
            { text: 'B', correct: false },
          ],
        },
      }),
      'data.options.0.id',
      'Id pilihan tidak valid.',
    ],
    [{ type: 'true_false', text: 'Benar?', data: {} }, 'data.answer', 'Pilih jawaban Benar atau Salah.'],
    [{ type: 'true_false', text: 'Benar?', data: { answer: 'ya' } }, 'data.answer', 'Pilih jawaban Benar atau Salah.'],
    [
      { type: 'short_answer', text: 'Isi', data: { answers: [], tolerance: null } },
      'data.answers',
      'Isi 1 sampai 20 jawaban yang diterima.',
    ],
    [
      { type: 'short_answer', text: 'Isi', data: { answers: Array.from({ length: 21 }, (_, i) => `j${i}`), tolerance: null } },
      'data.answers',
      'Isi 1 sampai 20 jawaban yang diterima.',
    ],
    [
      { type: 'short_answer', text: 'Isi', data: { answers: ['  '], tolerance: null } },
      'data.answers.0',
      'Jawaban yang diterima tidak boleh kosong.',
    ],
    [
      { type: 'short_answer', text: 'Isi', data: { answers: ['tiga'], tolerance: 0.5 } },
      'data.answers.0',
      'Dengan toleransi, setiap jawaban yang diterima harus berupa angka.',
    ],
    [
      { type: 'short_answer', text: 'Isi', data: { answers: ['3'], tolerance: -1 } },
      'data.tolerance',
      'Toleransi harus angka 0 atau lebih.',
    ],
    [{ type: 'matching', text: 'Jodohkan', data: { pairs: [{ left: 'a', right: 'b' }] } }, 'data.pairs', 'Buat 2 sampai 10 pasangan.'],
    [
      {
        type: 'matching',
        text: 'Jodohkan',
        data: {
          pairs: [
            { left: 'a', right: '' },
            { left: 'c', right: 'd' },
          ],
        },
      },
      'data.pairs.0.right',
      'Kedua sisi pasangan wajib diisi.',
    ],
    [
      {
        type: 'matching',
        text: 'Jodohkan',
        data: {
          pairs: [
            { left: 'a', right: 'Sama' },
            { left: 'c', right: 'sama' },
          ],
        },
      },
      'data.pairs.1.right',
      'Sisi kanan pasangan tidak boleh sama.',
    ],
  ])('refuses an invalid question (case %#) with its message on its field', async (body, field, message) => {
    const cat = await t.factory.questionCategory(teacher.id);
    const res = await t.as(teacher.token).post(`${B}/question-categories/${cat.id}/questions`, body);
    expect(res.status).toBe(422);
    expect(res.body.success).toBe(false);
    expect(res.body.errors[field], JSON.stringify(res.body.errors)).toEqual([message]);
    expect(await t.db.select().from(questions).where(eq(questions.categoryId, cat.id))).toEqual([]);
  });

  it('edits a question: ids sent back are kept, new options get one, it may move to another own category', async () => {
    const cat = await t.factory.questionCategory(teacher.id);
    const target = await t.factory.questionCategory(teacher.id);
    const foreign = await t.factory.questionCategory(other.id);
    const made = (await t.as(teacher.token).post(`${B}/question-categories/${cat.id}/questions`, mc())).body.data;
    const [sw, router] = made.data.options;
    const res = await t.as(teacher.token).put(`${B}/questions/${made.id}`, {
      type: 'multiple_choice',
      text: 'Perangkat lapisan 3 adalah …',
      points: 5,
      category_id: target.id,
      data: {
        options: [
          { id: router.id, text: 'Router', correct: true },
          { id: sw.id, text: 'Switch L2', correct: false },
          { text: 'Repeater', correct: false },
        ],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Soal berhasil diperbarui');
    expect(res.body.data).toMatchObject({ id: made.id, category_id: target.id, text: 'Perangkat lapisan 3 adalah …', points: 5 });
    const options = res.body.data.data.options;
    expect(options.slice(0, 2)).toEqual([
      { id: router.id, text: 'Router', correct: true },
      { id: sw.id, text: 'Switch L2', correct: false },
    ]);
    expect(options[2].id).toMatch(/^[A-Za-z0-9_-]{8}$/);
    expect([router.id, sw.id]).not.toContain(options[2].id);

    const moveAway = await t.as(teacher.token).put(`${B}/questions/${made.id}`, { ...mc(), category_id: foreign.id });
    expect(moveAway.status).toBe(422);
    expect(moveAway.body.errors).toEqual({ category_id: ['Kategori tidak ditemukan.'] });
    const [row] = await t.db.select().from(questions).where(eq(questions.id, made.id));
    expect(row!.categoryId).toBe(target.id);

    // The type may change until a student has answered it.
    const essay = await t.as(teacher.token).put(`${B}/questions/${made.id}`, { type: 'essay', text: 'Jelaskan router.', points: 5 });
    expect(essay.status).toBe(200);
    expect(essay.body.data).toMatchObject({ type: 'essay', data: {} });
    await answered(made.id);
    const locked = await t.as(teacher.token).put(`${B}/questions/${made.id}`, mc());
    expect(locked.status).toBe(409);
    expect(locked.body.message).toBe('Jenis soal yang sudah dijawab siswa tidak dapat diubah. Buat soal baru untuk jenis lain.');
    // The same type may still be edited (a regrade recomputes the scores).
    expect(
      (await t.as(teacher.token).put(`${B}/questions/${made.id}`, { type: 'essay', text: 'Jelaskan fungsi router.', points: 4 })).status,
    ).toBe(200);
  });

  it('lists a page of a category, finds words of the text, counts the quizzes holding each', async () => {
    const cat = await t.factory.questionCategory(teacher.id);
    const made = [];
    for (let i = 1; i <= 5; i++)
      made.push(await t.factory.question(cat.id, teacher.id, { text: `Soal nomor ${i}${i === 4 ? ' 100% benar_x' : ''}` }));
    const quiz = await quizOf(teacher.id);
    const quiz2 = await quizOf(teacher.id);
    await t.db.insert(quizSlots).values([
      { quizId: quiz.id, position: 0, questionId: made[0]!.id },
      { quizId: quiz2.id, position: 0, questionId: made[0]!.id },
    ]);
    const as = t.as(teacher.token);
    const p1 = await as.get(`${B}/question-categories/${cat.id}/questions?per_page=2`);
    expect(p1.status).toBe(200);
    expect(p1.body.data).toMatchObject({ page: 1, per_page: 2, total: 5 });
    expect(p1.body.data.items.map((q: { id: number }) => q.id)).toEqual([made[0]!.id, made[1]!.id]);
    expect(p1.body.data.items[0].used_in_quizzes).toBe(2);
    expect(p1.body.data.items[1].used_in_quizzes).toBe(0);
    const p3 = await as.get(`${B}/question-categories/${cat.id}/questions?per_page=2&page=3`);
    expect(p3.body.data.items.map((q: { id: number }) => q.id)).toEqual([made[4]!.id]);
    const found = await as.get(`${B}/question-categories/${cat.id}/questions?q=${encodeURIComponent('100% BENAR_')}`);
    expect(found.body.data.items.map((q: { id: number }) => q.id)).toEqual([made[3]!.id]);
    expect(found.body.data.total).toBe(1);
    const none = await as.get(`${B}/question-categories/${cat.id}/questions?q=${encodeURIComponent('%')}`);
    expect(none.body.data.items.map((q: { id: number }) => q.id)).toEqual([made[3]!.id]);
    expect((await as.get(`${B}/questions/${made[0]!.id}`)).body.data.used_in_quizzes).toBe(2);
  });

  it('deletes a question with its image; refuses (409) while a quiz holds it or a student answered it', async () => {
    const cat = await t.factory.questionCategory(teacher.id);
    const image = await t.factory.file('gambar.png', samples.png(), 'image/png');
    const q = await t.factory.question(cat.id, teacher.id, { imageFileId: image.id });
    const res = await t.as(teacher.token).delete(`${B}/questions/${q.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Soal berhasil dihapus' });
    expect(await fileExists(image.id)).toBe(false);

    const msg = 'Soal ini tidak dapat dihapus karena dipakai di kuis atau sudah dijawab siswa.';
    const inQuiz = await t.factory.question(cat.id, teacher.id);
    await t.db.insert(quizSlots).values({ quizId: (await quizOf(teacher.id)).id, position: 0, questionId: inQuiz.id });
    const inAttempt = await t.factory.question(cat.id, teacher.id);
    await answered(inAttempt.id);
    for (const id of [inQuiz.id, inAttempt.id]) {
      const refused = await t.as(teacher.token).delete(`${B}/questions/${id}`);
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ success: false, message: msg });
      expect(await t.db.select().from(questions).where(eq(questions.id, id))).toHaveLength(1);
    }
  });
});

// ---------------------------------------------------------------- images

const gif = () => Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
const webp = () => Buffer.from('UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA', 'base64');

describe('question images', () => {
  it('sets, replaces and removes the picture; the replaced file is released', async () => {
    const cat = await t.factory.questionCategory(teacher.id);
    const q = await t.factory.question(cat.id, teacher.id);
    const as = t.as(teacher.token);
    const put = (name: string, data: Buffer) => as.upload('PUT', `${B}/questions/${q.id}/image`, {}, { image: { name, data } });

    const first = await put('topologi.png', samples.png());
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.message).toBe('Gambar soal berhasil disimpan');
    expect(first.body.data.image).toMatch(/^\/api\/files\/\d+\?e=\d+&s=/);
    const firstId = (await t.db.select().from(questions).where(eq(questions.id, q.id)))[0]!.imageFileId!;
    const opened = await t.as(null).get(first.body.data.image);
    expect(opened.status).toBe(200);
    expect(opened.raw.rawPayload.equals(samples.png())).toBe(true);

    for (const [name, data, mime] of [
      ['foto.jpg', samples.jpeg(), 'image/jpeg'],
      ['animasi.gif', gif(), 'image/gif'],
      ['gambar.webp', webp(), 'image/webp'],
    ] as const) {
      const res = await put(name, data);
      expect(res.status, `${name} ${JSON.stringify(res.body)}`).toBe(200);
      const [row] = await t.db.select().from(questions).where(eq(questions.id, q.id));
      const [file] = await t.db.select().from(storedFiles).where(eq(storedFiles.id, row!.imageFileId!));
      expect(file!.mimeType).toBe(mime);
    }
    expect(await fileExists(firstId)).toBe(false);
    const lastId = (await t.db.select().from(questions).where(eq(questions.id, q.id)))[0]!.imageFileId!;

    const removed = await as.delete(`${B}/questions/${q.id}/image`);
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe('Gambar soal dihapus');
    expect(removed.body.data.image).toBeNull();
    expect(await fileExists(lastId)).toBe(false);
  });

  it('refuses what is not a JPEG, PNG, GIF or WebP by content, more than 5 MB, or no file; nothing stays behind', async () => {
    const cat = await t.factory.questionCategory(teacher.id);
    const q = await t.factory.question(cat.id, teacher.id);
    const as = t.as(teacher.token);
    const before = (await t.db.select().from(storedFiles)).length;
    const put = (files: Record<string, { name: string; data: Buffer }>) => as.upload('PUT', `${B}/questions/${q.id}/image`, {}, files);
    for (const [name, data] of [
      ['soal.pdf', samples.pdf()],
      ['gambar.png', samples.pdf()],
      ['gambar.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
      ['program.exe', samples.exe()],
    ] as const) {
      const res = await put({ image: { name, data } });
      expect(res.status, name).toBe(415);
      expect(res.body).toEqual({
        success: false,
        message: 'Gambar soal harus berformat JPEG, PNG, GIF, atau WebP.',
        errors: { image: ['Gambar soal harus berformat JPEG, PNG, GIF, atau WebP.'] },
      });
    }
    const big = await put({ image: { name: 'besar.png', data: Buffer.concat([samples.png(), Buffer.alloc(5 * 1024 * 1024)]) } });
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('Ukuran gambar soal maksimal 5 MB.');
    const none = await put({ file: { name: 'gambar.png', data: samples.png() } });
    expect(none.status).toBe(422);
    expect(none.body.errors).toEqual({ image: ['File wajib dipilih'] });
    expect((await as.put(`${B}/questions/${q.id}/image`, { image: 'x' })).status).toBe(415);
    expect((await t.db.select().from(storedFiles)).length).toBe(before);
    expect((await t.db.select().from(questions).where(eq(questions.id, q.id)))[0]!.imageFileId).toBeNull();
  });
});

// ---------------------------------------------------------------- XLSX

async function xlsxOf(rows: Array<Array<string | number | boolean | null>>, header = true): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Soal');
  if (header) ws.addRow(['Jenis', 'Pertanyaan', 'Poin', 'Kunci', 'Toleransi', ...'ABCDEFGHIJ'.split('').map((l) => `Pilihan ${l}`)]);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('XLSX template and import', () => {
  it('downloads the template, which imports its own example rows', async () => {
    const res = await t.as(teacher.token).get(`${B}/question-template.xlsx`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain('template-bank-soal.xlsx');
    const bytes = res.raw.rawPayload;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Soal', 'Petunjuk']);
    expect(wb.getWorksheet('Soal')!.getRow(1).values).toEqual([
      undefined,
      'Jenis',
      'Pertanyaan',
      'Poin',
      'Kunci',
      'Toleransi',
      ...'ABCDEFGHIJ'.split('').map((l) => `Pilihan ${l}`),
    ]);

    const cat = await t.factory.questionCategory(teacher.id);
    const file = { file: { name: 'template-bank-soal.xlsx', data: bytes } };
    const preview = await t.as(teacher.token).upload('POST', `${B}/question-categories/${cat.id}/import?preview=1`, {}, file);
    expect(preview.status).toBe(200);
    expect(preview.body.data.errors).toEqual([]);
    expect(
      preview.body.data.questions.map((q: { line_or_row: number; type: string; points: number }) => [q.line_or_row, q.type, q.points]),
    ).toEqual([
      [2, 'multiple_choice', 1],
      [3, 'multiple_answer', 2],
      [4, 'true_false', 1],
      [5, 'short_answer', 1],
      [6, 'short_answer', 2],
      [7, 'matching', 3],
      [8, 'essay', 5],
    ]);
    const saved = await t.as(teacher.token).upload('POST', `${B}/question-categories/${cat.id}/import`, {}, file);
    expect(saved.status).toBe(201);
    expect(saved.body.data).toEqual({ created: 7, skipped: [] });
    const items = (await t.as(teacher.token).get(`${B}/question-categories/${cat.id}/questions`)).body.data.items;
    expect(items[0].data.options.map((o: { text: string; correct: boolean }) => [o.text, o.correct])).toEqual([
      ['Switch', false],
      ['Router', true],
      ['Hub', false],
      ['Repeater', false],
    ]);
    expect(items[1].data.options.filter((o: { correct: boolean }) => o.correct).map((o: { text: string }) => o.text)).toEqual([
      'Router',
      'Switch',
      'Access Point',
    ]);
    expect(items[2].data).toEqual({ answer: true });
    expect(items[3].data).toEqual({ answers: ['Local Area Network', 'Jaringan Area Lokal'], tolerance: null });
    expect(items[4].data).toEqual({ answers: ['62'], tolerance: 0 });
    expect(items[5].data.pairs.map((p: { left: string; right: string }) => [p.left, p.right])).toEqual([
      ['Router', 'Menghubungkan antarjaringan'],
      ['Switch', 'Menghubungkan perangkat dalam satu LAN'],
      ['Access Point', 'Memancarkan jaringan nirkabel'],
    ]);
  });

  it('names every row with an error and saves nothing', async () => {
    const cat = await t.factory.questionCategory(teacher.id);
    const bytes = await xlsxOf([
      ['Pilihan ganda', 'Baik', 1, 'A', null, 'Ya', 'Tidak'], // 2
      ['Pilihan tunggal', 'Jenis salah', 1], // 3
      ['Pilihan ganda', 'Kunci bukan huruf', 1, 'K', null, 'Ya', 'Tidak'], // 4
      ['Pilihan ganda', 'Kunci menunjuk kosong', 1, 'C', null, 'Ya', 'Tidak'], // 5
      ['Pilihan ganda', 'Dua kunci', 1, 'A,B', null, 'Ya', 'Tidak'], // 6
      ['Benar/Salah', 'Kunci aneh', 1, 'Mungkin'], // 7
      ['Menjodohkan', 'Tanpa panah', 1, null, null, 'a = b', 'c -> d'], // 8
      ['Uraian', 'Poin nol', 0], // 9
      [null, null, null], // empty: skipped
      ['Isian singkat', 'Angka', 1, 'tiga', 0.5], // 11
      ['uraian', '', 2], // 12
      ['Benar/Salah', 'Boolean Excel', 1, true], // 13
      ['multiple_answer', 'Kode jenis', 1, 'a b', null, 'X', 'Y', 'Z'], // 14
    ]);
    const res = await t
      .as(teacher.token)
      .upload('POST', `${B}/question-categories/${cat.id}/import`, {}, { file: { name: 'soal.xlsx', data: bytes } });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Tidak ada soal yang disimpan. Perbaiki kesalahan di file lalu unggah lagi.');
    expect(res.body.errors).toEqual([
      { line_or_row: 3, message: 'Baris 3: Jenis soal tidak dikenal.' },
      { line_or_row: 4, message: 'Baris 4: Kunci harus huruf pilihan yang benar (A sampai J), misalnya "B" atau "A, C".' },
      { line_or_row: 5, message: 'Baris 5: Kunci C menunjuk pilihan yang kosong.' },
      { line_or_row: 6, message: 'Baris 6: Pilih tepat satu jawaban benar.' },
      { line_or_row: 7, message: 'Baris 7: Kunci soal Benar/Salah harus "Benar" atau "Salah".' },
      { line_or_row: 8, message: 'Baris 8: Tulis setiap pasangan sebagai "kiri -> kanan".' },
      { line_or_row: 9, message: 'Baris 9: Poin harus bilangan bulat 1 sampai 100.' },
      { line_or_row: 11, message: 'Baris 11: Dengan toleransi, setiap jawaban yang diterima harus berupa angka.' },
      { line_or_row: 12, message: 'Baris 12: Teks soal wajib diisi.' },
    ]);
    expect(await t.db.select().from(questions).where(eq(questions.categoryId, cat.id))).toEqual([]);

    const preview = await t.as(teacher.token).upload(
      'POST',
      `${B}/question-categories/${cat.id}/import?preview=1`,
      {},
      {
        file: { name: 'soal.xlsx', data: bytes },
      },
    );
    expect(preview.status).toBe(200);
    expect(preview.body.data.questions.map((q: { line_or_row: number }) => q.line_or_row)).toEqual([2, 13, 14]);
    expect(preview.body.data.errors).toHaveLength(9);
  });

  it('refuses a sheet without the header row', async () => {
    const cat = await t.factory.questionCategory(teacher.id);
    const bytes = await xlsxOf([['Uraian', 'Jelaskan', 1]], false);
    const res = await t
      .as(teacher.token)
      .upload('POST', `${B}/question-categories/${cat.id}/import`, {}, { file: { name: 'soal.xlsx', data: bytes } });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      success: false,
      message: 'Baris judul kolom tidak ditemukan. Baris pertama harus memuat kolom Jenis dan Pertanyaan.',
    });
  });
});

// ---------------------------------------------------------------- authorization

describe('authorization', () => {
  it('every route: admin and student 403, no token 401, another teacher’s category or question 404', async () => {
    const cat = await t.factory.questionCategory(teacher.id);
    const q = await t.factory.question(cat.id, teacher.id);
    const gift = { file: { name: 'soal.gift', data: Buffer.from('Soal {T}\n') } };
    const image = { image: { name: 'a.png', data: samples.png() } };
    type Call = [
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      url: string,
      body?: unknown,
      files?: Record<string, { name: string; data: Buffer }>,
    ];
    const calls: Call[] = [
      ['GET', '/question-categories'],
      ['POST', '/question-categories', { name: 'Baru' }],
      ['PUT', `/question-categories/${cat.id}`, { name: 'Ubah' }],
      ['DELETE', `/question-categories/${cat.id}`],
      ['GET', `/question-categories/${cat.id}/questions`],
      ['POST', `/question-categories/${cat.id}/questions`, mc()],
      ['GET', `/questions/${q.id}`],
      ['PUT', `/questions/${q.id}`, mc()],
      ['DELETE', `/questions/${q.id}`],
      ['PUT', `/questions/${q.id}/image`, {}, image],
      ['DELETE', `/questions/${q.id}/image`],
      ['POST', `/question-categories/${cat.id}/import`, {}, gift],
      ['POST', `/question-categories/${cat.id}/import?preview=1`, {}, gift],
      ['GET', '/question-template.xlsx'],
      ['GET', `/question-categories/${cat.id}/export.gift`],
    ];
    const send = (token: string | null, [method, url, body, files]: Call) =>
      files ? t.as(token).upload(method, `${B}${url}`, {}, files) : t.as(token).request(method, `${B}${url}`, body);
    for (const call of calls) {
      const where = `${call[0]} ${call[1]}`;
      expect((await send(admin.token, call)).status, `admin ${where}`).toBe(403);
      expect((await send(student.token, call)).status, `student ${where}`).toBe(403);
      expect((await send(null, call)).status, `none ${where}`).toBe(401);
      const foreign = await send(other.token, call);
      const own = call[1].includes(String(cat.id)) || call[1].includes(`/questions/${q.id}`);
      if (own) {
        expect(foreign.status, `other teacher ${where}`).toBe(404);
        expect(foreign.body).toEqual({ success: false, message: 'Data tidak ditemukan.' });
      }
    }
    // Nothing of the owner's changed.
    const [c] = await t.db.select().from(questionCategories).where(eq(questionCategories.id, cat.id));
    expect(c!.name).toBe(cat.name);
    const [row] = await t.db.select().from(questions).where(eq(questions.id, q.id));
    expect(row).toEqual(q);
    expect(await t.db.select().from(questions).where(eq(questions.categoryId, cat.id))).toHaveLength(1);
  });
});
