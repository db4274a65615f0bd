import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type {
  AdminUser,
  AssignmentGrid,
  Subject,
  SubjectBody,
  TeachingAssignment,
  TeachingAssignmentBody,
  TeachingAssignmentUpdateBody,
  TeachingImportPreview,
  TeachingImportResult,
} from '@kelasku/contract';
import { useAdminMutation, useRemove, useSave } from './admin-resources';
import { api } from './client';
import { keys } from './keys';
import { getPage } from './pages';

/** Issue 37: mata pelajaran and pembagian tugas mengajar (apps/api/src/features/subjects, teaching-assignments). */
const ADMIN = '/api/admin';
const SUBJECTS = `${ADMIN}/subjects`;
const ASSIGNMENTS = `${ADMIN}/teaching-assignments`;

/** The query keys of these screens, one per URL; under `admin` like the other admin lists. */
export const teachingKeys = {
  subjects: ['admin', 'subjects'] as const,
  /** Every semester's grid sits under this prefix. */
  grids: ['admin', 'teaching-assignments'] as const,
  grid: (semesterId: number | null) => ['admin', 'teaching-assignments', semesterId ?? 'active'] as const,
  /** Under the users' key: a user made, edited or deactivated refreshes the teacher picker too. */
  teacherOptions: (q: string) => ['admin', 'users', 'teacher-options', q] as const,
};

const withSemester = (path: string, semesterId: number | null) => (semesterId ? `${path}?semester_id=${semesterId}` : path);

// ---------------------------------------------------------------- subjects

export function useSubjects() {
  return useQuery({ queryKey: teachingKeys.subjects, queryFn: () => api.get<Subject[]>(SUBJECTS) });
}

/** A subject's name and code show in the grid and on the teachers' class cards. */
const subjectRefresh = [teachingKeys.subjects, teachingKeys.grids, keys.teacherClasses, keys.studentClasses];

export function useSaveSubject() {
  return useSave<SubjectBody, Subject>(SUBJECTS, subjectRefresh);
}

export function useDeleteSubject() {
  return useRemove(SUBJECTS, subjectRefresh);
}

export const subjectsExportPath = `${SUBJECTS}/export`;

// ---------------------------------------------------------------- semesters and teachers

/** Every semester, newest first (the grid's picker): the Semester page's own query. */
export { useSemesters } from './school-year';

/** Active teachers whose name, username or e-mail holds `q` (the first 50). */
export function useTeacherOptions(q: string, enabled = true) {
  return useQuery({
    queryKey: teachingKeys.teacherOptions(q),
    queryFn: async () =>
      (await getPage<AdminUser[]>(`${ADMIN}/resources/users`, { role: 'teacher', status: 'active', q, per_page: 50 })).data,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled,
  });
}

// ---------------------------------------------------------------- teaching assignments

/** The grid (rombels × subjects) of a semester; null: the active one. */
export function useAssignmentGrid(semesterId: number | null) {
  return useQuery({
    queryKey: teachingKeys.grid(semesterId),
    queryFn: () => api.get<AssignmentGrid>(withSemester(ASSIGNMENTS, semesterId)),
    placeholderData: keepPreviousData,
  });
}

/** An assignment makes, moves or removes a teacher's class, and counts against its subject. */
const assignmentRefresh = [teachingKeys.grids, teachingKeys.subjects, keys.teacherClasses, keys.admin.rombels];

export function useCreateAssignment() {
  return useAdminMutation((body: TeachingAssignmentBody) => api.post<TeachingAssignment>(ASSIGNMENTS, body), assignmentRefresh);
}

export function useUpdateAssignment() {
  return useAdminMutation(
    ({ id, body }: { id: number; body: TeachingAssignmentUpdateBody }) => api.put<TeachingAssignment>(`${ASSIGNMENTS}/${id}`, body),
    assignmentRefresh,
  );
}

export function useDeleteAssignment() {
  return useRemove(ASSIGNMENTS, assignmentRefresh);
}

export const assignmentsExportPath = (semesterId: number | null) => withSemester(`${ASSIGNMENTS}/export`, semesterId);

// ---------------------------------------------------------------- XLSX imports

export type TeachingImportKind = 'subjects' | 'assignments';

const importPath = (kind: TeachingImportKind) => (kind === 'subjects' ? `${SUBJECTS}/import` : `${ASSIGNMENTS}/import`);

const fileForm = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return form;
};

/** Reads the file on the server and answers what importing it would do (nothing is written). */
export function useTeachingImportPreview(kind: TeachingImportKind) {
  return useMutation({
    mutationFn: async (file: File) => (await api.upload<TeachingImportPreview>(`${importPath(kind)}/preview`, fileForm(file))).data,
    meta: { toast: false },
  });
}

/** Imports every row of the file, or none when one is wrong. */
export function useTeachingImport(kind: TeachingImportKind) {
  return useAdminMutation(
    async (file: File) => (await api.upload<TeachingImportResult>(importPath(kind), fileForm(file))).data,
    assignmentRefresh,
  );
}
