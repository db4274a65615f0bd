export const MB = 1024 * 1024;

export const LIMITS = {
  usernameMin: 3,
  usernameMax: 50,
  nameMax: 100,
  passwordMin: 5,
  passwordMax: 64,
  /** As typed ("+62 812-3456-7890-12"); kept as 0812-3456-789012, 16 characters at most (users.telpon is varchar(20)). */
  telponMax: 20,
  nipMax: 18,
  nikMax: 16,
  nisMax: 20,
  nisnMax: 10,
  birthdayMin: '1960-01-31',
  birthdayMax: '2021-12-31',
  titleMax: 255,
  textMax: 10_000,
  commentMax: 5_000,
  /** Comments and replies one user may post within a minute (DECISIONS "API conventions"). */
  commentsPerMinute: 20,
  /** A comment's author may change it this long after posting. */
  commentEditMinutes: 15,
  avatarBytes: 5 * MB,
  fileBytes: 50 * MB,
  /** A hand-in: at most this many files, together at most submissionBytes. */
  submissionFiles: 10,
  submissionBytes: 100 * MB,
  jsonBodyBytes: 1 * MB,
  /** Materials added in one go ("Tambah beberapa file"). */
  materialBatch: 20,
  /** A link material's address. */
  urlMax: 2000,
  /** A copy may move deadlines and schedules by at most this many days either way. */
  shiftDaysMax: 366,
  scoreMin: 0,
  scoreMax: 100,
} as const;

export const TRUNCATE = {
  studentCardTeacher: 15,
  teacherCardTeacher: 20,
  gradingStudentName: 25,
  filename: 48,
  motivationalBody: 70,
} as const;

export const TOAST_MS = { short: 3000, long: 5000 } as const;
export const HEADER_SCROLL_PX = 150;
