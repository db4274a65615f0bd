import { useQuery } from '@tanstack/react-query';
import type { Gradebook } from '@kelasku/contract';
import { api } from './client';
import { downloadFile } from './download';
import { keys } from './keys';

const gradebookPath = (classId: number) => `/api/teacher/online-classes/${classId}/gradebook`;

/** The class's gradebook (students × assignments); under the class's key, so a change in the class refreshes it. */
export function useGradebook(classId: number) {
  return useQuery({ queryKey: keys.teacherGradebook(classId), queryFn: () => api.get<Gradebook>(gradebookPath(classId)) });
}

/** The class's gradebook as a file ("Unduh XLSX" / "Unduh CSV"). */
export const downloadGradebook = (classId: number, format: 'xlsx' | 'csv') =>
  downloadFile(`${gradebookPath(classId)}.${format}`, `nilai.${format}`);

/** Every current class of the teacher in one XLSX, a sheet per class. */
export const downloadAllGradebooks = () => downloadFile('/api/teacher/gradebook.xlsx', 'nilai-semua-kelas.xlsx');
