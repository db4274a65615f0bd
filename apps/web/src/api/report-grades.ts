import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ClassGradeScheme,
  ClassReportGrades,
  ClassSchemeBody,
  DescriptionBody,
  EraporFillResult,
  GradeSchemeDefaults,
  Leger,
  SchemeDefaultsBody,
  Semester,
  StudentReportCard,
  StudentReportGrade,
} from '@kelasku/contract';
import { api } from './client';
import { downloadFile } from './download';
import { keys } from './keys';
import { schoolKeys } from './school-year';

// Issue 39, Nilai rapor: the grade scheme (a class's and the school's default), the Nilai Akhir,
// the report descriptions, e-Rapor's templates, the leger, the semester's lock, the student's report part.

const classPath = (classId: number) => `/api/teacher/online-classes/${classId}`;

/** Who reads a rombel's leger: its wali kelas, or the admin. */
export type LegerScope = 'teacher' | 'admin';
const legerPath = (scope: LegerScope, rombelId: number) =>
  scope === 'teacher' ? `/api/teacher/homerooms/${rombelId}/leger` : `/api/admin/rombels/${rombelId}/leger`;

/** Under the class's key, so a grade given anywhere in the class refreshes the Nilai Akhir too. */
export const reportKeys = {
  scheme: (classId: number) => [...keys.teacherClass(classId), 'grade-scheme'] as const,
  grades: (classId: number) => [...keys.teacherClass(classId), 'report-grades'] as const,
  defaults: ['admin', 'grade-scheme'] as const,
  leger: (scope: LegerScope, rombelId: number) =>
    scope === 'teacher' ? (['teacher', 'homerooms', rombelId, 'leger'] as const) : (['admin', 'leger', rombelId] as const),
  mine: ['student', 'work', 'report-grades'] as const,
};

export function useClassScheme(classId: number) {
  return useQuery({ queryKey: reportKeys.scheme(classId), queryFn: () => api.get<ClassGradeScheme>(`${classPath(classId)}/grade-scheme`) });
}

/** "Simpan" of the scheme: the form shows the server's messages (meta.toast false); the Nilai Akhir is computed again. */
export function useSaveClassScheme(classId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ClassSchemeBody) => api.put<ClassGradeScheme>(`${classPath(classId)}/grade-scheme`, body),
    meta: { toast: false },
    onSuccess: async (res) => {
      qc.setQueryData(reportKeys.scheme(classId), res.data);
      await qc.invalidateQueries({ queryKey: reportKeys.grades(classId) });
    },
  });
}

/** "Tampilkan nilai akhir ke siswa" on or off. */
export function useReleaseGrades(classId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (released: boolean) => api.post<ClassGradeScheme>(`${classPath(classId)}/grade-scheme/release`, { released }),
    meta: { toast: false },
    onSuccess: async (res) => {
      qc.setQueryData(reportKeys.scheme(classId), res.data);
      await qc.invalidateQueries({ queryKey: reportKeys.grades(classId) });
    },
  });
}

export function useClassReportGrades(classId: number) {
  return useQuery({
    queryKey: reportKeys.grades(classId),
    queryFn: () => api.get<ClassReportGrades>(`${classPath(classId)}/report-grades`),
  });
}

export const downloadReportGrades = (classId: number) => downloadFile(`${classPath(classId)}/report-grades.xlsx`, 'nilai-akhir.xlsx');

/** A student's report description (null parts: written from the TPs again). */
export function useSaveDescription(classId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ studentId, body }: { studentId: number; body: DescriptionBody }) =>
      api.put<StudentReportGrade>(`${classPath(classId)}/report-grades/students/${studentId}/description`, body),
    meta: { toast: false },
    onSuccess: (res) =>
      qc.setQueryData<ClassReportGrades>(reportKeys.grades(classId), (old) =>
        old ? { ...old, students: old.students.map((s) => (s.student.id === res.data.student.id ? res.data : s)) } : old,
      ),
  });
}

/** "Isi template e-Rapor": the template goes up, the result (and a link to the filled file) comes back. */
export function useFillErapor(classId: number) {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return api.upload<EraporFillResult>(`${classPath(classId)}/erapor/fill`, form);
    },
    meta: { toast: false },
  });
}

export function useSchemeDefaults() {
  return useQuery({ queryKey: reportKeys.defaults, queryFn: () => api.get<GradeSchemeDefaults>('/api/admin/grade-scheme') });
}

export function useSaveSchemeDefaults() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SchemeDefaultsBody) => api.put<GradeSchemeDefaults>('/api/admin/grade-scheme', body),
    meta: { toast: false },
    onSuccess: (res) => qc.setQueryData(reportKeys.defaults, res.data),
  });
}

/** "Kunci nilai" (true) or "Buka kunci" (false) of a semester. */
export function useGradeLock() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, lock }: { id: number; lock: boolean }) =>
      lock ? api.post<Semester>(`/api/admin/semesters/${id}/grade-lock`) : api.delete<Semester>(`/api/admin/semesters/${id}/grade-lock`),
    meta: { toast: false },
    onSuccess: () => qc.invalidateQueries({ queryKey: schoolKeys.semesters }),
  });
}

export function useLeger(scope: LegerScope, rombelId: number) {
  return useQuery({ queryKey: reportKeys.leger(scope, rombelId), queryFn: () => api.get<Leger>(legerPath(scope, rombelId)) });
}

export const downloadLeger = (scope: LegerScope, rombelId: number) =>
  downloadFile(`${legerPath(scope, rombelId)}.xlsx`, 'leger-nilai.xlsx');

/** The student's report part of "Nilai Saya", one card per class. */
export function useMyReportGrades() {
  return useQuery({ queryKey: reportKeys.mine, queryFn: () => api.get<StudentReportCard[]>('/api/student/report-grades') });
}
