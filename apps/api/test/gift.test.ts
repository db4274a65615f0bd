import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { QuestionKey } from '@kelasku/contract';
import { questions } from '../src/db/schema.js';
import { parseGift, writeGift } from '../src/features/question-bank/gift.js';
import { checkCandidates } from '../src/features/question-bank/import.js';
import { useTestApp } from './helpers.js';
import type { TestUser } from './factory.js';

/** Reads a GIFT text the way the import does: syntax, then each question checked like a typed-in one. */
const read = (text: string) => {
  const { candidates, problems, skipped } = parseGift(text);
  return checkCandidates(candidates, problems, skipped);
};

/** Questions without the server-made ids (they differ on every read). */
const withoutIds = (qs: Array<{ type: string; text: string; points: number; data: unknown }>) =>
  qs.map(({ type, text, points, data }) => ({
    type,
    text,
    points,
    data: JSON.parse(JSON.stringify(data, (k, v) => (k === 'id' ? undefined : v))),
  }));

describe('GIFT reader', () => {
  it('reads every question type, with titles, comments, $CATEGORY, escapes and feedback', () => {
    const { questions: qs, errors } = read(
      [
        '// Soal jaringan dasar',
        '$CATEGORY: $course$/Jaringan',
        '',
        '::Router:: Perangkat yang menghubungkan dua jaringan adalah {',
        '  ~Switch#Bukan, switch dalam satu LAN.',
        '  =Router#Benar!',
        '  ~Hub',
        '}',
        '',
        'Manakah perangkat jaringan aktif? {~%50%Router ~%50%Switch ~%-100%Kabel UTP}',
        '',
        'Kabel UTP kategori 6 mendukung 1 Gbps. {T}',
        '',
        'Fiber optik memakai sinyal listrik.{FALSE#Fiber memakai cahaya.}',
        '',
        'Kepanjangan LAN adalah? {=Local Area Network =jaringan area lokal}',
        '',
        'Nilai pi sampai dua desimal? {#3.14:0.01}',
        '',
        'Sebutkan angka antara 1 dan 5. {#1..5}',
        '',
        'Jodohkan perangkat dengan fungsinya. {',
        '  =Router -> Antarjaringan',
        '  =Switch -> Dalam satu LAN',
        '  =Access Point -> Nirkabel',
        '}',
        '',
        'Jelaskan topologi star! {}',
        '',
        'Port HTTP adalah 80\\: benar atau salah\\? 1 \\= 1, \\{kurung\\} dan \\~ serta \\#. {T}',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
    expect(withoutIds(qs)).toEqual([
      {
        type: 'multiple_choice',
        text: 'Perangkat yang menghubungkan dua jaringan adalah',
        points: 1,
        data: {
          options: [
            { text: 'Switch', correct: false, feedback: 'Bukan, switch dalam satu LAN.' },
            { text: 'Router', correct: true, feedback: 'Benar!' },
            { text: 'Hub', correct: false },
          ],
        },
      },
      {
        type: 'multiple_answer',
        text: 'Manakah perangkat jaringan aktif?',
        points: 1,
        data: {
          options: [
            { text: 'Router', correct: true, fraction: 50 },
            { text: 'Switch', correct: true, fraction: 50 },
            { text: 'Kabel UTP', correct: false, fraction: -100 },
          ],
        },
      },
      { type: 'true_false', text: 'Kabel UTP kategori 6 mendukung 1 Gbps.', points: 1, data: { answer: true } },
      // Moodle: the first feedback of {FALSE#…} is for the wrong answer (true).
      {
        type: 'true_false',
        text: 'Fiber optik memakai sinyal listrik.',
        points: 1,
        data: { answer: false, feedback_true: 'Fiber memakai cahaya.' },
      },
      {
        type: 'short_answer',
        text: 'Kepanjangan LAN adalah?',
        points: 1,
        data: { answers: ['Local Area Network', 'jaringan area lokal'], tolerance: null },
      },
      { type: 'short_answer', text: 'Nilai pi sampai dua desimal?', points: 1, data: { answers: ['3.14'], tolerance: 0.01 } },
      { type: 'short_answer', text: 'Sebutkan angka antara 1 dan 5.', points: 1, data: { answers: ['3'], tolerance: 2 } },
      {
        type: 'matching',
        text: 'Jodohkan perangkat dengan fungsinya.',
        points: 1,
        data: {
          pairs: [
            { left: 'Router', right: 'Antarjaringan' },
            { left: 'Switch', right: 'Dalam satu LAN' },
            { left: 'Access Point', right: 'Nirkabel' },
          ],
        },
      },
      { type: 'essay', text: 'Jelaskan topologi star!', points: 1, data: {} },
      {
        type: 'true_false',
        text: 'Port HTTP adalah 80: benar atau salah\\? 1 = 1, {kurung} dan ~ serta #.',
        points: 1,
        data: { answer: true },
      },
    ]);
    // Every option and pair got a server id of 8 url-safe characters.
    const ids = qs.flatMap((q) =>
      'options' in q.data ? q.data.options.map((o) => o.id) : 'pairs' in q.data ? q.data.pairs.map((p) => p.id) : [],
    );
    expect(ids.length).toBe(9);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{8}$/);
    expect(qs.map((q) => q.line_or_row)).toEqual([4, 10, 12, 14, 16, 18, 20, 22, 28, 30]);
  });

  it('keeps text after the answers as a blank, drops format markers, reads CRLF, a BOM, points and type comments', () => {
    const { questions: qs, errors } = read(
      '\uFEFF// poin: 5\r\n[markdown]Ibu kota Indonesia adalah {=Jakarta ~Bandung ~Surabaya}.\r\n\r\n' +
        '// jenis: multiple_answer\r\n// poin: 3\r\nPilih yang benar {~%100%IPv4 ~%-100%HTTP}\r\n\r\n' +
        'Perintah untuk\r\nmelihat alamat IP di Windows adalah {=ipconfig} di Command Prompt.\r\n',
    );
    expect(errors).toEqual([]);
    expect(withoutIds(qs)).toEqual([
      {
        type: 'multiple_choice',
        text: 'Ibu kota Indonesia adalah _____.',
        points: 5,
        data: {
          options: [
            { text: 'Jakarta', correct: true },
            { text: 'Bandung', correct: false },
            { text: 'Surabaya', correct: false },
          ],
        },
      },
      {
        type: 'multiple_answer',
        text: 'Pilih yang benar',
        points: 3,
        data: {
          options: [
            { text: 'IPv4', correct: true },
            { text: 'HTTP', correct: false },
          ],
        },
      },
      {
        type: 'short_answer',
        text: 'Perintah untuk\nmelihat alamat IP di Windows adalah _____ di Command Prompt.',
        points: 1,
        data: { answers: ['ipconfig'], tolerance: null },
      },
    ]);
  });

  it('lets a blank line stand inside an open { }, and several = numbers share one tolerance', () => {
    const { questions: qs, errors } = read('Sebutkan bilangan prima antara 2 dan 4. {\n\n#=2:0\n\n=3:0\n}\n');
    expect(errors).toEqual([]);
    expect(withoutIds(qs)).toEqual([
      { type: 'short_answer', text: 'Sebutkan bilangan prima antara 2 dan 4.', points: 1, data: { answers: ['2', '3'], tolerance: 0 } },
    ]);
  });

  it('names the line of every syntax error and reads the other questions on', () => {
    const {
      questions: qs,
      errors,
      skipped,
    } = read(
      [
        'Soal benar pertama {=ya ~tidak}', // 1
        '',
        'Soal tanpa jawaban benar {~a ~b}', // 3
        '',
        'Soal tanpa bagian jawaban', // 5
        '',
        'Soal dengan kurung', // 7
        'yang tidak ditutup {=a ~b', // 8
      ].join('\n'),
    );
    expect(qs.map((q) => q.line_or_row)).toEqual([1]);
    expect(errors).toEqual([
      { line_or_row: 3, message: 'Baris 3: Jawaban benar tidak ditemukan.' },
      { line_or_row: 8, message: 'Baris 8: Kurung kurawal { belum ditutup.' },
    ]);
    // A text without answers is a description for Moodle: no question, skipped by name.
    expect(skipped).toEqual([{ line_or_row: 5, message: 'Baris 5: Dilewati: deskripsi tanpa bagian jawaban { } bukan soal.' }]);
  });

  it.each([
    ['Soal {=a ~b} lagi {=c', 'Baris 1: Kurung kurawal { } tidak seimbang. Tulis \\{ atau \\} untuk tanda kurung biasa.'],
    ['Soal {=a ~b} lagi } {=c}', 'Baris 1: Kurung kurawal { } tidak seimbang. Tulis \\{ atau \\} untuk tanda kurung biasa.'],
    ['Soal } aneh {=a ~b}', 'Baris 1: Kurung kurawal { } tidak seimbang. Tulis \\{ atau \\} untuk tanda kurung biasa.'],
    ['::Judul tanpa tutup {=a ~b}', 'Baris 1: Judul ::…:: belum ditutup.'],
    ['Soal {jawaban ~tanpa tanda}', 'Baris 1: Setiap jawaban harus diawali = (benar) atau ~ (salah).'],
    ['Jodohkan {=a -> b =c}', 'Baris 1: Tulis setiap pasangan sebagai =kiri -> kanan.'],
    ['Angka {#tiga}', 'Baris 1: Jawaban angka tidak valid. Contoh: {#3,14:0,01} atau {#1..5}.'],
    ['Angka {#5..1}', 'Baris 1: Jawaban angka tidak valid. Contoh: {#3,14:0,01} atau {#1..5}.'],
    ['Angka {#3:-1}', 'Baris 1: Jawaban angka tidak valid. Contoh: {#3,14:0,01} atau {#1..5}.'],
    ['Pilihan {=a ~%150%b}', 'Baris 1: Nilai pilihan harus angka -100 sampai 100 (persen).'],
    ['Isian {=%150%a}', 'Baris 1: Nilai jawaban harus angka 0 sampai 100 (persen).'],
    ['Satu pilihan saja {=a}\n\nPilihan ganda dengan satu opsi {=a ~}', 'Baris 3: Teks pilihan jawaban wajib diisi.'],
    ['// poin: 500\nSoal {T}', 'Baris 2: Poin harus bilangan bulat 1 sampai 100.'],
    ['Jodohkan {=a -> x =b -> x}', 'Baris 1: Sisi kanan pasangan tidak boleh sama.'],
  ])('%j → %s', (text, message) => {
    expect(read(text).errors.map((e) => e.message)).toEqual([message]);
  });
});

describe('GIFT writer', () => {
  const bank: Array<QuestionKey & { text: string; points: number }> = [
    {
      type: 'multiple_choice',
      text: 'Alamat {IP} kelas C: 192.168.1.1 = ~privat~ #1?\nBaris kedua\\akhir',
      points: 2,
      data: {
        options: [
          { id: 'aaaaaaaa', text: 'Benar = ya', correct: true },
          { id: 'bbbbbbbb', text: 'Salah #2 {x}', correct: false },
        ],
      },
    },
    {
      type: 'multiple_answer',
      text: 'Pilih protokol lapisan aplikasi',
      points: 3,
      data: {
        options: [
          { id: 'a1', text: 'HTTP', correct: true },
          { id: 'a2', text: 'DNS', correct: true },
          { id: 'a3', text: 'SMTP', correct: true },
          { id: 'a4', text: 'IP', correct: false },
        ],
      },
    },
    {
      type: 'multiple_answer',
      text: 'Satu saja yang benar, tetapi boleh memilih banyak',
      points: 1,
      data: {
        options: [
          { id: 'b1', text: 'TCP', correct: true },
          { id: 'b2', text: 'Kabel', correct: false },
        ],
      },
    },
    { type: 'true_false', text: 'Subnet /24 berisi 256 alamat.', points: 1, data: { answer: true } },
    { type: 'true_false', text: 'HTTPS memakai port 21.', points: 1, data: { answer: false } },
    { type: 'short_answer', text: 'Perintah melihat IP di Linux?', points: 4, data: { answers: ['ip addr', 'ifconfig'], tolerance: null } },
    { type: 'short_answer', text: 'Nilai pi?', points: 1, data: { answers: ['3.14'], tolerance: 0.01 } },
    { type: 'short_answer', text: 'Host /30 atau /31?', points: 1, data: { answers: ['2', '0'], tolerance: 0 } },
    {
      type: 'matching',
      text: 'Jodohkan port dengan layanannya',
      points: 5,
      data: {
        pairs: [
          { id: 'p1', left: '22', right: 'SSH: akses jarak jauh' },
          { id: 'p2', left: '53', right: 'DNS' },
          { id: 'p3', left: '80', right: 'HTTP' },
        ],
      },
    },
    { type: 'essay', text: '// Bukan komentar: jelaskan\n\ncara kerja NAT!', points: 10, data: {} },
  ];

  it('writes a file the reader reads back into the same questions', () => {
    const text = writeGift('Jaringan {Dasar}', bank);
    // No $CATEGORY: the file imports into the category the teacher picks.
    expect(text).toContain('// Bank Soal Kelasku — Jaringan {Dasar}');
    expect(text).not.toContain('$CATEGORY');
    expect(text).toContain('// poin: 2');
    // A multiple-answer question scored by the rule: each wrong option takes back one right one.
    expect(text).toContain('~%33.33333%HTTP');
    expect(text).toContain('~%-33.33333%IP');
    const { questions: qs, errors } = read(text);
    expect(errors).toEqual([]);
    expect(withoutIds(qs)).toEqual(withoutIds(bank));
  });
});

// ---------------------------------------------------------------- the import route

const t = useTestApp();
let teacher: TestUser;
let other: TestUser;
const base = '/api/teacher/question-categories';

const giftFile = (text: string, name = 'soal.gift') => ({ file: { name, data: Buffer.from(text, 'utf8'), type: 'text/plain' } });
const countIn = async (categoryId: number) => (await t.db.select().from(questions).where(eq(questions.categoryId, categoryId))).length;

beforeAll(async () => {
  teacher = await t.factory.teacher();
  other = await t.factory.teacher();
});

describe('POST /question-categories/:id/import (GIFT)', () => {
  const good = 'Apa kepanjangan IP? {=Internet Protocol}\n\nSubnet mask /24? {=255.255.255.0 ~255.255.0.0}\n';

  it('previews without saving, then saves all (201)', async () => {
    const cat = await t.factory.questionCategory(teacher.id);
    const preview = await t.as(teacher.token).upload('POST', `${base}/${cat.id}/import?preview=1`, {}, giftFile(good));
    expect(preview.status).toBe(200);
    expect(preview.body.data.errors).toEqual([]);
    expect(preview.body.data.questions.map((q: { line_or_row: number; type: string }) => [q.line_or_row, q.type])).toEqual([
      [1, 'short_answer'],
      [3, 'multiple_choice'],
    ]);
    expect(await countIn(cat.id)).toBe(0);

    const saved = await t.as(teacher.token).upload('POST', `${base}/${cat.id}/import`, {}, giftFile(good, 'soal.txt'));
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ success: true, message: '2 soal berhasil diimpor', data: { created: 2 } });
    expect(await countIn(cat.id)).toBe(2);
    const list = await t.as(teacher.token).get(`${base}/${cat.id}/questions`);
    expect(list.body.data.items.map((q: { text: string }) => q.text)).toEqual(['Apa kepanjangan IP?', 'Subnet mask /24?']);
  });

  it('a file with a syntax error saves nothing: 422 naming the line', async () => {
    const cat = await t.factory.questionCategory(teacher.id);
    const text = `${good}\nSoal rusak {=a ~b\n`;
    const preview = await t.as(teacher.token).upload('POST', `${base}/${cat.id}/import?preview=1`, {}, giftFile(text));
    expect(preview.status).toBe(200);
    expect(preview.body.data.questions).toHaveLength(2);
    expect(preview.body.data.errors).toEqual([{ line_or_row: 5, message: 'Baris 5: Kurung kurawal { belum ditutup.' }]);

    const res = await t.as(teacher.token).upload('POST', `${base}/${cat.id}/import`, {}, giftFile(text));
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      success: false,
      message: 'Tidak ada soal yang disimpan. Perbaiki kesalahan di file lalu unggah lagi.',
      errors: [{ line_or_row: 5, message: 'Baris 5: Kurung kurawal { belum ditutup.' }],
    });
    expect(await countIn(cat.id)).toBe(0);
  });

  it('refuses what is not GIFT or XLSX, an empty file, a binary .txt, a missing file and a file over 5 MB', async () => {
    const cat = await t.factory.questionCategory(teacher.id);
    const as = t.as(teacher.token);
    const pdf = await as.upload('POST', `${base}/${cat.id}/import`, {}, { file: { name: 'soal.pdf', data: Buffer.from('%PDF-1.4\n') } });
    expect(pdf.status).toBe(415);
    expect(pdf.body.message).toBe('Unggah file GIFT (.gift atau .txt) atau Excel (.xlsx).');
    const binary = await as.upload(
      'POST',
      `${base}/${cat.id}/import`,
      {},
      { file: { name: 'soal.txt', data: Buffer.from([0x00, 0x01, 0x41]) } },
    );
    expect(binary.status).toBe(422);
    expect(binary.body.message).toBe('File GIFT harus berupa teks UTF-8.');
    const fakeXlsx = await as.upload(
      'POST',
      `${base}/${cat.id}/import`,
      {},
      { file: { name: 'soal.xlsx', data: Buffer.from('bukan excel') } },
    );
    expect(fakeXlsx.status).toBe(422);
    expect(fakeXlsx.body.message).toBe('File Excel tidak dapat dibaca. Gunakan template dari tombol "Unduh Template".');
    const onlyComments = await as.upload('POST', `${base}/${cat.id}/import`, {}, giftFile('// hanya komentar\n\n'));
    expect(onlyComments.status).toBe(422);
    expect(onlyComments.body.message).toBe('File tidak berisi soal.');
    const none = await as.upload('POST', `${base}/${cat.id}/import`, { catatan: 'x' }, {});
    expect(none.status).toBe(422);
    expect(none.body.errors).toEqual({ file: ['File wajib dipilih'] });
    const big = await as.upload('POST', `${base}/${cat.id}/import`, {}, giftFile(`Soal {T}\n\n${'x'.repeat(5 * 1024 * 1024)}`));
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('Ukuran file impor maksimal 5 MB.');
    const json = await as.post(`${base}/${cat.id}/import`, { file: 'Soal {T}' });
    expect(json.status).toBe(415);
    expect(await countIn(cat.id)).toBe(0);
  });

  it("is the owner's only: another teacher's category is 404, admin and student 403, no token 401", async () => {
    const cat = await t.factory.questionCategory(teacher.id);
    const url = `${base}/${cat.id}/import`;
    expect((await t.as(other.token).upload('POST', url, {}, giftFile(good))).status).toBe(404);
    expect((await t.as((await t.factory.admin()).token).upload('POST', url, {}, giftFile(good))).status).toBe(403);
    expect((await t.as((await t.factory.student()).token).upload('POST', url, {}, giftFile(good))).status).toBe(403);
    expect((await t.as(null).upload('POST', url, {}, giftFile(good))).status).toBe(401);
    expect(await countIn(cat.id)).toBe(0);
  });
});

describe('GET /question-categories/:id/export.gift', () => {
  it('downloads the category as GIFT that imports back into the same questions', async () => {
    const source = await t.factory.questionCategory(teacher.id, 'Jaringan: Dasar/Lanjut');
    const as = t.as(teacher.token);
    for (const q of bank()) {
      const res = await as.post(`${base}/${source.id}/questions`, q);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    const res = await as.get(`${base}/${source.id}/export.gift`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('attachment; filename="Jaringan- Dasar-Lanjut.gift"');
    const gift = res.raw.body;
    expect(gift).toContain('// Bank Soal Kelasku — Jaringan: Dasar/Lanjut');
    expect(gift).not.toContain('$CATEGORY');

    const copy = await t.factory.questionCategory(teacher.id);
    const imported = await as.upload('POST', `${base}/${copy.id}/import`, {}, giftFile(gift, 'ekspor.gift'));
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    expect(imported.body.data.created).toBe(bank().length);
    const strip = (items: Array<{ type: string; text: string; points: number; data: unknown }>) => withoutIds(items);
    const a = (await as.get(`${base}/${source.id}/questions?per_page=100`)).body.data.items;
    const b = (await as.get(`${base}/${copy.id}/questions?per_page=100`)).body.data.items;
    expect(strip(b)).toEqual(strip(a));

    expect((await t.as(other.token).get(`${base}/${source.id}/export.gift`)).status).toBe(404);
    expect((await t.as((await t.factory.admin()).token).get(`${base}/${source.id}/export.gift`)).status).toBe(403);
    expect((await t.as((await t.factory.student()).token).get(`${base}/${source.id}/export.gift`)).status).toBe(403);
    expect((await t.as(null).get(`${base}/${source.id}/export.gift`)).status).toBe(401);
  });
});

/** One question of each type, as the question form sends them. */
function bank() {
  return [
    {
      type: 'multiple_choice',
      text: 'Topologi {star}: semua = ke pusat?',
      points: 2,
      data: {
        options: [
          { text: 'Ya # benar', correct: true },
          { text: 'Tidak', correct: false },
        ],
      },
    },
    {
      type: 'multiple_answer',
      text: 'Media transmisi kabel',
      points: 3,
      data: {
        options: [
          { text: 'UTP', correct: true },
          { text: 'Fiber optik', correct: true },
          { text: 'Wi-Fi', correct: false },
        ],
      },
    },
    { type: 'true_false', text: 'DHCP membagikan alamat IP.', points: 1, data: { answer: true } },
    { type: 'short_answer', text: 'Kepanjangan DNS?', points: 1, data: { answers: ['Domain Name System'], tolerance: null } },
    { type: 'short_answer', text: 'Jumlah bit IPv4?', points: 1, data: { answers: ['32'], tolerance: 0 } },
    {
      type: 'matching',
      text: 'Jodohkan lapisan OSI',
      points: 4,
      data: {
        pairs: [
          { left: 'Lapisan 1', right: 'Fisik' },
          { left: 'Lapisan 3', right: 'Jaringan' },
        ],
      },
    },
    { type: 'essay', text: 'Jelaskan cara kerja\nNAT.', points: 10, data: {} },
  ];
}
