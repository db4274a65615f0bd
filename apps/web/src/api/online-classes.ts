import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  ClassContent,
  ClassContentBody,
  ClassContentDetail,
  ClassDetail,
  ClassSummary,
  OnlineClassBody,
  TeacherClassSummary,
} from '@kelasku/contract';
import { api } from './client';
import { keys } from './keys';

const classesPath = '/api/teacher/online-classes';
const classPath = (id: number) => `${classesPath}/${id}`;
const contentsPath = (classId: number) => `${classPath(classId)}/contents`;
const contentPath = (classId: number, contentId: number) => `${contentsPath(classId)}/${contentId}`;

/** The dashboard list and the sidebar's My Class list share this query (summaries: no students; `enabled` false for other roles). */
export function useTeacherClasses(enabled = true) {
  return useQuery({ queryKey: keys.teacherClasses, queryFn: () => api.get<TeacherClassSummary[]>(classesPath), enabled });
}

/** The teacher's archived classes ("Arsip"), read-only. */
export function useTeacherArchive() {
  return useQuery({ queryKey: keys.teacherArchive, queryFn: () => api.get<ClassSummary[]>(`${classesPath}?archived=1`) });
}

/**
 * One class with its students; `shown` (the card the teacher clicked, passed as navigation state)
 * fills the page until the answer arrives: a summary, so its students are not there yet.
 */
/** An archived class is read-only (its pages hide every change; the server refuses them with 409). */
export function useClassArchived(classId: number): boolean {
  return (useTeacherClass(classId).data?.archived_at ?? null) !== null;
}

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

/**
 * The contents of a class. The list already carries each content's materials, forums and
 * assignments; it seeds each content's own query, which the cards read, so a modal that
 * invalidates keys.teacherContent(classId, contentId) refreshes just that card.
 */
export function useContents(classId: number) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: keys.teacherContents(classId),
    queryFn: async () => {
      const list = await api.get<ClassContentDetail[]>(contentsPath(classId));
      for (const c of list) qc.setQueryData(keys.teacherContent(classId, c.id), c);
      return list;
    },
  });
}

export function useContent(classId: number, contentId: number, seed: ClassContentDetail) {
  return useQuery({
    queryKey: keys.teacherContent(classId, contentId),
    queryFn: () => api.get<ClassContentDetail>(contentPath(classId, contentId)),
    initialData: seed,
    staleTime: 60_000,
  });
}

/** Only the list itself: its refetch re-seeds the content queries. */
const refreshContents = (qc: QueryClient, classId: number) =>
  qc.invalidateQueries({ queryKey: keys.teacherContents(classId), exact: true });

export function useSaveContent(classId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: ClassContentBody }) =>
      id === undefined ? api.post<ClassContent>(contentsPath(classId), body) : api.put<ClassContent>(contentPath(classId, id), body),
    meta: { toast: false },
    onSuccess: () => refreshContents(qc, classId),
  });
}

export function useDeleteContent(classId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (contentId: number) => api.delete(contentPath(classId, contentId)),
    onSuccess: (_res, contentId) => {
      qc.removeQueries({ queryKey: keys.teacherContent(classId, contentId) });
      void refreshContents(qc, classId);
    },
  });
}

export function useDeleteMaterial(classId: number, contentId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (materialId: number) => api.delete(`${contentPath(classId, contentId)}/materials/${materialId}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.teacherContent(classId, contentId) }),
  });
}
