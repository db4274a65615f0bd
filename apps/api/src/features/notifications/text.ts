import type { NotificationKind } from '@kelasku/contract';

export interface TextParts {
  subject: string;
  context: string | null;
  count: number;
  actor: string | null;
}

const inClass = (context: string | null) => (context ? ` di ${context}` : '');

/** The sentence the bell shows for a notification, in Indonesian. */
export function notificationText(kind: NotificationKind, p: TextParts): string {
  const who = p.actor ?? 'Seseorang';
  switch (kind) {
    case 'material':
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
      return `Tugas "${p.subject}" sudah dinilai`;
    case 'feedback':
      return `Ada masukan baru dari guru untuk tugas "${p.subject}"`;
    case 'returned':
      return `Tugas "${p.subject}" dikembalikan oleh guru`;
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
    case 'import_done':
      return `Impor pengguna selesai: ${p.subject}`;
    case 'account_locked':
      return `Akun ${p.subject} terkunci karena terlalu banyak percobaan masuk yang gagal`;
    case 'storage_full':
      return 'Penyimpanan server penuh: unggahan siswa dan guru gagal tersimpan. Kosongkan ruang disk server atau tambah kapasitasnya.';
  }
}
