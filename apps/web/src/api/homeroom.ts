import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatedParent, HomeroomOverview, HomeroomParentBody, ParentContact, ParentMessage } from '@kelasku/contract';
import { api } from './client';
import { downloadFile } from './download';
import { leaveKeys } from './leave-requests';

// "Kelas Perwalian" (issue 40): the wali kelas's rombel at a glance, its students' parents and messages.

const base = (rombelId: number) => `/api/teacher/homerooms/${rombelId}`;
const studentPath = (rombelId: number, studentId: number) => `${base(rombelId)}/students/${studentId}`;

/**
 * Under the rombel's key of the izin requests (api/leave-requests.ts): a decision on a request
 * refreshes the overview's pending count and today's marks too.
 */
export const homeroomKeys = {
  overview: (rombelId: number) => [...leaveKeys.homeroom(rombelId), 'overview'] as const,
  parents: (rombelId: number, studentId: number) => [...leaveKeys.homeroom(rombelId), 'students', studentId, 'parents'] as const,
  messages: (rombelId: number, studentId: number) => [...leaveKeys.homeroom(rombelId), 'students', studentId, 'messages'] as const,
};

/** The rombel this semester: today's and this month's attendance, missing work, the students at risk. */
export function useHomeroomOverview(rombelId: number) {
  return useQuery({
    queryKey: homeroomKeys.overview(rombelId),
    queryFn: () => api.get<HomeroomOverview>(`${base(rombelId)}/overview`),
  });
}

/** A student's parents with their phone numbers. */
export function useStudentParents(rombelId: number, studentId: number) {
  return useQuery({
    queryKey: homeroomKeys.parents(rombelId, studentId),
    queryFn: () => api.get<ParentContact[]>(`${studentPath(rombelId, studentId)}/parents`),
  });
}

/** "Tambah orang tua": a new parent account linked to the student; the first password comes back once. */
export function useAddParent(rombelId: number, studentId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: HomeroomParentBody) => api.post<CreatedParent>(`${studentPath(rombelId, studentId)}/parents`, body),
    meta: { toast: false },
    onSuccess: () => qc.invalidateQueries({ queryKey: leaveKeys.homeroom(rombelId) }),
  });
}

/** The messages of the wali kelas to a student's parents, newest first. */
export function useParentMessages(rombelId: number, studentId: number) {
  return useQuery({
    queryKey: homeroomKeys.messages(rombelId, studentId),
    queryFn: () => api.get<ParentMessage[]>(`${studentPath(rombelId, studentId)}/messages`),
  });
}

/** "Kirim pesan di Kelasku": the parents are notified. */
export function useSendParentMessage(rombelId: number, studentId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => api.post<ParentMessage>(`${studentPath(rombelId, studentId)}/messages`, { body }),
    meta: { toast: false },
    onSuccess: () => qc.invalidateQueries({ queryKey: homeroomKeys.messages(rombelId, studentId) }),
  });
}

/** The first-password slips of the parents the wali kelas made for the rombel (PDF). */
export function downloadParentSlips(rombelId: number): Promise<void> {
  return downloadFile(`${base(rombelId)}/parent-slips`, 'slip-orang-tua.pdf');
}
