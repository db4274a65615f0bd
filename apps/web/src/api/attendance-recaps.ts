import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AttendanceSettings, ClassRecap, MonthRecap, SemesterRecap, StudentAttendance } from '@kelasku/contract';
import { api } from './client';
import { downloadFile } from './download';

// Recaps of attendance (issue 38): per class, per rombel per month and semester, the student's own.

/** Who reads a rombel's recaps: its wali kelas, or the admin. */
export type RecapScope = 'teacher' | 'admin';

/** The base path of a rombel's recaps for the scope. */
export const rombelRecapPath = (scope: RecapScope, rombelId: number) =>
  scope === 'teacher' ? `/api/teacher/homerooms/${rombelId}/attendance` : `/api/admin/attendance/rombels/${rombelId}/attendance`;

const classRecapPath = (classId: number) => `/api/teacher/online-classes/${classId}/attendance-recap`;

/**
 * Query keys of the recaps. The wali kelas's sit under the homeroom's key of api/leave-requests.ts
 * (['teacher', 'homerooms', rombelId]), so a decision on an izin request refreshes them; the
 * admin's under ['admin', 'attendance'].
 */
export const recapKeys = {
  classRecap: (classId: number) => ['teacher', 'classes', classId, 'attendance-recap'] as const,
  rombel: (scope: RecapScope, rombelId: number) =>
    scope === 'teacher' ? (['teacher', 'homerooms', rombelId, 'attendance'] as const) : (['admin', 'attendance', rombelId] as const),
  month: (scope: RecapScope, rombelId: number, month: string) => [...recapKeys.rombel(scope, rombelId), 'month', month] as const,
  semester: (scope: RecapScope, rombelId: number) => [...recapKeys.rombel(scope, rombelId), 'semester'] as const,
  mine: ['student', 'attendance'] as const,
  settings: ['admin', 'attendance-settings'] as const,
};

/** Students × meetings of a class (its teacher). */
export function useClassRecap(classId: number | null) {
  return useQuery({
    queryKey: recapKeys.classRecap(classId ?? 0),
    queryFn: () => api.get<ClassRecap>(classRecapPath(classId ?? 0)),
    enabled: classId !== null,
  });
}

export const downloadClassRecap = (classId: number) => downloadFile(`${classRecapPath(classId)}.xlsx`, 'rekap-presensi.xlsx');

/** Students × dates of a rombel in a month ("2026-11"). */
export function useMonthRecap(scope: RecapScope, rombelId: number, month: string) {
  return useQuery({
    queryKey: recapKeys.month(scope, rombelId, month),
    queryFn: () => api.get<MonthRecap>(`${rombelRecapPath(scope, rombelId)}?month=${month}`),
    placeholderData: keepPreviousData,
  });
}

export const downloadMonthRecap = (scope: RecapScope, rombelId: number, month: string) =>
  downloadFile(`${rombelRecapPath(scope, rombelId)}.xlsx?month=${month}`, `rekap-presensi-${month}.xlsx`);

/** S, I, A (and the rest) per student of a rombel in the active semester. */
export function useSemesterRecap(scope: RecapScope, rombelId: number) {
  return useQuery({
    queryKey: recapKeys.semester(scope, rombelId),
    queryFn: () => api.get<SemesterRecap>(`${rombelRecapPath(scope, rombelId)}/semester`),
  });
}

export const downloadSemesterRecap = (scope: RecapScope, rombelId: number) =>
  downloadFile(`${rombelRecapPath(scope, rombelId)}/semester.xlsx`, 'rekap-presensi-semester.xlsx');

/** The student's own record of the active semester. */
export function useMyAttendance() {
  return useQuery({ queryKey: recapKeys.mine, queryFn: () => api.get<StudentAttendance>('/api/student/attendance') });
}

export function useAttendanceSettings() {
  return useQuery({ queryKey: recapKeys.settings, queryFn: () => api.get<AttendanceSettings>('/api/admin/attendance/settings') });
}

/** "Simpan" of "Peringatan Alpa": the form shows the server's messages (meta.toast false). */
export function useSaveAttendanceSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AttendanceSettings) => api.put<AttendanceSettings>('/api/admin/attendance/settings', body),
    meta: { toast: false },
    onSuccess: (res) => qc.setQueryData(recapKeys.settings, res.data),
  });
}
