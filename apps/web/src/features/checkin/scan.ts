/**
 * What a scanned QR code (or the address the phone's camera app opened) says about a self
 * check-in, and what a camera failure tells the student. Pure: no browser, no React.
 */

/** A check-in read from a QR code: the meeting and the code of its rotation. */
export interface ScannedCheckin {
  meetingId: number;
  code: string;
}

export const CHECKIN_PATH = '/presensi/masuk';

const MAX_ID = 2_147_483_647;

/** "482 913", "482913" → "482913"; anything else → null. */
export function normalizeCode(text: string | null | undefined): string | null {
  const code = (text ?? '').replace(/\s/g, '');
  return /^\d{6}$/.test(code) ? code : null;
}

/** The meeting id of `?m=`, or null when it is not a plausible id. */
function meetingIdOf(text: string | null): number | null {
  if (!text || !/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id > 0 && id <= MAX_ID ? id : null;
}

/** The check-in of a query string (`?m=12&c=482913`, the check-in page's own address), or null. */
export function parseCheckinQuery(search: string): ScannedCheckin | null {
  const query = new URLSearchParams(search);
  const meetingId = meetingIdOf(query.get('m'));
  const code = normalizeCode(query.get('c'));
  return meetingId !== null && code !== null ? { meetingId, code } : null;
}

/**
 * The check-in a QR code holds: the app's check-in address, with its origin
 * (`https://sekolah.sch.id/presensi/masuk?m=12&c=482913`, whichever host the school serves it
 * from) or without it (`/presensi/masuk?m=12&c=482913`). Other text (another app's QR code, a
 * partial read) gives null.
 */
export function parseScannedText(text: string): ScannedCheckin | null {
  const trimmed = text.trim();
  if (trimmed.length === 0 || trimmed.length > 2000) return null;
  let url: URL;
  try {
    // A path alone is read against a placeholder origin; only the path and query matter.
    url = new URL(trimmed, 'http://kelasku.invalid');
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.pathname.replace(/\/+$/, '') !== CHECKIN_PATH) return null;
  return parseCheckinQuery(url.search);
}

/** The address a QR code shows: a path alone is completed with this app's origin, so a phone's camera app opens it. */
export function absoluteCheckinUrl(qrText: string, origin: string): string {
  return qrText.startsWith('/') ? `${origin}${qrText}` : qrText;
}

/** "482913" → "482 913" (read aloud and typed more easily). */
export function spacedCode(code: string): string {
  return code.length === 6 ? `${code.slice(0, 3)} ${code.slice(3)}` : code;
}

export const CAMERA_MSG = {
  denied: 'Izin kamera ditolak. Izinkan kamera untuk situs ini di pengaturan browser, atau ketik kode yang ditampilkan guru.',
  absent: 'Kamera tidak ditemukan di perangkat ini. Ketik kode yang ditampilkan guru.',
  unsupported: 'Browser ini tidak dapat membuka kamera. Ketik kode yang ditampilkan guru.',
  insecure: 'Kamera hanya dapat dibuka bila Kelasku dibuka lewat alamat https. Ketik kode yang ditampilkan guru.',
  busy: 'Kamera sedang dipakai aplikasi lain atau gagal dibuka. Tutup aplikasi itu, atau ketik kode yang ditampilkan guru.',
  notCheckin: 'Kode QR ini bukan kode presensi. Arahkan kamera ke kode QR di layar guru.',
} as const;

/** The Indonesian message of a failed getUserMedia (its DOMException name). */
export function cameraErrorMessage(error: unknown): string {
  const name =
    error instanceof Error || (typeof error === 'object' && error !== null && 'name' in error)
      ? String((error as { name: unknown }).name)
      : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
    case 'PermissionDeniedError':
      return CAMERA_MSG.denied;
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return CAMERA_MSG.absent;
    case 'TypeError':
      return CAMERA_MSG.unsupported;
    // Thrown by the scanner itself: the page was opened over plain http (no camera there).
    case 'InsecureContextError':
      return CAMERA_MSG.insecure;
    default:
      return CAMERA_MSG.busy;
  }
}

/** The size a camera frame is drawn at for decoding: at most `max` pixels on its longer side (a phone's 1080p frame decodes too slowly). */
export function frameSize(width: number, height: number, max = 640): { width: number; height: number } {
  if (width <= 0 || height <= 0) return { width: 0, height: 0 };
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}
