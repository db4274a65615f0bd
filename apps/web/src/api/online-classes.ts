import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ClassDetail, ClassSummary, OnlineClassBody, TeacherClassSummary } from '@kelasku/contract';
import { api } from './client';
import { keys } from './keys';

const classesPath = '/api/teacher/online-classes';
const classPath = (id: number) => `${classesPath}/${id}`;

/** The dashboard list and the sidebar's My Class list share this query (summaries: no students; `enabled` false for other roles). */
export function useTeacherClasses(enabled = true) {
  return useQuery({ queryKey: keys.teacherClasses, queryFn: () => api.get<TeacherClassSummary[]>(classesPath), enabled });
}

/** The teacher's archived classes ("Arsip"), read-only. */
export function useTeacherArchive() {
  return useQuery({ queryKey: keys.teacherArchive, queryFn: () => api.get<ClassSummary[]>(`${classesPath}?archived=1`) });
}

/** An archived class is read-only (its pages hide every change; the server refuses them with 409). */
export function useClassArchived(classId: number): boolean {
  return (useTeacherClass(classId).data?.archived_at ?? null) !== null;
}

/**
 * One class with its students; `shown` (the card the teacher clicked, passed as navigation state)
 * fills the page until the answer arrives: a summary, so its students are not there yet.
 */
export function useTeacherClass(classId: number, shown?: ClassSummary) {
  return useQuery<ClassSummary | ClassDetail>({
    queryKey: keys.teacherClass(classId),
    queryFn: () => api.get<ClassDetail>(classPath(classId)),
    enabled: classId > 0,
    placeholderData: shown?.id === classId ? shown : undefined,
  });
}

/** The list and the class detail are both shown after a change of a class. */
const refreshClass = (qc: QueryClient, classId?: number) => {
  void qc.invalidateQueries({ queryKey: keys.teacherClasses, exact: true });
  if (classId !== undefined) void qc.invalidateQueries({ queryKey: keys.teacherClass(classId), exact: true });
};

export function useSaveClass() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: OnlineClassBody }) =>
      id === undefined ? api.post<ClassDetail>(classesPath, body) : api.put<ClassDetail>(classPath(id), body),
    meta: { toast: false },
    onSuccess: (res, { id }) => {
      if (id !== undefined) qc.setQueryData(keys.teacherClass(id), res.data);
      refreshClass(qc, id);
    },
  });
}

export function useDeleteClass() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(classPath(id)),
    onSuccess: (_res, id) => {
      qc.removeQueries({ queryKey: keys.teacherClass(id) });
      refreshClass(qc);
    },
  });
}
