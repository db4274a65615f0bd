import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type {
  AdminUser,
  DepartmentBody,
  Homeroom,
  NextSemesterBody,
  NextSemesterPreview,
  NextSemesterResult,
  SchoolDepartment,
  Semester,
  SemesterBody,
} from '@kelasku/contract';
import { RESOURCES, useAdminMutation, useSave } from './admin-resources';
import { api } from './client';
import { keys } from './keys';
import { getPage } from './pages';

// The school year (issue 37): departments, semesters and wali kelas.

const ADMIN = '/api/admin';

/** Query keys of this file; under 'admin' (and 'school') so a change refreshes the lists below it. */
export const schoolKeys = {
  departments: ['admin', 'school', 'departments'] as const,
  semesters: ['admin', 'school', 'semesters'] as const,
  homerooms: (semesterId: number | null) => ['admin', 'school', 'homerooms', semesterId ?? 'active'] as const,
  homeroomsAll: ['admin', 'school', 'homerooms'] as const,
  teachers: (q: string) => ['admin', 'school', 'teachers', q] as const,
  active: ['semesters', 'active'] as const,
};

export function useSchoolDepartments() {
  return useQuery({ queryKey: schoolKeys.departments, queryFn: () => api.get<SchoolDepartment[]>(`${ADMIN}/departments`) });
}

/** A department's name and status also show in the rombel form's list and the rombel tables. */
export function useSaveDepartment() {
  return useSave<DepartmentBody, SchoolDepartment>(`${ADMIN}/departments`, [
    schoolKeys.departments,
    keys.admin.departments,
    keys.admin.rombels,
  ]);
}

export function useSemesters() {
  return useQuery({ queryKey: schoolKeys.semesters, queryFn: () => api.get<Semester[]>(`${ADMIN}/semesters`) });
}

/** The active semester (anyone signed in). */
export function useActiveSemester() {
  return useQuery({ queryKey: schoolKeys.active, queryFn: () => api.get<Semester>('/api/semesters/active'), staleTime: 60_000 });
}

export function useSaveSemester() {
  return useSave<SemesterBody, Semester>(`${ADMIN}/semesters`, [schoolKeys.semesters, schoolKeys.active]);
}

/** A new active semester changes what every class, wali kelas and rombel page reads. */
const semesterChange = [
  schoolKeys.semesters,
  schoolKeys.active,
  schoolKeys.homeroomsAll,
  keys.admin.rombels,
  keys.admin.archivedClasses,
  keys.teacherClasses,
  keys.teacherArchive,
  keys.studentClasses,
];

export function useActivateSemester() {
  return useAdminMutation((id: number) => api.post<Semester>(`${ADMIN}/semesters/${id}/activate`), semesterChange);
}

/** What starting the next semester would do; writes nothing. */
export function useNextSemesterPreview() {
  return useMutation({
    mutationFn: (body: NextSemesterBody) => api.post<NextSemesterPreview>(`${ADMIN}/semesters/next/preview`, body),
    meta: { toast: false },
  });
}

export function useStartNextSemester() {
  return useAdminMutation((body: NextSemesterBody) => api.post<NextSemesterResult>(`${ADMIN}/semesters/next`, body), semesterChange);
}

/** Wali kelas of every rombel in a semester (null: the active one). */
export function useHomerooms(semesterId: number | null) {
  return useQuery({
    queryKey: schoolKeys.homerooms(semesterId),
    queryFn: () => api.get<Homeroom[]>(`${ADMIN}/homerooms${semesterId ? `?semester_id=${semesterId}` : ''}`),
  });
}

/** Sets (a teacher id) or removes (null) a rombel's wali kelas; the rombel page shows it too. */
export function useSetHomeroom() {
  return useAdminMutation(
    ({ rombelId, semesterId, teacherId }: { rombelId: number; semesterId: number | null; teacherId: number | null }) =>
      api.put<Homeroom>(`${ADMIN}/homerooms/${rombelId}`, { teacher_id: teacherId, ...(semesterId ? { semester_id: semesterId } : {}) }),
    [schoolKeys.homeroomsAll, keys.admin.rombels],
  );
}

/** Active teachers whose name, username or e-mail holds `q` (the first 100), for a teacher select. */
export function useTeacherOptions(q: string) {
  return useQuery({
    queryKey: schoolKeys.teachers(q),
    queryFn: async () => (await getPage<AdminUser[]>(`${RESOURCES}/users`, { role: 'teacher', status: 'active', q, per_page: 100 })).data,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
