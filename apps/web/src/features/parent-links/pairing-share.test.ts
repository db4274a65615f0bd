import { describe, expect, it } from 'vitest';
import { pairingShareText, pairingWhatsAppLink, signupAddress } from './pairing-share';

const ORIGIN = 'https://smkn1.sch.id';
// 14:05 WIB on 7 December 2026.
const EXPIRES = '2026-12-07T07:05:00.000Z';

describe('the pairing code’s message', () => {
  it('holds the code, the WIB expiry, the sign-up address and "Tambah Anak"', () => {
    expect(pairingShareText('K7P2-XM4Q', EXPIRES, ORIGIN)).toBe(
      'Kode Kelasku untuk orang tua/wali: K7P2-XM4Q\n' +
        'Berlaku sampai 7 Desember 2026 14.05 WIB.\n' +
        'Daftar di https://smkn1.sch.id/daftar-orang-tua dengan kode ini. Kalau sudah punya akun Kelasku, masuk lalu pilih "Tambah Anak".',
    );
  });

  it('the sign-up address is the server’s own', () => {
    expect(signupAddress('http://127.0.0.1:4603')).toBe('http://127.0.0.1:4603/daftar-orang-tua');
  });

  it('the WhatsApp link carries the message encoded, with no number', () => {
    const link = pairingWhatsAppLink('K7P2-XM4Q', EXPIRES, ORIGIN);
    expect(link.startsWith('https://wa.me/?text=')).toBe(true);
    const url = new URL(link);
    expect(url.pathname).toBe('/');
    expect(url.searchParams.get('text')).toBe(pairingShareText('K7P2-XM4Q', EXPIRES, ORIGIN));
    expect(link).not.toContain(' ');
  });
});
