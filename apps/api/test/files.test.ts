import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { createHmac, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { CLASS_MSG, FILE_MSG, LIMITS, MB, MSG } from '@kelasku/contract';
import { readStored, samples, storageKind, uploadsUnderWay, useTestApp } from './helpers.js';
import { appSettings, materials, storedFiles } from '../src/db/schema.js';
import type { DiskStorage } from '../src/files/storage.js';
import { leavesNothing as leavesNothingBehind, storedOnDisk as onDisk, storedRowCount } from './class-files.js';

const t = useTestApp();
let underWay: () => string[];

let teacher: Awaited<ReturnType<typeof t.factory.teacher>>;
let base: string;

beforeAll(async () => {
  underWay = uploadsUnderWay(t.app.files.storage);
  teacher = await t.factory.teacher();
  const klass = await t.factory.onlineClass(teacher.id);
  const content = await t.factory.content(klass.id);
  base = `/api/teacher/online-classes/${klass.id}/contents/${content.id}/materials`;
});

type Part = [name: string, value: string | { filename: string; data: Buffer; type?: string }];

/** A multipart body with its parts in the given order. */
function form(parts: Part[]): { payload: Buffer; contentType: string; boundary: string } {
  const boundary = `----kelasku${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of parts) {
    if (typeof value === 'string') {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\nContent-Type: ${value.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        value.data,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}`, boundary };
}

const upload = (parts: Part[], url = base, token = teacher.token) => {
  const { payload, contentType } = form(parts);
  return t.as(token).request('POST', url, payload, { 'content-type': contentType });
};

/** Compares bytes at once (toEqual walks a buffer byte by byte). */
const sameBytes = (a: Buffer, b: Buffer) => Buffer.compare(a, b) === 0;

const storedOnDisk = () => onDisk(t);
const pendingOnDisk = async () => (await storedOnDisk()).filter((f) => f.startsWith('.tmp'));
/** Uploads begun and not yet stored or thrown away (a bucket lists an upload only once it completes). */
const uploadsInFlight = async () => underWay();
const rowCount = () => storedRowCount(t);
const leavesNothing = (work: () => Promise<void>) => leavesNothingBehind(t, work);

async function waitFor(check: () => Promise<boolean>, what: string, ms = 10_000) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const pdf = (size: number) => {
  const head = samples.pdf();
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 0x20)]);
};

/** The first bytes of an MP4 file (an ftyp box) followed by `size` bytes of counting data. */
const mp4 = (size: number) => {
  const ftyp = Buffer.from('00000018667479706d703432000000006d70343269736f6d', 'hex');
  const body = Buffer.alloc(size - ftyp.length);
  for (let i = 0; i < body.length; i++) body[i] = i % 251;
  return Buffer.concat([ftyp, body]);
};

/** The first page of an Ogg stream of the given codec. */
const ogg = (codec: string) => {
  const b = Buffer.alloc(200);
  b.write('OggS', 0, 'latin1');
  b[5] = 2;
  b[26] = 1;
  b[27] = 30;
  b.write(codec, 28, 'latin1');
  return b;
};

/** Uploads a file as a material and returns its signed link and the stored row. */
async function stored(filename: string, data: Buffer, title = 'Materi') {
  const res = await upload([
    ['title', title],
    ['file', { filename, data }],
  ]);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const url: string = res.body.data.file;
  const id = Number(/\/api\/files\/(\d+)\?/.exec(url)![1]);
  const [row] = await t.db.select().from(storedFiles).where(eq(storedFiles.id, id));
  return { url, id, row: row!, body: res.body };
}

describe('uploading a file', () => {
  it('stores the bytes under a generated name and keeps the original name, size and type in the database', async () => {
    const data = pdf(10_000);
    const { url, row, body } = await stored('Modul Jaringan Dasar.pdf', data, 'Modul 1');
    expect(body.message).toBe(CLASS_MSG.materialCreated);
    expect(body.data).toMatchObject({
      title: 'Modul 1',
      filename: 'Modul Jaringan Dasar.pdf',
      file_extension: 'pdf',
      size: 10_000,
      mime: 'application/pdf',
    });
    // The link names the user it was made for (the teacher): it opens while they see the material.
    expect(url).toMatch(new RegExp(`^/api/files/\\d+\\?e=\\d+&s=[A-Za-z0-9_-]{32}&u=${teacher.id}$`));
    expect(row).toMatchObject({ originalName: 'Modul Jaringan Dasar.pdf', mimeType: 'application/pdf', size: 10_000 });
    // The name on disk is generated: nothing the user sent becomes part of a path.
    expect(row.storageKey).toMatch(/^[0-9a-f]{2}\/[0-9a-f-]{36}$/);
    expect(sameBytes((await readStored(t.app.files.storage, row.storageKey))!, data)).toBe(true);
  });

  it('accepts the fields in any order', async () => {
    const res = await upload([
      ['file', { filename: 'urutan.pdf', data: samples.pdf() }],
      ['title', 'Judul sesudah file'],
    ]);
    expect(res.status).toBe(201);
    expect(res.body.data.title).toBe('Judul sesudah file');
  });

  it('drops bidirectional-override and control characters from the display name, so "tugas\u202Efdp.exe" cannot pose as a PDF', async () => {
    // U+202E turns the rest around: the name would read "tugasexe.pdf" while it ends in .exe.
    const disguised = await upload([
      ['title', 'Tugas'],
      ['file', { filename: 'tugas\u202Efdp.exe', data: samples.exe() }],
    ]);
    expect(disguised.status).toBe(415);
    const cases: Array<[string, string]> = [
      ['laporan\u202Efdp.txt.pdf', 'laporanfdp.txt.pdf'],
      ['\u2066tugas\u2069 \u202Abab\u202C \u202Bdua\u202D.pdf', 'tugas bab dua.pdf'],
      ['kiri\u200Ekanan\u200F\u061C.pdf', 'kirikanan.pdf'],
      ['c1\u0085\u009Bkontrol\u0080.pdf', 'c1kontrol.pdf'],
      ['tab\there\u0007.pdf', 'tabhere.pdf'],
      ['\u202E\u2067laporan.pdf', 'laporan.pdf'],
    ];
    for (const [name, shown] of cases) {
      const { row, body } = await stored(name, samples.pdf());
      expect(row.originalName, JSON.stringify(name)).toBe(shown);
      expect(body.data.filename).toBe(shown);
      const served = await t.as().get(body.data.file);
      expect(served.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(shown)}`);
    }
  });

  it('keeps a UTF-8 file name and drops folders and control characters from it', async () => {
    const { row, body } = await stored('Matéri Bahasa 日本語 — bab 1.pdf', samples.pdf());
    expect(row.originalName).toBe('Matéri Bahasa 日本語 — bab 1.pdf');
    expect(body.data.filename).toBe('Matéri Bahasa 日本語 — bab 1.pdf');
    const sneaky = await stored('..\\..\\etc\\pass|w:d.txt', samples.text('isi'));
    expect(sneaky.row.originalName).toBe('passwd.txt');
  });

  it('answers a missing file with 422 "File wajib dipilih", together with other invalid fields', async () => {
    await leavesNothing(async () => {
      const noFile = await upload([['title', 'Tanpa file']]);
      expect(noFile.status).toBe(422);
      expect(noFile.body).toEqual({ success: false, message: MSG.fileRequired, errors: { file: [MSG.fileRequired] } });
      const nothing = await upload([['title', '  ']]);
      expect(nothing.status).toBe(422);
      expect(nothing.body.errors).toEqual({ title: [MSG.required], file: [MSG.fileRequired] });
      // A file under another field name is not the material's file.
      const wrongField = await upload([
        ['title', 'Salah nama'],
        ['berkas', { filename: 'a.pdf', data: samples.pdf() }],
      ]);
      expect(wrongField.status).toBe(422);
      expect(wrongField.body.errors).toEqual({ file: [MSG.fileRequired] });
    });
  });

  it('removes the stored file when the other fields are refused', async () => {
    await leavesNothing(async () => {
      const res = await upload([
        ['file', { filename: 'tanpa-judul.pdf', data: pdf(200_000) }],
        ['title', ''],
      ]);
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ success: false, message: MSG.required, errors: { title: [MSG.required] } });
      const long = await upload([
        ['title', 'x'.repeat(256)],
        ['file', { filename: 'judul-panjang.pdf', data: samples.pdf() }],
      ]);
      expect(long.status).toBe(422);
      expect(long.body.errors).toEqual({ title: ['Maksimal 255 karakter'] });
    });
  });

  it('refuses an empty file with 422', async () => {
    await leavesNothing(async () => {
      const res = await upload([
        ['title', 'Kosong'],
        ['file', { filename: 'kosong.pdf', data: Buffer.alloc(0) }],
      ]);
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ success: false, message: MSG.fileEmpty, errors: { file: [MSG.fileEmpty] } });
    });
  });

  it('refuses a type that is not allowed, judged by content and name, with 415', async () => {
    await leavesNothing(async () => {
      const cases: Array<[string, Buffer]> = [
        ['setup.exe', samples.exe()],
        ['materi.pdf', samples.exe()], // a program named .pdf
        ['materi.pdf', samples.text('bukan pdf sama sekali')], // text named .pdf
        ['tanpa-ekstensi', samples.pdf()],
        ['skrip.sh', samples.text('#!/bin/sh\nrm -rf /\n')],
        ['besar.pdf', Buffer.concat([samples.exe(), Buffer.alloc(3 * MB)])], // refused early, the rest is read and dropped
      ];
      for (const [filename, data] of cases) {
        const res = await upload([
          ['title', 'Berbahaya'],
          ['file', { filename, data }],
        ]);
        expect(res.status, filename).toBe(415);
        expect(res.body).toEqual({ success: false, message: MSG.fileType, errors: { file: [MSG.fileType] } });
      }
    });
  });

  it('accepts documents, images, audio and video, and serves a mislabelled allowed type as what it is', async () => {
    const cases: Array<[string, Buffer, string]> = [
      ['catatan.txt', samples.text('Catatan jaringan'), 'text/plain'],
      ['foto.png', samples.png(), 'image/png'],
      ['foto.jpg', samples.jpeg(), 'image/jpeg'],
      ['video.mp4', mp4(5000), 'video/mp4'],
      ['halaman.html', samples.text('<html><body>Halo</body></html>'), 'text/html'],
      ['gambar.svg', samples.text('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'image/svg+xml'],
      ['foto.png', samples.jpeg(), 'image/jpeg'], // a JPEG named .png
      ['suara.ogg', ogg('OpusHead'), 'audio/ogg'],
      ['foto-hp.heic', Buffer.concat([Buffer.from('000000186674797068656963', 'hex'), Buffer.alloc(100)]), 'image/heic'],
      ['topologi.pkt', Buffer.from(Array.from({ length: 2000 }, (_, i) => (i * 73 + 41) % 256)), 'application/octet-stream'], // Packet Tracer: no magic number
    ];
    for (const [filename, data, mime] of cases) {
      const { row } = await stored(filename, data);
      expect(row.mimeType, filename).toBe(mime);
    }
  });

  it('takes one file only', async () => {
    await leavesNothing(async () => {
      const res = await upload([
        ['title', 'Dua file'],
        ['file', { filename: 'a.pdf', data: samples.pdf() }],
        ['file', { filename: 'b.pdf', data: samples.pdf() }],
      ]);
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ success: false, message: FILE_MSG.oneFileOnly, errors: { file: [FILE_MSG.oneFileOnly] } });
    });
  });

  it('answers a body that is not multipart with 415 and a broken form with 400, never 500', async () => {
    await leavesNothing(async () => {
      const json = await t.as(teacher.token).post(base, { title: 'JSON' });
      expect(json.status).toBe(415);
      expect(json.body).toEqual({ success: false, message: FILE_MSG.notMultipart });
      const noBoundary = await t.as(teacher.token).request('POST', base, 'abc', { 'content-type': 'multipart/form-data' });
      expect(noBoundary.status).toBe(400);
      expect(noBoundary.body).toEqual({ success: false, message: MSG.malformed });
      const { payload, contentType } = form([
        ['title', 'Terpotong'],
        ['file', { filename: 'a.pdf', data: pdf(50_000) }],
      ]);
      const cut = await t.as(teacher.token).request('POST', base, payload.subarray(0, 30_000), { 'content-type': contentType });
      expect(cut.status, t.logs.filter((l) => l.includes('"level":50')).join('\n')).toBe(400);
      expect(cut.body).toEqual({ success: false, message: FILE_MSG.uploadInterrupted });
    });
  });

  it('refuses avatars that are not JPEG or PNG by content, and avatars over 5 MB', async () => {
    const student = await t.factory.student();
    const send = (filename: string, data: Buffer) => {
      const { payload, contentType } = form([['avatar', { filename, data }]]);
      return t.as(student.token).request('POST', '/api/profile/update-avatar', payload, { 'content-type': contentType });
    };
    await leavesNothing(async () => {
      const gif = await send('foto.png', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'));
      expect(gif.status).toBe(415);
      expect(gif.body.message).toBe(MSG.avatarType);
      const big = await send('besar.png', Buffer.concat([samples.png(), Buffer.alloc(5 * MB)]));
      expect(big.status).toBe(413);
      expect(big.body).toEqual({ success: false, message: MSG.avatarTooLarge });
    });
  });
});

describe('signed file links', () => {
  let file: Awaited<ReturnType<typeof stored>>;
  const data = mp4(100_000);

  beforeAll(async () => {
    file = await stored('Video Praktik Crimping.mp4', data);
  });

  it('open without a bearer header, with the type, the original name and the whole content', async () => {
    const res = await t.as().get(file.url);
    expect(res.status).toBe(200);
    expect(sameBytes(res.raw.rawPayload, data)).toBe(true);
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.headers['content-length']).toBe(String(data.length));
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="Video Praktik Crimping.mp4"; filename*=UTF-8''Video%20Praktik%20Crimping.mp4`,
    );
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain('sandbox');
  });

  it('stay the same within their ten-minute step (signed once) and move on to a later expiry after it', async () => {
    const expiry = (url: string) => Number(new URL(url, 'http://x').searchParams.get('e'));
    const links = t.app.files.forUser(teacher.id);
    const first = links.url(file.id);
    expect(links.url(file.id)).toBe(first);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 11 * 60_000 });
    let later: string;
    try {
      later = links.url(file.id);
    } finally {
      vi.useRealTimers();
    }
    expect(expiry(later)).toBeGreaterThan(expiry(first));
    for (const url of [first, later]) expect((await t.as().get(url)).status, url).toBe(200);
  });

  it('refuse an altered or a missing signature with 403 and an expired one with 410 (JSON to a script)', async () => {
    const u = new URL(file.url, 'http://x');
    const sig = u.searchParams.get('s')!;
    const exp = u.searchParams.get('e')!;
    const user = u.searchParams.get('u')!;
    const flipped = `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
    const secret = (await t.db.select().from(appSettings).where(eq(appSettings.key, 'file_url_secret')))[0]!.value;
    const past = Math.floor(Date.now() / 1000) - 60;
    const signed = (what: string) => createHmac('sha256', secret).update(what).digest('base64url').slice(0, 32);
    const expiredSig = signed(`file:${file.id}:user:${user}.${past}`);
    // The forged link is right in every way but its time: the same recipe with a future time works.
    const future = Math.floor(Date.now() / 1000) + 600;
    const freshSig = signed(`file:${file.id}:user:${user}.${future}`);
    expect((await t.as().get(`/api/files/${file.id}?e=${future}&s=${freshSig}&u=${user}`)).status).toBe(200);
    // Signed without the user (the recipe of an avatar's link), or for another user, it is not ours.
    const userless = signed(`${file.id}.${future}`);

    const other = await stored('lain.pdf', samples.pdf());
    const refused = [
      `/api/files/${file.id}?e=${exp}&s=${flipped}&u=${user}`,
      `/api/files/${file.id}?e=${future}&s=${userless}&u=${user}`,
      `/api/files/${file.id}?e=${future}&s=${freshSig}&u=${Number(user) + 1}`,
      `/api/files/${file.id}?e=${future}&s=${freshSig}&u=x`,
      `/api/files/${file.id}?e=${exp}&s=${sig}`,
      `/api/files/${file.id}?e=${Number(exp) + 600}&s=${sig}`,
      `/api/files/${other.id}?e=${exp}&s=${sig}`,
      `/api/files/${file.id}?e=${exp}`,
      `/api/files/${file.id}?s=${sig}`,
      `/api/files/${file.id}`,
      `/api/files/${file.id}?e=abc&s=${sig}`,
    ];
    for (const url of refused) {
      const res = await t.as(teacher.token).get(url);
      expect(res.status, url).toBe(403);
      expect(res.body).toEqual({ success: false, message: MSG.fileLinkInvalid });
    }
    const expired = await t.as(teacher.token).get(`/api/files/${file.id}?e=${past}&s=${expiredSig}&u=${user}`);
    expect(expired.status).toBe(410);
    expect(expired.body).toEqual({ success: false, message: MSG.fileLinkInvalid });

    // Opened in a browser tab: a small Indonesian page with the way back, never JSON.
    const tab = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
    const pages: Array<[string, number, string]> = [
      [`/api/files/${file.id}?e=${past}&s=${expiredSig}&u=${user}`, 410, FILE_MSG.linkExpiredPage],
      ...refused.map((url): [string, number, string] => [url, 403, FILE_MSG.linkInvalidPage]),
    ];
    for (const [url, status, message] of pages) {
      const res = await t.as().request('GET', url, undefined, tab);
      expect(res.status, url).toBe(status);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
      expect(res.body).toMatch(/^<!doctype html><html lang="id">/);
      expect(res.body).toContain(`<p>${message}</p>`);
      expect(res.body).toContain(`<a href="/">${FILE_MSG.backToApp}</a>`);
      expect(res.body).not.toContain('success');
    }
  });

  it('answer 404 for a file that no longer exists', async () => {
    const gone = await stored('hapus.pdf', samples.pdf());
    await t.db.delete(materials).where(eq(materials.fileId, gone.id));
    await t.app.files.release([gone.id]);
    const res = await t.as().get(gone.url);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, message: MSG.notFound });
    expect(await readStored(t.app.files.storage, gone.row.storageKey)).toBeNull();
    // In a browser tab: the page with the way back.
    const tab = await t.as().request('GET', gone.url, undefined, { accept: 'text/html' });
    expect(tab.status).toBe(404);
    expect(tab.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(tab.body).toContain(FILE_MSG.fileGonePage);
    expect(tab.body).toContain('<a href="/">');
  });

  it('serve byte ranges with 206 and Content-Range, so a video can be seeked', async () => {
    const get = (range: string) => t.as().request('GET', file.url, undefined, { range });
    const mid = await get('bytes=1000-1999');
    expect(mid.status).toBe(206);
    expect(mid.headers['content-range']).toBe(`bytes 1000-1999/${data.length}`);
    expect(mid.headers['content-length']).toBe('1000');
    expect(sameBytes(mid.raw.rawPayload, data.subarray(1000, 2000))).toBe(true);

    const open = await get('bytes=99990-');
    expect(open.status).toBe(206);
    expect(open.headers['content-range']).toBe(`bytes 99990-99999/${data.length}`);
    expect(sameBytes(open.raw.rawPayload, data.subarray(99990))).toBe(true);

    const suffix = await get('bytes=-16');
    expect(suffix.status).toBe(206);
    expect(sameBytes(suffix.raw.rawPayload, data.subarray(data.length - 16))).toBe(true);

    const past = await get('bytes=99990-200000');
    expect(past.status).toBe(206);
    expect(past.headers['content-range']).toBe(`bytes 99990-99999/${data.length}`);

    const outside = await get(`bytes=${data.length}-`);
    expect(outside.status).toBe(416);
    expect(outside.headers['content-range']).toBe(`bytes */${data.length}`);
    expect(outside.body).toEqual({ success: false, message: MSG.rangeInvalid });

    // Forms this server does not serve as ranges are ignored: the whole file.
    for (const ignored of ['bytes=0-1,5-6', 'items=0-5', 'bytes=9-2']) {
      const res = await get(ignored);
      expect(res.status, ignored).toBe(200);
      expect(sameBytes(res.raw.rawPayload, data)).toBe(true);
    }
  });

  it('answer a repeated read with 304 when the copy is current', async () => {
    const first = await t.as().get(file.url);
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await t.as().request('GET', file.url, undefined, { 'if-none-match': `W/"x", ${etag}` });
    expect(again.status).toBe(304);
    expect(again.raw.rawPayload.length).toBe(0);
  });

  it('answer HEAD with the headers only', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: file.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe(String(data.length));
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.rawPayload.length).toBe(0);
  });

  it('name UTF-8 files exactly in Content-Disposition, with an ASCII fallback', async () => {
    const f = await stored("Rangkuman (bab 2) – Pengalamatan IP's.pdf", samples.pdf());
    const res = await t.as().get(f.url);
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="Rangkuman (bab 2) _ Pengalamatan IP's.pdf"; filename*=UTF-8''Rangkuman%20%28bab%202%29%20%E2%80%93%20Pengalamatan%20IP%27s.pdf`,
    );
    const decoded = decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(res.headers['content-disposition'] as string)![1]!);
    expect(decoded).toBe("Rangkuman (bab 2) – Pengalamatan IP's.pdf");
  });

  it('serve HTML and SVG as sandboxed attachments, never as a page of the app', async () => {
    for (const [filename, body, mime] of [
      ['serangan.html', '<script>alert(document.cookie)</script>', 'text/html; charset=utf-8'],
      ['gambar.svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'image/svg+xml'],
    ] as const) {
      const f = await stored(filename, samples.text(body));
      const res = await t.as().get(f.url);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe(mime);
      expect(res.headers['content-disposition']).toMatch(/^attachment; /);
      expect(res.headers['content-security-policy']).toBe(
        "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'; sandbox",
      );
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it("show PDF, text and images inline; a PDF without the sandbox that would stop the browser's viewer", async () => {
    const p = await t.as().get((await stored('a.pdf', samples.pdf())).url);
    expect(p.headers['content-disposition']).toMatch(/^inline; /);
    expect(p.headers['content-security-policy']).toBe("frame-ancestors 'self'");
    const txt = await t.as().get((await stored('a.txt', samples.text('<b>teks</b>'))).url);
    expect(txt.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(txt.headers['content-disposition']).toMatch(/^inline; /);
    expect(txt.headers['content-security-policy']).toContain('sandbox');
    const img = await t.as().get((await stored('a.png', samples.png())).url);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['content-disposition']).toMatch(/^inline; /);
  });

  it('answer 404, not 500, when the stored bytes have gone missing', async () => {
    const f = await stored('hilang.pdf', samples.pdf());
    await t.app.files.storage.remove(f.row.storageKey);
    const res = await t.as().get(f.url);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, message: MSG.notFound });
  });
});

describe('uploads over a real connection', () => {
  let port: number;

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });

  /**
   * Starts an upload of a material over a plain TCP connection, the way a browser sends it: the
   * form's head goes at once, the file's bytes follow by send(), with the socket's back-pressure.
   * `more` announces that many bytes beyond the form.
   */
  function rawUpload(fileSize: number, opts: { url?: string; method?: string; token?: string; more?: number } = {}) {
    const boundary = `----kelasku${randomBytes(8).toString('hex')}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nMateri besar\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="besar.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.write(
      `${opts.method ?? 'POST'} ${opts.url ?? base} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${opts.token ?? teacher.token}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${head.length + fileSize + tail.length + (opts.more ?? 0)}\r\n\r\n`,
    );
    socket.write(head);
    let closed = false;
    socket.on('close', () => (closed = true));
    socket.on('error', () => {});
    /** The answer: resolves once the whole response has arrived; rejects if the connection ends first. */
    const response = new Promise<{ status: number; body: any }>((resolve, reject) => {
      let buf = Buffer.alloc(0);
      socket.on('data', (c: Buffer) => {
        buf = Buffer.concat([buf, c]);
        const end = buf.indexOf('\r\n\r\n');
        if (end < 0) return;
        const headers = buf.subarray(0, end).toString('latin1');
        const length = Number(/content-length: *(\d+)/i.exec(headers)?.[1] ?? 0);
        if (buf.length < end + 4 + length) return;
        const body = buf.subarray(end + 4, end + 4 + length).toString('utf8');
        resolve({ status: Number(headers.split(' ')[1]), body: JSON.parse(body) });
      });
      socket.on('close', () => reject(new Error('connection closed without an answer')));
    });
    response.catch(() => {});
    let sent = 0;
    const filler = Buffer.alloc(64 * 1024, 0x20);
    /** Sends the next `n` bytes of the file (a PDF header, then spaces); stops if the connection closes. */
    const send = async (n: number) => {
      const end = Math.min(fileSize, sent + n);
      while (sent < end && !closed) {
        let chunk = filler.subarray(0, Math.min(filler.length, end - sent));
        if (sent === 0) chunk = Buffer.concat([Buffer.from('%PDF-1.4\n'), chunk.subarray(9)]);
        sent += chunk.length;
        if (!socket.write(chunk)) {
          await new Promise<void>((r) => {
            const done = () => {
              socket.off('drain', done);
              socket.off('close', done);
              r();
            };
            socket.once('drain', done);
            socket.once('close', done);
          });
        }
      }
    };
    const finish = async () => {
      await send(fileSize - sent);
      if (!closed) socket.write(tail);
      return response;
    };
    return { socket, boundary, send, finish, response, sentAll: () => sent === fileSize && !closed };
  }

  it('streams a 50 MB file to disk while it arrives, and accepts exactly the limit', async () => {
    const up = rawUpload(LIMITS.fileBytes);
    await up.send(8 * MB);
    // The request is far from complete, yet most of what was sent is already on disk. (A bucket
    // gets it in 5 MiB parts that it shows only at the end; storage.test.ts measures that the
    // server's memory stays flat meanwhile.)
    if (storageKind === 'folder') {
      await waitFor(async () => {
        const [p] = await pendingOnDisk();
        return !!p && (await fs.stat(path.join(t.config.storageDir, p))).size >= 7 * MB;
      }, 'the first megabytes on disk');
    }
    const res = await up.finish();
    expect(res.status).toBe(201);
    expect(res.body.data.size).toBe(LIMITS.fileBytes);
    expect(await pendingOnDisk()).toEqual([]);
    expect(await uploadsInFlight()).toEqual([]);
    const got = await fetch(`http://127.0.0.1:${port}${res.body.data.file}`, { headers: { range: `bytes=${LIMITS.fileBytes - 10}-` } });
    expect(got.status).toBe(206);
    expect(Buffer.from(await got.arrayBuffer())).toEqual(Buffer.alloc(10, 0x20));
  });

  it('answers a 51 MB file with 413 "Ukuran file maksimal 50 MB" and keeps nothing of it', async () => {
    await leavesNothing(async () => {
      const res = await rawUpload(51 * MB).finish();
      expect(res.status).toBe(413);
      expect(res.body).toEqual({ success: false, message: MSG.fileTooLarge });
    });
  });

  it("refuses an upload to another teacher's content or by a student before storing any of it; the rest is read and dropped", async () => {
    const other = await t.factory.teacher();
    const otherClass = await t.factory.onlineClass(other.id);
    const otherLesson = await t.factory.content(otherClass.id);
    const student = await t.factory.student();
    await leavesNothing(async () => {
      for (const [opts, status, message] of [
        [{ url: `/api/teacher/online-classes/${otherClass.id}/contents/${otherLesson.id}/materials` }, 404, MSG.notFound],
        [{ token: student.token }, 403, MSG.forbidden],
      ] as const) {
        const started = Date.now();
        const up = rawUpload(20 * MB, opts);
        const res = await up.finish();
        expect(res.status).toBe(status);
        expect(res.body).toEqual({ success: false, message });
        // The server read the whole body (and dropped it) instead of leaving the connection stalled.
        expect(up.sentAll()).toBe(true);
        expect(Date.now() - started).toBeLessThan(10_000);
      }
    });
  });

  it('keeps no partial file and no row when the client disconnects in the middle of the file', async () => {
    await leavesNothing(async () => {
      const up = rawUpload(20 * MB);
      await up.send(3 * MB);
      await waitFor(async () => (await uploadsInFlight()).length === 1, 'the upload to start');
      up.socket.destroy();
      await waitFor(async () => (await uploadsInFlight()).length === 0, 'the partial file to go');
    });
    // The server carries on.
    expect((await stored('sesudah.pdf', samples.pdf())).row.size).toBe(samples.pdf().length);
  });

  it('keeps nothing when the client disconnects after the file but before the form ends', async () => {
    const rowsBefore = await rowCount();
    const filesBefore = await storedOnDisk();
    const up = rawUpload(2 * MB, { more: 1000 });
    await up.send(2 * MB);
    // The file part ends and another part begins, which never ends.
    up.socket.write(`\r\n--${up.boundary}\r\nContent-Disposition: form-data; name="catatan"\r\n\r\nsetengah`);
    const committed = async () => (await storedOnDisk()).filter((f) => !f.startsWith('.tmp') && !filesBefore.includes(f));
    await waitFor(async () => (await committed()).length === 1, 'the file to be stored');
    up.socket.destroy();
    await waitFor(async () => (await committed()).length === 0, 'the stored file to go');
    expect(await storedOnDisk()).toEqual(filesBefore);
    expect(await rowCount()).toBe(rowsBefore);
  });

  it('cuts off an upload that stalls, leaving nothing behind', async () => {
    const idle = t.app.files.uploadIdleMs;
    t.app.files.uploadIdleMs = 400;
    try {
      await leavesNothing(async () => {
        const up = rawUpload(5 * MB);
        await up.send(MB);
        await waitFor(async () => (await uploadsInFlight()).length === 1, 'the upload to start');
        // The client sends nothing more; the server closes the connection.
        await expect(up.response).rejects.toThrow();
        await waitFor(async () => (await uploadsInFlight()).length === 0, 'the partial file to go');
      });
    } finally {
      t.app.files.uploadIdleMs = idle;
    }
  });

  it('holds several files at once and a replaced file to the same limits: 51 MB is 413, a cut connection leaves nothing', async () => {
    const old = await stored('lama.pdf', samples.pdf(), 'Materi lama');
    const materialId: number = old.body.data.id;
    for (const opts of [{ url: `${base}/batch` }, { url: `${base}/${materialId}/file`, method: 'PUT' }]) {
      await leavesNothing(async () => {
        const res = await rawUpload(51 * MB, opts).finish();
        expect(res.status, opts.url).toBe(413);
        expect(res.body).toEqual({ success: false, message: MSG.fileTooLarge });
        const up = rawUpload(20 * MB, opts);
        await up.send(3 * MB);
        await waitFor(async () => (await uploadsInFlight()).length === 1, 'the upload to start');
        up.socket.destroy();
        await waitFor(async () => (await uploadsInFlight()).length === 0, 'the partial file to go');
      });
    }
    // The material still has its old file, and it is still served.
    const [row] = await t.db.select().from(materials).where(eq(materials.id, materialId));
    expect(row!.fileId).toBe(old.id);
    const got = await fetch(`http://127.0.0.1:${port}${old.url}`);
    expect(got.status).toBe(200);
    expect(sameBytes(Buffer.from(await got.arrayBuffer()), samples.pdf())).toBe(true);
  });
});

describe('clean-up after a crash', () => {
  it('removes unfinished uploads, stored files without a row and rows nothing points at, once they are old enough', async () => {
    const kept = await stored('tetap.pdf', samples.pdf());
    // An unfinished upload, a file with no row, a row with no owner. (A bucket shows no unfinished
    // upload under 5 MiB, and s3rver lists none at all: there the sweep finds none.)
    const pending = await t.app.files.storage.create();
    await new Promise((r) => pending.stream.write(Buffer.from('setengah'), r));
    const lost = await t.app.files.receiveBuffer('hilang.pdf', 'application/pdf', samples.pdf());
    const orphan = await t.factory.file('yatim.pdf');
    const young = await t.app.files.sweep(60_000);
    expect(young).toEqual({ rows: 0, files: 0, pending: 0 });

    // Two minutes later (the stored objects' clock; the row's age is in the database).
    const old = new Date(Date.now() - 120_000);
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 120_000);
    await t.db.update(storedFiles).set({ createdAt: old }).where(eq(storedFiles.id, orphan.id));
    const swept = await t.app.files.sweep(60_000);
    vi.mocked(Date.now).mockRestore();
    expect(swept.pending).toBe(storageKind === 'folder' ? 1 : 0);
    expect(swept.rows).toBeGreaterThanOrEqual(1);
    const left = await storedOnDisk();
    expect(left).toContain(kept.row.storageKey);
    expect(left).not.toContain(lost.key);
    expect(left).not.toContain(orphan.key);
    expect(await pendingOnDisk()).toEqual([]);
    expect(await t.db.select().from(storedFiles).where(eq(storedFiles.id, orphan.id))).toEqual([]);
    await pending.abort();
  });

  it('never turns a key into a path outside the storage folder', async () => {
    const storage = t.app.files.storage as DiskStorage;
    await expect(storage.remove('../../etc/passwd')).rejects.toThrow(/invalid storage key/);
    await expect(storage.open('ab/../../x')).rejects.toThrow(/invalid storage key/);
  });
});
