import { whatsAppChatLink, type OverviewStudent, type ParentRelation, type RiskReason } from '@kelasku/contract';
import { greeting } from '../../lib/whatsapp';

/** How the wali kelas addresses a parent: a father "Bapak", a mother "Ibu", a guardian "Bapak/Ibu". */
export const ADDRESS: Record<ParentRelation, string> = { ayah: 'Bapak', ibu: 'Ibu', wali: 'Bapak/Ibu' };

/** The greeting of the hour in WIB (shared with the chats of issue 42). */
export { greeting };

/** "a", "a dan b", "a, b, dan c". */
export function joinReasons(texts: string[]): string {
  if (texts.length <= 1) return texts.join('');
  if (texts.length === 2) return `${texts[0]} dan ${texts[1]}`;
  return `${texts.slice(0, -1).join(', ')}, dan ${texts[texts.length - 1]}`;
}

export interface ParentMessageFacts {
  parent: { name: string; relation: ParentRelation };
  teacherName: string;
  rombelName: string;
  studentName: string;
  risks: RiskReason[];
}

/**
 * The short, polite WhatsApp message the wali kelas starts from: "Selamat siang, Ibu Siti. Saya Budi
 * Santoso, wali kelas X TKJ 1. Saya ingin berbicara tentang Andi Pratama: 4× alpa bulan ini. Kapan
 * Ibu bisa dihubungi? Terima kasih."
 */
export function parentMessage(f: ParentMessageFacts, now: number = Date.now()): string {
  const address = ADDRESS[f.parent.relation];
  const reasons = joinReasons(f.risks.map((r) => r.text));
  const about = reasons ? `${f.studentName}: ${reasons}` : f.studentName;
  return [
    `${greeting(now)}, ${address} ${f.parent.name}.`,
    `Saya ${f.teacherName}, wali kelas ${f.rombelName}.`,
    `Saya ingin berbicara tentang ${about}.`,
    `Kapan ${address} bisa dihubungi? Terima kasih.`,
  ].join(' ');
}

/** The WhatsApp link of each parent of a student who has a mobile number, with the message already written. */
export function whatsAppLinks(
  student: Pick<OverviewStudent, 'name' | 'risks' | 'parents'>,
  teacherName: string,
  rombelName: string,
  now: number = Date.now(),
): { parent: OverviewStudent['parents'][number]; href: string }[] {
  return student.parents.flatMap((parent) => {
    const message = parentMessage({ parent, teacherName, rombelName, studentName: student.name, risks: student.risks }, now);
    const href = whatsAppChatLink(parent.telpon, message);
    return href ? [{ parent, href }] : [];
  });
}
