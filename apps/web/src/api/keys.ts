import type { MyWorkTab, UserListQuery } from '@kelasku/contract';

/** Which grading column: Ditugaskan, Diserahkan, Dinilai. */
export type GradingColumn = 'unsubmitted' | 'ungrading' | 'graded';

/** Who reads a forum thread: the same thread lives under the teacher's or the student's paths. */
export type ForumRole = 'teacher' | 'student';

/** An assignment of a content of a class. */
export interface AssignmentRef {
  classId: number;
  lessonId: number;
  id: number;
}

/** A forum of a content of a class. */
export interface ForumPath {
  classId: number;
  lessonId: number;
  forumId: number;
}

/**
 * The one query-key factory of the web app: every query's key comes from here, one key per URL.
 * A key that starts with another sits under it, so invalidating the shorter key refreshes both
 * (a teacher's class key covers its contents and assignments; an admin list covers its details).
 */
export const keys = {
  me: ['me'] as const,
  rombelOptions: ['rombel-options'] as const,

  admin: {
    stats: ['admin', 'stats'] as const,
    users: ['admin', 'users'] as const,
    userPage: (p: UserListQuery) => ['admin', 'users', 'page', p] as const,
    user: (id: number) => ['admin', 'users', id] as const,
    /** Under the user's key: a change of the user refreshes it too. */
    userDeleteImpact: (id: number) => ['admin', 'users', id, 'delete-impact'] as const,
    rombels: ['admin', 'rombels'] as const,
    rombel: (id: number) => ['admin', 'rombels', id] as const,
    departments: ['admin', 'departments'] as const,
    words: ['admin', 'words'] as const,
    word: (id: number) => ['admin', 'words', id] as const,
    archivedClasses: ['admin', 'archived-classes'] as const,
    userImport: (id: number) => ['admin', 'imports', id] as const,
  },

  /** The teacher's classes (dashboard and sidebar). */
  teacherClasses: ['teacher', 'classes'] as const,
  /** The teacher's archived classes ("Arsip"). */
  teacherArchive: ['teacher', 'archive'] as const,
  teacherClass: (classId: number) => ['teacher', 'classes', classId] as const,
  teacherLessons: (classId: number) => ['teacher', 'classes', classId, 'contents'] as const,
  /** The class's gradebook ("Nilai" tab): under the class, so grading anything in it refreshes the table. */
  teacherGradebook: (classId: number) => ['teacher', 'classes', classId, 'gradebook'] as const,
  teacherLesson: (classId: number, lessonId: number) => ['teacher', 'classes', classId, 'contents', lessonId] as const,
  /** "Pengumuman" of a class, as its teacher and its students read them. */
  announcements: (role: ForumRole, classId: number) => [role, 'classes', classId, 'announcements'] as const,
  assignment: (r: AssignmentRef) => ['teacher', 'classes', r.classId, 'assignments', r.id] as const,
  assignmentStudents: (r: AssignmentRef) => ['teacher', 'classes', r.classId, 'assignments', r.id, 'students'] as const,
  assignmentColumn: (r: AssignmentRef, column: GradingColumn) =>
    ['teacher', 'classes', r.classId, 'assignments', r.id, 'students', column] as const,
  /** One student's work in the grading view; under the students key, so a grade or a hand-in refreshes it too. */
  studentWork: (r: AssignmentRef, studentId: number) =>
    ['teacher', 'classes', r.classId, 'assignments', r.id, 'students', studentId] as const,

  /** The student's classes (dashboard and sidebar). */
  studentClasses: ['student', 'classes'] as const,
  studentClass: (classId: number) => ['student', 'classes', classId] as const,
  studentLessons: (classId: number) => ['student', 'classes', classId, 'contents'] as const,
  randomWord: ['student', 'random-word'] as const,
  upcomingAssignments: ['student', 'upcoming-assignments'] as const,
  submission: (assignmentId: number) => ['student', 'submissions', assignmentId] as const,
  /** Under the submission's key: a hand-in refreshes the thread too. */
  submissionComments: (assignmentId: number) => ['student', 'submissions', assignmentId, 'comments'] as const,
  /** "Tugas Saya" (one key per tab under one prefix) and "Nilai Saya": a hand-in refreshes them all. */
  myWork: ['student', 'work'] as const,
  myWorkTab: (tab: MyWorkTab) => ['student', 'work', tab] as const,
  myGrades: ['student', 'work', 'grades'] as const,
  /** The dashboard's quizzes still to take: under myWork, so the end of an attempt (refreshQuiz) refreshes it too. */
  upcomingQuizzes: ['student', 'work', 'upcoming-quizzes'] as const,

  forumThread: (role: ForumRole, p: ForumPath) => ['forums', role, p.classId, p.lessonId, p.forumId] as const,

  /** The bell: every user's own notifications (invalidating `all` refreshes the count and the list). */
  notifications: {
    all: ['notifications'] as const,
    unread: ['notifications', 'unread'] as const,
    list: ['notifications', 'list'] as const,
  },
};
