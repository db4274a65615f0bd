/**
 * Issue 42 — "Bagikan ke WhatsApp": the short Indonesian messages a teacher (to the class's group)
 * or a student (to a classmate) shares, each with the deep link a student opens. The links are made
 * by the contract's one builder (whatsAppShareLink / whatsAppChatLink in packages/contract).
 */
import { whatsAppChatLink, whatsAppShareLink } from '@kelasku/contract';
import { formatPickerValueLong, toWibPickerValue } from './format';

/** A class as the messages name it. */
export interface SharedClass {
  name: string;
  rombel: { name: string };
}

/** "Matematika — X TKJ 1" (the class's name alone when it already names its rombel). */
export function classLabel(klass: SharedClass): string {
  const rombel = klass.rombel.name.trim();
  return !rombel || klass.name.toLowerCase().includes(rombel.toLowerCase()) ? klass.name : `${klass.name} — ${rombel}`;
}

/** "Senin, 7 Desember 2026 pukul 23.59 WIB". */
export const longWib = (iso: string) => formatPickerValueLong(toWibPickerValue(iso)) ?? iso;

/** The address the student opens, on this server ("https://sekolah.sch.id/my-classes/12"). */
export const appLink = (path: string, origin: string = window.location.origin) => `${origin}${path}`;

/** The student's paths of what is shared. */
export const studentPaths = {
  klass: (classId: number) => `/my-classes/${classId}`,
  assignment: (classId: number, assignmentId: number) => `/my-classes/${classId}/submissions/${assignmentId}`,
  quiz: (classId: number, lessonId: number, quizId: number) => `/my-classes/${classId}/contents/${lessonId}/quizzes/${quizId}`,
  attendance: () => '/presensi',
};

/** An announcement: its text (cut when very long) and the class. */
export function announcementShareLink(klass: SharedClass, body: string, link: string): string {
  return whatsAppShareLink(body.trim(), (text) => `Pengumuman di ${classLabel(klass)}:\n${text}\n\nBuka di Kelasku: ${link}`);
}

/** (A student shares it as "Tugas di …", `fresh` false.)
 * `Tugas baru di Matematika — X TKJ 1: "Laporan Praktikum" (tenggat Senin, 7 Desember 2026 pukul 23.59 WIB). Buka di Kelasku: …` */
export function assignmentShareLink(klass: SharedClass, a: { title: string; deadline: string }, link: string, fresh = true): string {
  const what = fresh ? 'Tugas baru' : 'Tugas';
  return whatsAppShareLink(
    a.title,
    (title) => `${what} di ${classLabel(klass)}: "${title}" (tenggat ${longWib(a.deadline)}). Buka di Kelasku: ${link}`,
  );
}

/** A quiz, with when it opens (if later) and closes. */
export function quizShareLink(
  klass: SharedClass,
  q: { title: string; opens_at: string | null; closes_at: string | null },
  link: string,
  now: number = Date.now(),
): string {
  const when = [
    q.opens_at && Date.parse(q.opens_at) > now ? `dibuka ${longWib(q.opens_at)}` : null,
    q.closes_at ? `ditutup ${longWib(q.closes_at)}` : null,
  ].filter(Boolean);
  const times = when.length ? ` (${when.join(', ')})` : '';
  return whatsAppShareLink(q.title, (title) => `Kuis di ${classLabel(klass)}: "${title}"${times}. Kerjakan di Kelasku: ${link}`);
}

/** A meeting: its heading ("Pertemuan 3, Senin 7 Desember, jam ke-1–2"), the topic if any, and where to check in. */
export function meetingShareLink(klass: SharedClass, m: { heading: string; topic: string | null }, link: string): string {
  return whatsAppShareLink(m.topic?.trim() ?? '', (topic) => {
    const about = topic ? ` Materi: ${topic}.` : '';
    return `${m.heading} — ${classLabel(klass)}.${about} Presensi di Kelasku: ${link}`;
  });
}

/** The greeting of the hour in WIB: pagi until 11, siang until 15, sore until 18, then malam. */
export function greeting(now: number = Date.now()): string {
  const hour = new Date(now + 7 * 3600_000).getUTCHours();
  if (hour < 11) return 'Selamat pagi';
  if (hour < 15) return 'Selamat siang';
  if (hour < 18) return 'Selamat sore';
  return 'Selamat malam';
}

/** "Chat WhatsApp" with a student: the chat opens with a greeting that says who writes, and why (as the teacher of a class or the wali kelas). */
export function studentChatLink(
  student: { name: string; telpon: string | null },
  from: { name: string; role: string },
  now: number = Date.now(),
): string | null {
  return whatsAppChatLink(student.telpon, `${greeting(now)}, ${student.name}. Saya ${from.name}, ${from.role}.`);
}
