import { describe, expect, it } from 'vitest';
import {
  absoluteCheckinUrl,
  CAMERA_MSG,
  cameraErrorMessage,
  frameSize,
  normalizeCode,
  parseCheckinQuery,
  parseScannedText,
  spacedCode,
} from './scan';

describe('parseScannedText', () => {
  it('reads the meeting and the code of the full address, whatever host serves the app', () => {
    expect(parseScannedText('https://smkn1.sch.id/presensi/masuk?m=12&c=482913')).toEqual({ meetingId: 12, code: '482913' });
    expect(parseScannedText('http://192.168.1.10:3000/presensi/masuk?c=000123&m=7')).toEqual({ meetingId: 7, code: '000123' });
    expect(parseScannedText('  https://smkn1.sch.id/presensi/masuk/?m=12&c=482913\n')).toEqual({ meetingId: 12, code: '482913' });
  });

  it('reads the path without an origin', () => {
    expect(parseScannedText('/presensi/masuk?m=3&c=111222')).toEqual({ meetingId: 3, code: '111222' });
  });

  it('gives null for other QR codes and broken addresses', () => {
    for (const text of [
      '',
      'https://wa.me/628123',
      'https://smkn1.sch.id/presensi?m=12&c=482913',
      'https://smkn1.sch.id/presensi/masuk?m=12',
      'https://smkn1.sch.id/presensi/masuk?c=482913',
      '/presensi/masuk?m=0&c=482913',
      '/presensi/masuk?m=-4&c=482913',
      '/presensi/masuk?m=1.5&c=482913',
      '/presensi/masuk?m=99999999999&c=482913',
      '/presensi/masuk?m=2147483648&c=482913',
      '/presensi/masuk?m=12&c=48291',
      '/presensi/masuk?m=12&c=4829133',
      '/presensi/masuk?m=12&c=48a913',
      'javascript:alert(1)//presensi/masuk?m=1&c=123456',
      'ftp://x/presensi/masuk?m=1&c=123456',
      '482913',
    ]) {
      expect(parseScannedText(text), text).toBeNull();
    }
    expect(parseScannedText('/presensi/masuk?m=2147483647&c=482913')).toEqual({ meetingId: 2_147_483_647, code: '482913' });
  });
});

describe('the check-in page address and the code', () => {
  it('parseCheckinQuery reads ?m=&c=, spaces in the code allowed', () => {
    expect(parseCheckinQuery('?m=5&c=482+913')).toEqual({ meetingId: 5, code: '482913' });
    expect(parseCheckinQuery('?m=5')).toBeNull();
    expect(parseCheckinQuery('')).toBeNull();
  });

  it('normalizeCode keeps six digits only', () => {
    expect(normalizeCode(' 482 913 ')).toBe('482913');
    expect(normalizeCode('48291')).toBeNull();
    expect(normalizeCode('４８２９１３')).toBeNull();
    expect(normalizeCode(null)).toBeNull();
  });

  it('spacedCode splits the code in two groups of three', () => {
    expect(spacedCode('482913')).toBe('482 913');
  });

  it('absoluteCheckinUrl completes a path with the origin and keeps a full address', () => {
    expect(absoluteCheckinUrl('/presensi/masuk?m=1&c=123456', 'https://smkn1.sch.id')).toBe(
      'https://smkn1.sch.id/presensi/masuk?m=1&c=123456',
    );
    expect(absoluteCheckinUrl('https://a.id/presensi/masuk?m=1&c=123456', 'https://b.id')).toBe('https://a.id/presensi/masuk?m=1&c=123456');
  });
});

describe('the camera', () => {
  it('tells why it did not open, in Indonesian', () => {
    const err = (name: string) => Object.assign(new Error('x'), { name });
    expect(cameraErrorMessage(err('NotAllowedError'))).toBe(CAMERA_MSG.denied);
    expect(cameraErrorMessage({ name: 'SecurityError' })).toBe(CAMERA_MSG.denied);
    expect(cameraErrorMessage(err('NotFoundError'))).toBe(CAMERA_MSG.absent);
    expect(cameraErrorMessage(err('OverconstrainedError'))).toBe(CAMERA_MSG.absent);
    expect(cameraErrorMessage(new TypeError('no mediaDevices'))).toBe(CAMERA_MSG.unsupported);
    expect(cameraErrorMessage(err('InsecureContextError'))).toBe(CAMERA_MSG.insecure);
    expect(cameraErrorMessage(err('NotReadableError'))).toBe(CAMERA_MSG.busy);
    expect(cameraErrorMessage('aneh')).toBe(CAMERA_MSG.busy);
  });

  it('frameSize scales a frame down to 640 on its longer side, never up', () => {
    expect(frameSize(1920, 1080)).toEqual({ width: 640, height: 360 });
    expect(frameSize(720, 1280)).toEqual({ width: 360, height: 640 });
    expect(frameSize(320, 240)).toEqual({ width: 320, height: 240 });
    expect(frameSize(0, 0)).toEqual({ width: 0, height: 0 });
  });
});
