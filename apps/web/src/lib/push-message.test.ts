import { describe, expect, it } from 'vitest';
import { appLink, keyBytes, parsePushText, readPushMessage, sameKey } from './push-message';

const ORIGIN = 'https://kelasku.sch.id';
const message = { id: 7, kind: 'graded', title: 'Tugas sudah dinilai', body: 'Nilai kamu 90', link: '/my-grades', tag: 'graded-7' };

describe('readPushMessage', () => {
  it('reads the push message of the contract', () => {
    expect(readPushMessage(message)).toEqual(message);
    expect(readPushMessage({ ...message, tag: null })).toEqual({ ...message, tag: null });
    expect(parsePushText(JSON.stringify(message))).toEqual(message);
  });

  it('ignores anything else: no JSON, a missing or wrong field, an empty title', () => {
    for (const text of [null, '', 'bukan json', '[]', '"teks"', '42']) expect(parsePushText(text)).toBeNull();
    expect(readPushMessage({ ...message, title: undefined })).toBeNull();
    expect(readPushMessage({ ...message, id: '7' })).toBeNull();
    expect(readPushMessage({ ...message, tag: 5 })).toBeNull();
    expect(readPushMessage({ ...message, title: '   ' })).toBeNull();
  });

  it('cuts an overlong title and body', () => {
    const long = readPushMessage({ ...message, title: 'a'.repeat(500), body: 'b'.repeat(5000) })!;
    expect(long.title).toHaveLength(200);
    expect(long.body).toHaveLength(1000);
  });
});

describe('appLink', () => {
  it('opens a path of the app', () => {
    expect(appLink('/my-classes/12?tab=tugas#x', ORIGIN)).toBe(`${ORIGIN}/my-classes/12?tab=tugas#x`);
    // The notification keeps the whole address; a tap reads it again.
    expect(appLink(`${ORIGIN}/my-grades`, ORIGIN)).toBe(`${ORIGIN}/my-grades`);
  });

  it('opens the start page for another site, a protocol-relative or script address, or no text', () => {
    for (const link of [
      'https://contoh.example/',
      `${ORIGIN}.contoh.example/`,
      '//contoh.example/x',
      '/\\contoh.example',
      'javascript:alert(1)',
      'my-work',
      42,
      null,
    ]) {
      expect(appLink(link, ORIGIN)).toBe(`${ORIGIN}/`);
    }
  });
});

describe('keyBytes and sameKey', () => {
  it('reads a base64url key without padding', () => {
    expect([...keyBytes('-_8')]).toEqual([251, 255]);
    expect([...keyBytes('AQID')]).toEqual([1, 2, 3]);
  });

  it('tells whether a subscription was made with the key', () => {
    const key = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
    expect(keyBytes(key)).toHaveLength(65);
    expect(sameKey(keyBytes(key).buffer, key)).toBe(true);
    expect(sameKey(keyBytes('AQID').buffer, key)).toBe(false);
    expect(sameKey(null, key)).toBe(false);
  });
});
