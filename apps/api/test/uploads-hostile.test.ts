/**
 * Hostile uploads, beyond what files.test.ts covers (types judged by content, empty files, HTML and
 * SVG as sandboxed attachments, size limits, broken forms): polyglots, names that try to become
 * paths or headers, a 0-byte avatar and submission, and a fast-check property over random bytes
 * and names (FUZZ_UPLOAD_RUNS, default 40): never a 5xx, a refusal stores nothing, and whatever is
 * stored is served so that it cannot run script in the app's origin.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { LIMITS, MSG } from '@kelasku/contract';
import { multipartBody, samples, storedObjects, useTestApp, type FormFile } from './helpers.js';
import type { TestUser } from './factory.js';
import { storedFiles } from '../src/db/schema.js';
import { DOCUMENT_TYPES } from '../src/files/types.js';
import { envelopeProblem, fingerprint } from './hardening.js';

const t = useTestApp();
const RUNS = Number(process.env.FUZZ_UPLOAD_RUNS ?? 40);

let teacher: TestUser;
let student: TestUser;
let materials: string;
let submissions: string;
let lessonId: number;

beforeAll(async () => {
  teacher = await t.factory.teacher();
  student = await t.factory.student({ rombelId: 1 });
  const klass = await t.factory.onlineClass(teacher.id, { rombelId: 1 });
  const content = await t.factory.content(klass.id);
  const assignment = await t.factory.assignment(content.id, teacher.id);
  materials = `/api/teacher/online-classes/${klass.id}/contents/${content.id}/materials`;
  submissions = `/api/student/submissions/${assignment.id}`;
  lessonId = content.id;
});

/** A multipart body whose file name is written byte for byte (control characters, quotes, CR LF). */
function rawForm(filename: string, data: Buffer, fields: Record<string, string> = { title: 'Materi' }, field = 'file') {
  const boundary = `----kelaskuHostile${Date.now()}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="`),
    Buffer.from(filename, 'utf8'),
    Buffer.from(`"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

const post = (url: string, token: string, form: { payload: Buffer; contentType: string }) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}`, 'content-type': form.contentType },
    payload: form.payload,
  });

/** Types a browser runs as a document (script included) when shown inline in the app's origin. */
const ACTIVE = /^(text\/html|application\/xhtml\+xml|image\/svg\+xml|text\/xml|application\/xml|text\/javascript|application\/javascript)/;

/** Why a served file could run script in the app's origin; null when it cannot. */
function unsafeServing(headers: Record<string, unknown>): string | null {
  const type = String(headers['content-type'] ?? '');
  const csp = String(headers['content-security-policy'] ?? '');
  const disposition = String(headers['content-disposition'] ?? '');
  if (headers['x-content-type-options'] !== 'nosniff') return 'no nosniff';
  if (/script-src|unsafe-inline'[^;]*script/.test(csp) && !/sandbox/.test(csp)) return `CSP allows script: ${csp}`;
  // Everything but a PDF (shown by the browser's own viewer) is a sandboxed document.
  if (type !== 'application/pdf' && !/(^|;\s*)sandbox(\s*;|$)/.test(csp)) return `not sandboxed: ${type} ${csp}`;
  if (ACTIVE.test(type) && !disposition.startsWith('attachment')) return `active type ${type} shown inline`;
  if (/[\r\n]/.test(disposition)) return 'header injection in Content-Disposition';
  return null;
}

/** Uploads a material and reads it back through its signed link. */
async function storeAndServe(filename: string, data: Buffer) {
  const res = await post(materials, teacher.token, rawForm(filename, data));
  if (res.statusCode !== 201) return { status: res.statusCode, res };
  const link: string = res.json().data.file;
  const served = await t.app.inject({ method: 'GET', url: link });
  return { status: 201, res, served, link, body: res.json() };
}

describe('polyglots', () => {
  const html = '<html><body><script>alert(document.domain)</script></body></html>';
  const cases: Array<[string, Buffer]> = [
    ['gifar.gif', Buffer.from(`GIF89a/*\x01\x00\x01\x00\x00\x00\x00*/=1;alert(1)//${html}`, 'latin1')],
    ['pdf-html.pdf', Buffer.from(`%PDF-1.4\n${html}\n%%EOF\n`)],
    ['pdf-html.html', Buffer.from(`%PDF-1.4\n${html}\n%%EOF\n`)],
    ['png-html.png', Buffer.concat([samples.png(), Buffer.from(html)])],
    ['html-as-text.txt', Buffer.from(html)],
    ['svg-in-png.png', Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>`)],
    ['jpeg-html.jpg', Buffer.concat([samples.jpeg(), Buffer.from(html)])],
    ['zip-html.html', Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(30), Buffer.from(html)])],
  ];

  it('are stored as one harmless type or refused, and served so that no script runs in the app', async () => {
    const seen: string[] = [];
    for (const [name, data] of cases) {
      const r = await storeAndServe(name, data);
      expect([201, 415], `${name}: ${r.res.body}`).toContain(r.status);
      if (r.status !== 201) {
        seen.push(`${name}: 415`);
        continue;
      }
      expect(r.served!.statusCode, name).toBe(200);
      expect(unsafeServing(r.served!.headers), name).toBeNull();
      seen.push(`${name}: ${r.served!.headers['content-type']} ${String(r.served!.headers['content-disposition']).split(';')[0]}`);
    }
    // The PDF-looking HTML is a PDF; the HTML named .txt is plain text.
    expect(seen).toContain('pdf-html.html: application/pdf inline');
    expect(seen).toContain('html-as-text.txt: text/plain; charset=utf-8 inline');
  });

  it('an avatar that is a PNG with HTML after it is served as a PNG, never as a page', async () => {
    const res = await post(
      '/api/profile/update-avatar',
      student.token,
      rawForm('foto.html', Buffer.concat([samples.png(), Buffer.from('<script>alert(1)</script>')]), {}, 'avatar'),
    );
    expect(res.statusCode, res.body).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: res.json().data.avatar });
    expect(served.headers['content-type']).toBe('image/png');
    expect(unsafeServing(served.headers)).toBeNull();
  });
});

describe('file names', () => {
  it('never become a path, a header or a control sequence; the stored name is generated', async () => {
    const names: Array<[string, string | null | 'refused-or-clean']> = [
      ['../../../../etc/passwd.pdf', 'passwd.pdf'],
      ['..\\..\\windows\\win.ini.pdf', 'win.ini.pdf'],
      ['/absolute/path/tugas.pdf', 'tugas.pdf'],
      ['bell\u0007and\u001b[31mred.pdf', 'belland[31mred.pdf'],
      ['nul\u0000byte.pdf', null],
      ['tab\tname.pdf', 'tabname.pdf'],
      // A quote ends the name in the form's header: what is left has no extension (415), or is cleaned.
      ['quote"and<tag>.pdf', 'refused-or-clean'],
      [`${'panjang'.repeat(60)}.pdf`, null],
      ['tugas saya (final) — revisi 2.pdf', 'tugas saya (final) — revisi 2.pdf'],
    ];
    for (const [name, expected] of names) {
      const r = await storeAndServe(name, samples.pdf());
      if (expected === 'refused-or-clean' && r.status === 415) continue;
      expect(r.status, `${JSON.stringify(name)}: ${r.res.body}`).toBe(201);
      const shown: string = r.body.data.filename;
      if (expected && expected !== 'refused-or-clean') expect(shown, JSON.stringify(name)).toBe(expected);
      // eslint-disable-next-line no-control-regex -- control characters are exactly what must not be shown
      expect(shown).not.toMatch(/[\u0000-\u001f\u007f/\\"<>]/);
      expect(shown.length).toBeLessThanOrEqual(200);
      expect(unsafeServing(r.served!.headers), name).toBeNull();
      const id = Number(/\/api\/files\/(\d+)/.exec(r.link!)![1]);
      const [row] = await t.db.select().from(storedFiles).where(eq(storedFiles.id, id));
      expect(row!.storageKey).toMatch(/^[0-9a-f]{2}\/[0-9a-f-]{36}$/);
    }
    for (const f of await storedObjects(t.app.files.storage)) expect(f).toMatch(/^([0-9a-f]{2}\/[0-9a-f-]{36}|\.tmp\/[0-9a-f-]{36})$/);
  });

  it('a CR LF in the name cannot add a response header', async () => {
    const r = await storeAndServe('a\r\nSet-Cookie: sesi=curian\r\nX-Injected: 1.pdf', samples.pdf());
    // The form parser cuts the name at the line break (no extension left: 415), refuses the part (400)
    // or keeps a cleaned name; never a 5xx, never a new header.
    expect([201, 400, 415, 422], r.res.body).toContain(r.status);
    if (r.status === 201) {
      expect(r.served!.headers['set-cookie']).toBeUndefined();
      expect(r.served!.headers['x-injected']).toBeUndefined();
      expect(unsafeServing(r.served!.headers)).toBeNull();
    } else {
      expect(envelopeProblem(r.res.body)).toBeNull();
    }
  });
});

describe('empty files', () => {
  it('a 0-byte avatar and a 0-byte submission are 422 "File kosong tidak dapat diunggah" and store nothing', async () => {
    const before = await fingerprint(t);
    const avatar = await post('/api/profile/update-avatar', student.token, rawForm('kosong.png', Buffer.alloc(0), {}, 'avatar'));
    expect(avatar.statusCode).toBe(422);
    expect(avatar.json().message).toBe(MSG.fileEmpty);
    const sub = await post(submissions, student.token, rawForm('kosong.pdf', Buffer.alloc(0), {}));
    expect(sub.statusCode).toBe(422);
    expect(sub.json().message).toBe(MSG.fileEmpty);
    expect(await fingerprint(t)).toBe(before);
  });
});

describe('several files in one hand-in (multipart field `files`, repeated)', () => {
  /** A fresh assignment of the student's class, and its hand-in URL. */
  const freshAssignment = async () => `/api/student/submissions/${(await t.factory.assignment(lessonId, teacher.id)).id}`;
  const handIn = (url: string, files: FormFile[], fields: Record<string, string> = {}) =>
    post(url, student.token, multipartBody(fields, { files }));
  const good = (): FormFile[] => [
    { name: 'halaman-1.jpg', data: samples.jpeg() },
    { name: 'halaman-2.png', data: samples.png() },
    { name: 'jawaban.pdf', data: samples.pdf('jawaban') },
  ];
  /** Files that refuse the whole hand-in, with the status and message they get. */
  const bad: Array<[string, FormFile, number, string]> = [
    ['a program named .jpg', { name: 'foto.jpg', data: samples.exe() }, 415, MSG.fileType],
    ['a program', { name: 'virus.exe', data: samples.exe() }, 415, MSG.fileType],
    [
      'an ELF named .pdf',
      { name: 'tugas.pdf', data: Buffer.concat([Buffer.from('\x7fELF', 'latin1'), Buffer.alloc(100)]) },
      415,
      MSG.fileType,
    ],
    ['an empty photo', { name: 'kosong.jpg', data: Buffer.alloc(0) }, 422, MSG.fileEmpty],
  ];

  it('a refused file first, in the middle or last refuses the whole hand-in: nothing stored, the earlier work untouched', async () => {
    const url = await freshAssignment();
    const first = await handIn(url, good(), { text: 'Jawaban pertama' });
    expect(first.statusCode, first.body).toBe(201);
    const earlier = first.json().data.submission;
    expect(earlier.files.map((f: any) => f.filename)).toEqual(['halaman-1.jpg', 'halaman-2.png', 'jawaban.pdf']);
    const keep = earlier.files.map((f: any) => f.file_id).join(',');
    for (const [what, file, status, message] of bad) {
      for (const at of [0, 1, 3]) {
        const files = good();
        files.splice(at, 0, file);
        for (const fields of [{}, { keep, text: 'Jawaban kedua' }] as Array<Record<string, string>>) {
          const before = await fingerprint(t);
          const res = await handIn(url, files, fields);
          const where = `${what} at ${at} ${JSON.stringify(fields)}`;
          expect(res.statusCode, `${where}: ${res.body}`).toBe(status);
          expect(res.json().message, where).toBe(message);
          expect(envelopeProblem(res.body), where).toBeNull();
          expect(await fingerprint(t), `${where} changed rows or files`).toBe(before);
        }
      }
    }
    // The student still sees the first hand-in, and its files still open.
    const mine = (await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${student.token}` } })).json().data.submission;
    expect(mine).toMatchObject({ text_answer: 'Jawaban pertama', revision: earlier.revision });
    expect(mine.files.map((f: any) => f.file_id)).toEqual(earlier.files.map((f: any) => f.file_id));
    for (const f of mine.files) expect((await t.app.inject({ method: 'GET', url: f.file })).statusCode).toBe(200);
  });

  it('hostile names and polyglots among several files are each stored under a clean name and served without script', async () => {
    const url = await freshAssignment();
    const html = '<html><body><script>alert(document.domain)</script></body></html>';
    const files: FormFile[] = [
      { name: '../../../../etc/passwd.pdf', data: samples.pdf() },
      { name: '..\\windows\\win.ini.png', data: samples.png() },
      { name: 'png-html.png', data: Buffer.concat([samples.png(), Buffer.from(html)]) },
      { name: 'html-as-text.txt', data: Buffer.from(html) },
      { name: 'foto.html', data: Buffer.concat([samples.jpeg(), Buffer.from(html)]) },
    ];
    const res = await handIn(url, files);
    expect(res.statusCode, res.body).toBe(201);
    const stored = res.json().data.submission.files;
    expect(stored).toHaveLength(files.length);
    expect(stored.map((f: any) => f.filename).slice(0, 2)).toEqual(['passwd.pdf', 'win.ini.png']);
    for (const f of stored) {
      // eslint-disable-next-line no-control-regex -- control characters are exactly what must not be shown
      expect(f.filename).not.toMatch(/[\u0000-\u001f\u007f/\\"<>]/);
      const served = await t.app.inject({ method: 'GET', url: f.file });
      expect(served.statusCode).toBe(200);
      expect(unsafeServing(served.headers), `${f.filename} served as ${served.headers['content-type']}`).toBeNull();
    }
  });

  it('eleven files or a file under another field store nothing; `file` and `files` together are one hand-in', async () => {
    const url = await freshAssignment();
    const eleven = Array.from({ length: LIMITS.submissionFiles + 1 }, (_, i) => ({ name: `foto-${i}.png`, data: samples.png() }));
    const before = await fingerprint(t);
    const res = await handIn(url, eleven);
    expect(res.statusCode).toBe(422);
    expect(envelopeProblem(res.body)).toBeNull();
    expect(await fingerprint(t)).toBe(before);
    // A file under another field name is not handed in (and not stored): with nothing else, the hand-in is empty.
    const other = await post(url, student.token, multipartBody({}, { berkas: [{ name: 'a.pdf', data: samples.pdf() }] }));
    expect(other.statusCode).toBe(422);
    expect(await fingerprint(t)).toBe(before);
    // `file` and `files` together are one hand-in.
    const both = await post(
      url,
      student.token,
      multipartBody({}, { file: { name: 'satu.pdf', data: samples.pdf('1') }, files: [{ name: 'dua.pdf', data: samples.pdf('2') }] }),
    );
    expect(both.statusCode, both.body).toBe(201);
    expect(both.json().data.submission.files.map((f: any) => f.filename)).toEqual(['satu.pdf', 'dua.pdf']);
  });
});

describe('random uploads', () => {
  const magic = fc.constantFrom(
    Buffer.alloc(0),
    samples.pdf(),
    samples.png(),
    samples.jpeg(),
    samples.exe(),
    Buffer.from('GIF89a', 'latin1'),
    Buffer.from('PK\x03\x04', 'latin1'),
    Buffer.from('<svg xmlns="http://www.w3.org/2000/svg">'),
    Buffer.from('<!DOCTYPE html><script>'),
    Buffer.from('\x7fELF', 'latin1'),
    Buffer.from('#!/bin/sh\n'),
  );
  const ext = fc.constantFrom(...Object.keys(DOCUMENT_TYPES), 'exe', 'sh', 'js', 'php', 'xhtml', 'xml', 'htaccess', '', 'PDF', 'Html');
  const stem = fc.oneof(
    fc.string({ unit: 'grapheme', maxLength: 20 }),
    fc.constantFrom('../../x', '..', '.', '', 'con', '\u0000', '\u202etxt.exe', 'a\\b/c', ' ', '%2e%2e%2f'),
  );

  it('never a 5xx; a refusal stores nothing; a stored file is served without running script', async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(magic, fc.uint8Array({ maxLength: 3000 }), stem, ext, fc.boolean(), async (head, rest, s, e, asSubmission) => {
        const name = e ? `${s}.${e}` : s;
        const data = Buffer.concat([head, Buffer.from(rest)]);
        const before = await fingerprint(t);
        const { payload, contentType } = multipartBody(asSubmission ? {} : { title: 'Acak' }, {
          file: { name: name.replace(/["\r\n]/g, ''), data },
        });
        const res = await post(asSubmission ? submissions : materials, asSubmission ? student.token : teacher.token, {
          payload,
          contentType,
        });
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        expect(res.statusCode, `${JSON.stringify(name)} ${data.length} B → ${res.body}`).toBeLessThan(500);
        if (res.statusCode >= 400) {
          expect([400, 413, 415, 422]).toContain(res.statusCode);
          expect(envelopeProblem(res.body)).toBeNull();
          expect(await fingerprint(t), `refused ${JSON.stringify(name)} but something changed`).toBe(before);
          return;
        }
        const link: string = asSubmission ? res.json().data.submission.files[0].file : res.json().data.file;
        const served = await t.app.inject({ method: 'GET', url: link });
        expect(served.statusCode).toBe(200);
        expect(served.rawPayload.length).toBe(data.length);
        expect(unsafeServing(served.headers), `${JSON.stringify(name)} served as ${served.headers['content-type']}`).toBeNull();
      }),
      { numRuns: RUNS },
    );
    console.info(`random uploads: ${RUNS} runs, statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
  }, 120_000);
});
