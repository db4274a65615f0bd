import { describe, expect, it } from 'vitest';
import type { DetailedError, HttpResponse, PreviousUpload } from 'tus-js-client';
import { MSG } from '@kelasku/contract';
import { NETWORK_MESSAGE } from '../api/client';
import { fingerprintOf, messageOf, newestUpload, retriable, statusOf, uploadIdOf } from './resumable';
import { initialUpload, nextUpload } from './state';
import { uploadIds, uploadsBlocker, type PickedUpload } from './useUploads';

const file = (name: string, size: number, lastModified = 1) =>
  new File([new Uint8Array(size)], name, { type: 'application/pdf', lastModified });

/** A failed request of tus-js-client as it reaches onError / onShouldRetry: the response the server gave, if any. */
function failure(status: number, body = ''): DetailedError {
  const res = status ? ({ getStatus: () => status, getBody: () => body, getHeader: () => undefined } as unknown as HttpResponse) : null;
  return Object.assign(new Error('tus: failed'), {
    originalResponse: res,
    originalRequest: {},
    causingError: null,
  }) as unknown as DetailedError;
}

describe('remembering an upload for a resume', () => {
  it('keys it by the user and the file, so two users of one phone never resume each other', () => {
    const f = file('tugas.pdf', 10);
    expect(fingerprintOf(f, 7)).toBe(fingerprintOf(file('tugas.pdf', 10), 7));
    expect(fingerprintOf(f, 7)).not.toBe(fingerprintOf(f, 8));
    expect(fingerprintOf(f, 7)).not.toBe(fingerprintOf(file('tugas.pdf', 11), 7));
    expect(fingerprintOf(f, 7)).not.toBe(fingerprintOf(file('tugas.pdf', 10, 2), 7));
  });

  it('resumes the newest of several earlier uploads of the file', () => {
    const entry = (creationTime: string, uploadUrl: string): PreviousUpload => ({
      size: 10,
      metadata: {},
      creationTime,
      urlStorageKey: uploadUrl,
      uploadUrl,
      parallelUploadUrls: null,
    });
    const newest = entry('Tue Nov 24 2026 10:00:00 GMT+0700', '/api/uploads/b');
    expect(newestUpload([entry('Mon Nov 23 2026 10:00:00 GMT+0700', '/api/uploads/a'), newest])).toBe(newest);
    expect(newestUpload([])).toBeNull();
  });

  it('takes the id the forms send from the upload address', () => {
    expect(uploadIdOf('http://127.0.0.1:3000/api/uploads/3f2a9c')).toBe('3f2a9c');
    expect(uploadIdOf('/api/uploads/abc%2Bdef')).toBe('abc+def');
    expect(uploadIdOf(null)).toBeNull();
  });
});

describe('after a failed request', () => {
  it('retries by itself without an answer, on a server fault or an offset conflict, never on a refusal', () => {
    expect([0, 500, 502, 503, 409, 423].every(retriable)).toBe(true);
    expect([400, 401, 403, 404, 413, 415, 429].some(retriable)).toBe(false);
    // A full server storage is not the connection: retrying cannot help, its message shows at once.
    expect(retriable(507)).toBe(false);
    expect(statusOf(failure(0))).toBe(0);
    expect(statusOf(failure(415))).toBe(415);
    expect(statusOf(new Error('tus: neither an endpoint or an upload URL is provided'))).toBe(0);
  });

  it("shows the server's message when it refused, the network message when nothing answered", () => {
    expect(messageOf(failure(413, JSON.stringify({ success: false, message: MSG.fileTooLarge })))).toBe(MSG.fileTooLarge);
    expect(messageOf(failure(507, JSON.stringify({ success: false, message: MSG.storageFull })))).toBe(
      'Penyimpanan server penuh. Unggahan belum tersimpan; beri tahu admin sekolah.',
    );
    expect(messageOf(failure(502, '<html>Bad Gateway</html>'))).toBe('Server menjawab 502.');
    expect(messageOf(failure(0))).toBe(NETWORK_MESSAGE);
  });
});

describe('the uploads of a form', () => {
  const item = (name: string, events: Parameters<typeof nextUpload>[1][]): PickedUpload => ({
    key: name,
    file: file(name, 100),
    state: events.reduce(nextUpload, initialUpload(100)),
  });

  it('sends the ids of the finished uploads in the order picked', () => {
    const items = [item('a.pdf', [{ type: 'done', id: 'id-a' }]), item('b.pdf', [{ type: 'done', id: 'id-b' }])];
    expect(uploadIds(items)).toEqual(['id-a', 'id-b']);
    expect(uploadsBlocker(items)).toBeNull();
  });

  it('says why the form waits: files still going up, or a failed file to retry or remove', () => {
    const done = item('a.pdf', [{ type: 'done', id: 'id-a' }]);
    const sending = item('b.pdf', [{ type: 'progress', sent: 50, at: 0 }]);
    const offline = item('c.pdf', [{ type: 'waiting', offline: true }]);
    expect(uploadsBlocker([done, sending, offline])).toBe('Tunggu sampai semua file selesai diunggah (1 dari 3 selesai).');
    const failed = item('d.pdf', [{ type: 'failed', message: 'Tipe file tidak didukung' }]);
    expect(uploadsBlocker([done, sending, failed])).toBe(
      'Ada file yang gagal diunggah. Tekan "Coba lagi" pada file itu atau hapus file itu dulu.',
    );
    expect(uploadIds([done, sending, failed])).toEqual(['id-a']);
  });
});
