import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Announcement } from '@kelasku/contract';
import { api } from './client';
import { keys, type ForumRole } from './keys';

/** Teachers and students read the same list under their own paths. */
const listPath = (role: ForumRole, classId: number) =>
  role === 'teacher' ? `/api/teacher/online-classes/${classId}/announcements` : `/api/student/my-classes/${classId}/announcements`;

/** The class's announcements, newest first. */
export function useAnnouncements(role: ForumRole, classId: number) {
  return useQuery({
    queryKey: keys.announcements(role, classId),
    queryFn: () => api.get<Announcement[]>(listPath(role, classId)),
    enabled: Number.isInteger(classId) && classId > 0,
  });
}

const refresh = (qc: QueryClient, classId: number) => qc.invalidateQueries({ queryKey: keys.announcements('teacher', classId) });

/** Post (no id) or edit an announcement of the teacher's class; the form shows a failure itself. */
export function useSaveAnnouncement(classId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: string }) =>
      id === undefined
        ? api.post<Announcement>(listPath('teacher', classId), { body })
        : api.put<Announcement>(`${listPath('teacher', classId)}/${id}`, { body }),
    meta: { toast: false },
    onSuccess: () => refresh(qc, classId),
  });
}

export function useDeleteAnnouncement(classId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`${listPath('teacher', classId)}/${id}`),
    onSuccess: () => refresh(qc, classId),
  });
}
