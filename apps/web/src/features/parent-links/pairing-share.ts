import { whatsAppShareLink } from '@kelasku/contract';
import { formatDateTimeWib } from '../../lib/format';

/** Where a parent signs up with the code (the public page of issue 40). */
export const SIGNUP_PATH = '/daftar-orang-tua';

/** The address of the sign-up page on this server ("https://sekolah.sch.id/daftar-orang-tua"). */
export const signupAddress = (origin: string) => `${origin}${SIGNUP_PATH}`;

/**
 * The short message a student sends their parent: the code, until when it works, and where to use it
 * (the sign-up page; "Tambah Anak" for a parent who already has an account).
 */
export function pairingShareText(code: string, expiresAt: string, origin: string): string {
  return [
    `Kode Kelasku untuk orang tua/wali: ${code}`,
    `Berlaku sampai ${formatDateTimeWib(expiresAt)}.`,
    `Daftar di ${signupAddress(origin)} dengan kode ini. Kalau sudah punya akun Kelasku, masuk lalu pilih "Tambah Anak".`,
  ].join('\n');
}

/** "Bagikan lewat WhatsApp": WhatsApp opens with the message written, the parent's number chosen there. */
export function pairingWhatsAppLink(code: string, expiresAt: string, origin: string): string {
  return whatsAppShareLink(pairingShareText(code, expiresAt, origin));
}
