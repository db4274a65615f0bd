import { describe, expect, it } from 'vitest';
import { greeting, joinReasons, parentMessage, whatsAppLinks } from './message';

/** 2026-11-30 at hh:mm WIB. */
const wib = (hh: number, mm = 0) => Date.UTC(2026, 10, 30, hh - 7, mm);

const andi = {
  name: 'Andi Pratama',
  risks: [{ kind: 'alpa' as const, text: '4× alpa bulan ini' }],
  parents: [
    { id: 7, name: 'Siti', relation: 'ibu' as const, telpon: '0812-3456-7890' },
    { id: 8, name: 'Joko', relation: 'ayah' as const, telpon: null },
  ],
};

describe('the message to a parent', () => {
  it('greets by the hour in WIB', () => {
    expect(greeting(wib(7))).toBe('Selamat pagi');
    expect(greeting(wib(10, 59))).toBe('Selamat pagi');
    expect(greeting(wib(11))).toBe('Selamat siang');
    expect(greeting(wib(15))).toBe('Selamat sore');
    expect(greeting(wib(18))).toBe('Selamat malam');
    expect(greeting(wib(0, 30))).toBe('Selamat pagi');
  });

  it('names the parent, the wali kelas, the rombel, the child and the reason', () => {
    const text = parentMessage(
      {
        parent: { name: 'Siti', relation: 'ibu' },
        teacherName: 'Budi Santoso',
        rombelName: 'X TKJ 1',
        studentName: 'Andi Pratama',
        risks: andi.risks,
      },
      wib(12),
    );
    expect(text).toBe(
      'Selamat siang, Ibu Siti. Saya Budi Santoso, wali kelas X TKJ 1. Saya ingin berbicara tentang Andi Pratama: 4× alpa bulan ini. ' +
        'Kapan Ibu bisa dihubungi? Terima kasih.',
    );
  });

  it('addresses a father as Bapak and a guardian as Bapak/Ibu, and leaves out the reason of a child not at risk', () => {
    const facts = { teacherName: 'Budi Santoso', rombelName: 'XI RPL 2', studentName: 'Rina', risks: [] };
    expect(parentMessage({ ...facts, parent: { name: 'Joko', relation: 'ayah' } }, wib(16))).toBe(
      'Selamat sore, Bapak Joko. Saya Budi Santoso, wali kelas XI RPL 2. Saya ingin berbicara tentang Rina. Kapan Bapak bisa dihubungi? Terima kasih.',
    );
    expect(parentMessage({ ...facts, parent: { name: 'Sri', relation: 'wali' } }, wib(19))).toMatch(
      /^Selamat malam, Bapak\/Ibu Sri\. .* Kapan Bapak\/Ibu bisa dihubungi\? Terima kasih\.$/,
    );
  });

  it('joins several reasons the Indonesian way', () => {
    expect(joinReasons([])).toBe('');
    expect(joinReasons(['4× alpa bulan ini'])).toBe('4× alpa bulan ini');
    expect(joinReasons(['a', 'b'])).toBe('a dan b');
    expect(joinReasons(['a', 'b', 'c'])).toBe('a, b, dan c');
  });

  it('links each parent with a phone number to WhatsApp with the message written, and skips those without', () => {
    const links = whatsAppLinks(andi, 'Budi Santoso', 'X TKJ 1', wib(12));
    expect(links).toHaveLength(1);
    const url = new URL(links[0]!.href);
    expect(`${url.origin}${url.pathname}`).toBe('https://wa.me/6281234567890');
    expect(url.searchParams.get('text')).toBe(
      'Selamat siang, Ibu Siti. Saya Budi Santoso, wali kelas X TKJ 1. Saya ingin berbicara tentang Andi Pratama: 4× alpa bulan ini. ' +
        'Kapan Ibu bisa dihubungi? Terima kasih.',
    );
    expect(links[0]!.parent.id).toBe(7);
  });
});
