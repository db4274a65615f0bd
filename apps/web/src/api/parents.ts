import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  LeaveRequest,
  MyClassGrades,
  MyWorkItem,
  MyWorkTab,
  PairBody,
  PairingCheck,
  ParentAnnouncement,
  ParentChild,
  ParentMessage,
  ParentPrivacy,
  ParentSettings,
  ParentSignupBody,
  ParentSummary,
  SessionUser,
  StudentAttendance,
  StudentReportCard,
  Today,
} from '@kelasku/contract';
import { api, request } from './client';
import { leaveFormData, type LeaveFields } from './leave-requests';

// Issue 40: the parent's area (/api/parent) and the public pairing/sign-up (contract schemas/parents.ts).

const PARENT = '/api/parent';
const childPath = (studentId: number) => `${PARENT}/children/${studentId}`;

/** Query keys of the parent's area: everything of one child sits under `child(id)`. */
export const parentKeys = {
  all: ['parent'] as const,
  privacy: ['parent', 'privacy'] as const,
  children: ['parent', 'children'] as const,
  settings: ['parent', 'settings'] as const,
  summaries: ['parent', 'summaries'] as const,
  child: (id: number) => ['parent', 'child', id] as const,
  childPart: (id: number, part: string) => ['parent', 'child', id, part] as const,
};

/** What the school keeps and why, and whether the parent has accepted it (null: not yet). */
export function useParentPrivacy() {
  return useQuery({ queryKey: parentKeys.privacy, queryFn: () => api.get<ParentPrivacy>(`${PARENT}/privacy`) });
}

/** "Saya mengerti dan setuju": the other parent routes answer from now on. */
export function useAcceptPrivacy() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<ParentPrivacy>(`${PARENT}/privacy/accept`),
    onSuccess: (res) => {
      qc.setQueryData(parentKeys.privacy, res.data);
      // Anything asked before the acceptance was refused (403): asked again.
      void qc.invalidateQueries({ queryKey: parentKeys.all, predicate: (q) => q.queryKey[1] !== 'privacy' });
    },
  });
}

/** The parent's children. `enabled` is false until the privacy notice is accepted (the menu asks early). */
export function useMyChildren(enabled = true) {
  return useQuery({ queryKey: parentKeys.children, queryFn: () => api.get<ParentChild[]>(`${PARENT}/children`), enabled });
}

/** "Tambah Anak": another child by the child's code; the form shows the server's messages (meta.toast false). */
export function usePairChild() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PairBody) => api.post<ParentChild>(`${PARENT}/children`, body),
    meta: { toast: false },
    onSuccess: () => qc.invalidateQueries({ queryKey: parentKeys.children }),
  });
}

export function useParentSettings() {
  return useQuery({ queryKey: parentKeys.settings, queryFn: () => api.get<ParentSettings>(`${PARENT}/settings`) });
}

export function useSaveParentSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ParentSettings) => api.put<ParentSettings>(`${PARENT}/settings`, body),
    onSuccess: (res) => qc.setQueryData(parentKeys.settings, res.data),
  });
}

/** The weekly summaries, newest first. */
export function useParentSummaries() {
  return useQuery({ queryKey: parentKeys.summaries, queryFn: () => api.get<ParentSummary[]>(`${PARENT}/summaries`) });
}

/** One GET of a child's pages, asked only while `enabled` (a tab loads when it is opened). */
function useChildPart<T>(studentId: number, part: string, path: string, enabled = true) {
  return useQuery({
    queryKey: parentKeys.childPart(studentId, part),
    queryFn: () => api.get<T>(`${childPath(studentId)}/${path}`),
    enabled,
  });
}

export const useChildToday = (id: number, enabled = true) => useChildPart<Today>(id, 'today', 'today', enabled);
export const useChildWork = (id: number, tab: MyWorkTab, enabled = true) =>
  useChildPart<MyWorkItem[]>(id, `work-${tab}`, `work?tab=${tab}`, enabled);
export const useChildGrades = (id: number, enabled = true) => useChildPart<MyClassGrades[]>(id, 'grades', 'grades', enabled);
export const useChildReportGrades = (id: number, enabled = true) =>
  useChildPart<StudentReportCard[]>(id, 'report-grades', 'report-grades', enabled);
export const useChildAttendance = (id: number, enabled = true) => useChildPart<StudentAttendance>(id, 'attendance', 'attendance', enabled);
export const useChildAnnouncements = (id: number, enabled = true) =>
  useChildPart<ParentAnnouncement[]>(id, 'announcements', 'announcements', enabled);
export const useChildMessages = (id: number, enabled = true) => useChildPart<ParentMessage[]>(id, 'messages', 'messages', enabled);
export const useChildLeaveRequests = (id: number, enabled = true) =>
  useChildPart<LeaveRequest[]>(id, 'leave-requests', 'leave-requests', enabled);

/** "Kirim permohonan" for the child: multipart as the student's; the form shows the server's messages. */
export function useSendChildLeaveRequest(studentId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ body, file, onProgress }: { body: LeaveFields; file: File; onProgress?: (p: number) => void }) =>
      api.upload<LeaveRequest>(`${childPath(studentId)}/leave-requests`, leaveFormData(body, file), { onProgress }),
    meta: { toast: false },
    onSuccess: () => qc.invalidateQueries({ queryKey: parentKeys.childPart(studentId, 'leave-requests') }),
  });
}

/** "Batalkan" of the parent's own pending request. */
export function useWithdrawChildLeaveRequest(studentId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<LeaveRequest>(`${childPath(studentId)}/leave-requests/${id}/withdraw`),
    onSuccess: () => qc.invalidateQueries({ queryKey: parentKeys.childPart(studentId, 'leave-requests') }),
  });
}

/** Whose code it is ("Kode untuk Andi (X TKJ 1)"); public. The form shows the refusal (meta.toast false). */
export function useCheckPairingCode() {
  return useMutation({
    mutationFn: (code: string) => api.post<PairingCheck>('/api/pairing-codes/check', { code }),
    meta: { toast: false },
  });
}

/** The sign-up: answers { token, user } as the login does. */
export function useParentSignup() {
  return useMutation({
    mutationFn: (body: ParentSignupBody) => request<{ token: string; user: SessionUser }>('POST', '/api/parent-signup', body),
    meta: { toast: false },
  });
}
