import { describe, expect, it } from 'vitest';
import { WHATSAPP_URL_MAX, whatsAppChatLink, whatsAppNumber, whatsAppShareLink, whatsAppText } from '@kelasku/contract';
import {
  announcementShareLink,
  appLink,
  assignmentShareLink,
  classLabel,
  meetingShareLink,
  quizShareLink,
  studentChatLink,
  studentPaths,
} from './whatsapp';

const ORIGIN = 'https://kelasku.sch.id';
const MATH = { name: 'Matematika', rombel: { name: 'X TKJ 1' } };
/** 2026-11-30 at hh:mm WIB. */
const wib = (hh: number, mm = 0) => Date.UTC(2026, 10, 30, hh - 7, mm);

/** The message a share link carries, read the way WhatsApp reads it (URLSearchParams would turn "+" into a space). */
const textOf = (href: string) => {
  expect(href.startsWith('https://wa.me/?text=')).toBe(true);
  return whatsAppText(href);
};

describe('phone numbers in wa.me form', () => {
  it('turns the ways a mobile number is written into 62…', () => {
    for (const raw of ['0812-3456-7890', '081234567890', '+62 812-3456-7890', '62812 3456 7890', '(0812) 3456.7890', ' 0812 3456 7890 ']) {
      expect(whatsAppNumber(raw)).toBe('6281234567890');
    }
    expect(whatsAppNumber('0857-1111-222')).toBe('628571111222');
  });

  it('refuses what is no Indonesian mobile number', () => {
    for (const raw of [
      '',
      '   ',
      '021-555-1234',
      '(021) 5551234',
      '+1 415 555 0100',
      '0812',
      '08123456789012345',
      'abc',
      '0812-ABCD-7890',
      null,
      undefined,
    ]) {
      expect(whatsAppNumber(raw)).toBeNull();
    }
  });

  it('opens a chat with the message written, or none without a mobile number', () => {
    const href = whatsAppChatLink('0812-3456-7890', 'Halo & selamat #1?')!;
    const url = new URL(href);
    expect(`${url.origin}${url.pathname}`).toBe('https://wa.me/6281234567890');
    expect(url.searchParams.get('text')).toBe('Halo & selamat #1?');
    expect(whatsAppChatLink('0812-3456-7890')).toBe('https://wa.me/6281234567890');
    expect(whatsAppChatLink('021-555-1234', 'Halo')).toBeNull();
    expect(whatsAppChatLink(null, 'Halo')).toBeNull();
  });
});

describe('"Bagikan ke WhatsApp" texts', () => {
  const hostile = [
    'Tugas & kuis # 1? 100% + bonus',
    'Baris satu\nBaris dua\r\nBaris tiga\ttab',
    'Kutip "ganda" dan \'tunggal\' `miring`',
    'Emoji 🎉👍🏽👨‍👩‍👧 selesai',
    'العربية: بسم الله',
    'Aksara Jawa: ꦲꦏ꧀ꦱꦫꦗꦮ',
    'a=b&c=d?e#f/g\\h%20i+j',
  ];

  it('gives back exactly the message, whatever characters it holds', () => {
    for (const title of hostile) {
      const href = whatsAppShareLink(title);
      expect(textOf(href)).toBe(title);
      // The address itself holds nothing that ends or splits it.
      expect(href.slice('https://wa.me/?text='.length)).not.toMatch(/[\s&#?+"<>]/);
    }
  });

  it('replaces a broken character instead of failing', () => {
    const href = whatsAppShareLink('rusak \uD800 di sini');
    expect(textOf(href)).toBe('rusak \uFFFD di sini');
  });

  it('cuts a very long title so the address stays under 2,000 characters, the deep link whole', () => {
    const link = appLink(studentPaths.assignment(12, 34), ORIGIN);
    for (const unit of ['Laporan ', 'ꦲꦏ꧀ꦱ', '🎉', 'العربية ']) {
      const title = unit.repeat(800);
      const href = assignmentShareLink(MATH, { title, deadline: '2026-12-07T16:59:00.000Z' }, link);
      expect(href.length).toBeLessThanOrEqual(WHATSAPP_URL_MAX);
      expect(href.length).toBeGreaterThan(WHATSAPP_URL_MAX - 100);
      const text = textOf(href)!;
      expect(text.startsWith('Tugas baru di Matematika — X TKJ 1: "')).toBe(true);
      expect(text.endsWith(`…" (tenggat Senin, 7 Desember 2026 pukul 23.59 WIB). Buka di Kelasku: ${link}`)).toBe(true);
      // Cut at a whole character: no broken emoji or letter.
      expect(text).not.toContain('\uFFFD');
    }
  });

  it('names the class and its rombel once', () => {
    expect(classLabel(MATH)).toBe('Matematika — X TKJ 1');
    expect(classLabel({ name: 'Matematika X TKJ 1', rombel: { name: 'X TKJ 1' } })).toBe('Matematika X TKJ 1');
  });

  it('shares an assignment with its deadline in WIB and the page the student opens', () => {
    const link = appLink(studentPaths.assignment(12, 34), ORIGIN);
    const a = { title: 'Laporan Praktikum', deadline: '2026-12-07T16:59:00.000Z' };
    expect(textOf(assignmentShareLink(MATH, a, link))).toBe(
      'Tugas baru di Matematika — X TKJ 1: "Laporan Praktikum" (tenggat Senin, 7 Desember 2026 pukul 23.59 WIB). ' +
        'Buka di Kelasku: https://kelasku.sch.id/my-classes/12/submissions/34',
    );
    expect(textOf(assignmentShareLink(MATH, a, link, false))).toMatch(/^Tugas di Matematika — X TKJ 1: "Laporan Praktikum"/);
  });

  it('shares a quiz with when it opens (if later) and closes', () => {
    const link = appLink(studentPaths.quiz(12, 5, 9), ORIGIN);
    const q = { title: 'Kuis Bab 1', opens_at: '2026-12-01T00:00:00.000Z', closes_at: '2026-12-01T03:00:00.000Z' };
    expect(textOf(quizShareLink(MATH, q, link, wib(12)))).toBe(
      'Kuis di Matematika — X TKJ 1: "Kuis Bab 1" (dibuka Selasa, 1 Desember 2026 pukul 07.00 WIB, ditutup Selasa, 1 Desember 2026 pukul 10.00 WIB). ' +
        'Kerjakan di Kelasku: https://kelasku.sch.id/my-classes/12/contents/5/quizzes/9',
    );
    expect(textOf(quizShareLink(MATH, { ...q, opens_at: null, closes_at: null }, link))).toBe(
      'Kuis di Matematika — X TKJ 1: "Kuis Bab 1". Kerjakan di Kelasku: https://kelasku.sch.id/my-classes/12/contents/5/quizzes/9',
    );
  });

  it('shares an announcement as written, lines and all', () => {
    const body = 'Besok praktik di lab #2 & bawa laptop!\nJangan lupa 😊';
    expect(textOf(announcementShareLink(MATH, `  ${body}  `, appLink(studentPaths.klass(12), ORIGIN)))).toBe(
      `Pengumuman di Matematika — X TKJ 1:\n${body}\n\nBuka di Kelasku: https://kelasku.sch.id/my-classes/12`,
    );
  });

  it('shares a meeting with its topic and the check-in page', () => {
    const link = appLink(studentPaths.attendance(), ORIGIN);
    const heading = 'Pertemuan 3, Senin 7 Desember, jam ke-1–2';
    expect(textOf(meetingShareLink(MATH, { heading, topic: 'Subnetting' }, link))).toBe(
      'Pertemuan 3, Senin 7 Desember, jam ke-1–2 — Matematika — X TKJ 1. Materi: Subnetting. Presensi di Kelasku: https://kelasku.sch.id/presensi',
    );
    expect(textOf(meetingShareLink(MATH, { heading, topic: null }, link))).toBe(
      'Pertemuan 3, Senin 7 Desember, jam ke-1–2 — Matematika — X TKJ 1. Presensi di Kelasku: https://kelasku.sch.id/presensi',
    );
  });
});

describe('a chat with a student', () => {
  it('greets by the hour and says who writes', () => {
    const href = studentChatLink(
      { name: 'Andi', telpon: '+62 812-3456-7890' },
      { name: 'Budi Santoso', role: 'wali kelas X TKJ 1' },
      wib(7),
    )!;
    const url = new URL(href);
    expect(url.pathname).toBe('/6281234567890');
    expect(url.searchParams.get('text')).toBe('Selamat pagi, Andi. Saya Budi Santoso, wali kelas X TKJ 1.');
    expect(studentChatLink({ name: 'Andi', telpon: null }, { name: 'Budi', role: 'guru' })).toBeNull();
  });
});
