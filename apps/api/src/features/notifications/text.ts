import type { NotificationKind } from '@kelasku/contract';

export interface TextParts {
  subject: string;
  context: string | null;
  count: number;
  actor: string | null;
}

/** Kinds whose rows are summaries: reading one closes it, so the next event starts a new one. */
export const SUMMARY_KINDS: NotificationKind[] = ['hand_ins', 'material'];

const inClass = (context: string | null) => (context ? ` di ${context}` : '');

/**
 * The `context` of a grading notification (graded, feedback, returned; issue 39): the score, then,
 * after a line break, the teacher's message of a return when there is one ("85\nPerbaiki bab 2"),
 * cut to the column's 255 characters. Rows written before issue 39 hold the class's name there.
 */
export function gradeContext(score: number | null, message?: string | null): string | null {
  if (score === null) return null;
  const text = message?.replace(/\s+/g, ' ').trim();
  if (!text) return String(score);
  const room = 255 - String(score).length - 1;
  return `${score}\n${text.length > room ? `${text.slice(0, room - 1)}…` : text}`;
}

/** The score and message of a grading notification's context; null for a row without a score. */
export function readGradeContext(context: string | null): { score: string; message: string | null } | null {
  const m = context ? /^(\d{1,3})(?:\n([\s\S]*))?$/.exec(context) : null;
  return m ? { score: m[1]!, message: m[2] || null } : null;
}

/** The sentence the bell shows for a notification, in Indonesian. */
export function notificationText(kind: NotificationKind, p: TextParts): string {
  const who = p.actor ?? 'Seseorang';
  switch (kind) {
    case 'material':
      // One publishing act of several materials (issue 42): subject "Pembelajaran 2: Topologi", context the class.
      if (p.count > 1) return `${p.count} materi baru di ${p.subject}${p.context ? ` (${p.context})` : ''}`;
      return `Materi baru "${p.subject}"${inClass(p.context)}`;
    case 'assignment':
      return `Tugas baru "${p.subject}"${inClass(p.context)}`;
    case 'quiz':
      return `Kuis baru "${p.subject}"${inClass(p.context)}`;
    case 'announcement':
      return `Pengumuman baru${inClass(p.context)}: ${p.subject}`;
    case 'due_soon':
      return `Tugas "${p.subject}"${inClass(p.context)} berakhir kurang dari 24 jam lagi dan belum kamu kumpulkan`;
    case 'graded':
    case 'feedback':
    case 'returned':
      return gradingText(kind, p.subject, readGradeContext(p.context));
    case 'private_comment':
      return `${who} mengirim komentar pribadi di tugas "${p.subject}"`;
    case 'reply':
      return `${who} membalas komentarmu di forum "${p.subject}"`;
    case 'mention':
      return `${who} menyebut kamu di forum "${p.subject}"`;
    case 'hand_ins':
      return `${p.count} siswa mengumpulkan "${p.subject}"${inClass(p.context)}`;
    case 'late_hand_in':
      return `${who} terlambat mengumpulkan "${p.subject}"${inClass(p.context)}`;
    case 'forum_comment':
      return `${who} berkomentar di forum "${p.subject}"${inClass(p.context)}`;
    case 'absent':
      // subject: "Pertemuan 7, Senin 1 Desember"; context: the class.
      return `Kamu tercatat Alpa di ${p.subject}${inClass(p.context)}`;
    case 'leave_decided':
      // subject: "Permohonan sakit 1–2 Desember disetujui".
      return p.subject;
    case 'leave_request':
      return `${who} mengajukan ${p.subject}${inClass(p.context)}`;
    case 'absence_alert':
      // subject: "Budi Santoso sudah 3 hari Alpa bulan November"; context: the rombel.
      return `${p.subject}${inClass(p.context)}`;
    case 'parent_message':
      // subject: the child's name; context: the message's first words.
      return `Pesan wali kelas tentang ${p.subject}${p.context ? `: ${p.context}` : ''}`;
    case 'weekly_summary':
      // subject: "Ringkasan minggu 23–27 November"; context: "Andi: 2 tugas belum dikumpulkan, 1 nilai baru".
      return `${p.subject}${p.context ? ` — ${p.context}` : ''}`;
    case 'parent_linked':
      // subject: the parent's name; context: "Ibu".
      return `${p.subject}${p.context ? ` (${p.context})` : ''} sekarang terhubung sebagai orang tua/wali kamu`;
    case 'import_done':
      return `Impor pengguna selesai: ${p.subject}`;
    case 'account_locked':
      return `Akun ${p.subject} terkunci karena terlalu banyak percobaan masuk yang gagal`;
    case 'storage_full':
      return 'Penyimpanan server penuh: unggahan siswa dan guru gagal tersimpan. Kosongkan ruang disk server atau tambah kapasitasnya.';
  }
}

/** A grading notification's sentence: with the score (and a return's message) since issue 39, without for older rows. */
function gradingText(kind: 'graded' | 'feedback' | 'returned', subject: string, g: ReturnType<typeof readGradeContext>): string {
  if (!g) {
    if (kind === 'graded') return `Tugas "${subject}" sudah dinilai`;
    if (kind === 'feedback') return `Ada masukan baru dari guru untuk tugas "${subject}"`;
    return `Tugas "${subject}" dikembalikan oleh guru`;
  }
  if (kind === 'graded') return `Tugas "${subject}" dinilai: ${g.score}`;
  if (kind === 'feedback') return `Ada masukan baru dari guru untuk tugas "${subject}", nilai ${g.score}`;
  return `Tugas "${subject}" dikembalikan dengan nilai ${g.score}${g.message ? `. Pesan guru: ${g.message}` : ''}`;
}
