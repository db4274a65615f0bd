/**
 * Query keys shared across features. A feature keeps the keys only it uses in its own api file;
 * the ones here are read by the layout or by more than one feature, so mutations can invalidate them.
 */
export const keys = {
  me: ['me'] as const,
  rombelOptions: ['rombel-options'] as const,
  /** The teacher's classes (dashboard and sidebar). */
  teacherClasses: ['teacher', 'classes'] as const,
  teacherClass: (id: number) => ['teacher', 'classes', id] as const,
  /** The student's classes (dashboard and sidebar). */
  studentClasses: ['student', 'classes'] as const,
  studentClass: (id: number) => ['student', 'classes', id] as const,
};
