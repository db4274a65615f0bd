/** "Unduh semua (ZIP)": every handed-in submission of an assignment in one download. */
export const SUBMISSION_ZIP_MSG = {
  /** 409: nobody has handed in (an empty ZIP would only puzzle the teacher). */
  empty: 'Belum ada siswa yang mengumpulkan tugas ini',
} as const;

/** Names inside and of the ZIP. */
export const SUBMISSION_ZIP_NAMES = {
  /** The student's text answer, beside their files. */
  answer: 'Jawaban.txt',
  /** The download is named "<assignment title> - Pengumpulan.zip". */
  suffix: ' - Pengumpulan.zip',
} as const;
