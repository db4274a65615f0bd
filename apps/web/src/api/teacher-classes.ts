import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ClassContent, ClassContentBody, ClassContentDetail, ClassDetail, ClassMaterial, ClassSummary, OnlineClassBody } from '@kelasku/contract';
import { api } from './client';
import { keys } from './keys';

/**
 * Keys of the teacher's class page. They extend keys.teacherClass(id), so invalidating that key
 * refreshes everything of one class (detail, contents list, each content).
 */
export const teacherKeys = {
  classes: keys.teacherClasses,
  class: (classId: number) => keys.teacherClass(classId),
  contents: (classId: number) => [...keys.teacherClass(classId), 'contents'] as const,
  content: (classId: number, contentId: number) => [...keys.teacherClass(classId), 'contents', contentId] as const,
};

const classesPath = '/api/teacher/online-classes';
const classPath = (id: number) => `${classesPath}/${id}`;
const contentsPath = (classId: number) => `${classPath(classId)}/contents`;
const contentPath = (classId: number, contentId: number) => `${contentsPath(classId)}/${contentId}`;

/** The dashboard list and the sidebar's My Class list share this query (summaries: no students). */
export const teacherClassesQuery = queryOptions({ queryKey: teacherKeys.classes, queryFn: () => api.get<ClassSummary[]>(classesPath) });

export function useTeacherClasses() {
  return useQuery(teacherClassesQuery);
}

/**
 * One class with its students; `shown` (the card the teacher clicked, passed as navigation state)
 * fills the page until the answer arrives: a summary, so its students are not there yet.
 */
export function useTeacherClass(classId: number, shown?: ClassSummary) {
  return useQuery<ClassSummary | ClassDetail>({
    queryKey: teacherKeys.class(classId),
    queryFn: () => api.get<ClassDetail>(classPath(classId)),
    enabled: classId > 0,
    placeholderData: shown?.id === classId ? shown : undefined,
  });
}

/** The list and the class detail are both shown after a change of a class. */
const refreshClass = (qc: QueryClient, classId?: number) => {
  void qc.invalidateQueries({ queryKey: teacherKeys.classes, exact: true });
  if (classId !== undefined) void qc.invalidateQueries({ queryKey: teacherKeys.class(classId), exact: true });
};

export function useSaveClass() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: OnlineClassBody }) =>
      id === undefined ? api.post<ClassDetail>(classesPath, body) : api.put<ClassDetail>(classPath(id), body),
    meta: { toast: false },
    onSuccess: (res, { id }) => {
      if (id !== undefined) qc.setQueryData(teacherKeys.class(id), res.data);
      refreshClass(qc, id);
    },
  });
}

export function useDeleteClass() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(classPath(id)),
    onSuccess: (_res, id) => {
      qc.removeQueries({ queryKey: teacherKeys.class(id) });
      refreshClass(qc);
    },
  });
}

/**
 * The contents of a class. The list already carries each content's materials, forums and
 * assignments; it seeds each content's own query, which the cards read, so a modal that
 * invalidates teacherKeys.content(classId, contentId) refreshes just that card.
 */
export function useContents(classId: number) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: teacherKeys.contents(classId),
    queryFn: async () => {
      const list = await api.get<ClassContentDetail[]>(contentsPath(classId));
      for (const c of list) qc.setQueryData(teacherKeys.content(classId, c.id), c);
      return list;
    },
  });
}

export function useContent(classId: number, contentId: number, seed: ClassContentDetail) {
  return useQuery({
    queryKey: teacherKeys.content(classId, contentId),
    queryFn: () => api.get<ClassContentDetail>(contentPath(classId, contentId)),
    initialData: seed,
    staleTime: 60_000,
  });
}

/** Only the list itself: its refetch re-seeds the content queries. */
const refreshContents = (qc: QueryClient, classId: number) => qc.invalidateQueries({ queryKey: teacherKeys.contents(classId), exact: true });

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
      qc.removeQueries({ queryKey: teacherKeys.content(classId, contentId) });
      void refreshContents(qc, classId);
    },
  });
}

export interface MaterialUpload {
  title: string;
  file: File;
  onProgress: (percent: number) => void;
  signal: AbortSignal;
}

export function useUploadMaterial(classId: number, contentId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ title, file, onProgress, signal }: MaterialUpload) => {
      const form = new FormData();
      form.append('title', title);
      form.append('file', file);
      return api.upload<ClassMaterial>(`${contentPath(classId, contentId)}/materials`, form, { onProgress, signal });
    },
    meta: { toast: false },
    onSuccess: () => qc.invalidateQueries({ queryKey: teacherKeys.content(classId, contentId) }),
  });
}

export function useDeleteMaterial(classId: number, contentId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (materialId: number) => api.delete(`${contentPath(classId, contentId)}/materials/${materialId}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: teacherKeys.content(classId, contentId) }),
  });
}
