import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HomeroomSummary, LeaveRequest } from '@kelasku/contract';
import { api, envelopeOf, send } from './client';

// Izin and sakit requests (issue 38): the student's own, the wali kelas's rombel, the admin's list.

const STUDENT = '/api/student/leave-requests';
const homeroomPath = (rombelId: number) => `/api/teacher/homerooms/${rombelId}/leave-requests`;

/** The fields of a request as the form holds them (the letter is sent beside them). */
export interface LeaveFields {
  kind: 'S' | 'I';
  starts_on: string;
  ends_on: string;
  reason: string;
}

export type LeaveStatusFilter = LeaveRequest['status'] | null;

/**
 * Query keys of the izin requests. A decision changes the rombel's recaps too: the wali kelas's
 * recap keys (api/attendance-recaps.ts) sit under `homeroom(rombelId)`.
 */
export const leaveKeys = {
  mine: ['student', 'leave-requests'] as const,
  homerooms: ['teacher', 'homerooms'] as const,
  homeroom: (rombelId: number) => ['teacher', 'homerooms', rombelId] as const,
  homeroomRequests: (rombelId: number) => ['teacher', 'homerooms', rombelId, 'leave-requests'] as const,
  admin: ['admin', 'leave-requests'] as const,
  adminList: (status: LeaveStatusFilter, rombelId: number | null) => ['admin', 'leave-requests', status, rombelId] as const,
};

/** The student's own requests, newest first. */
export function useMyLeaveRequests() {
  return useQuery({ queryKey: leaveKeys.mine, queryFn: () => api.get<LeaveRequest[]>(STUDENT) });
}

/** The multipart form of a request: its fields and the letter (`file`). */
export function leaveFormData(body: LeaveFields, file: File): FormData {
  const form = new FormData();
  form.append('kind', body.kind);
  form.append('starts_on', body.starts_on);
  form.append('ends_on', body.ends_on);
  form.append('reason', body.reason);
  form.append('file', file, file.name);
  return form;
}

/** "Kirim permohonan": the form shows the server's messages under its fields (meta.toast false). */
export function useSendLeaveRequest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ body, file, onProgress }: { body: LeaveFields; file: File; onProgress?: (p: number) => void }) =>
      api.upload<LeaveRequest>(STUDENT, leaveFormData(body, file), { onProgress }),
    meta: { toast: false },
    onSuccess: () => qc.invalidateQueries({ queryKey: leaveKeys.mine }),
  });
}

/** "Batalkan" of a pending request. */
export function useWithdrawLeaveRequest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<LeaveRequest>(`${STUDENT}/${id}/withdraw`),
    onSuccess: () => qc.invalidateQueries({ queryKey: leaveKeys.mine }),
  });
}

/** The rombels the teacher is wali kelas of in the active semester. */
export function useMyHomerooms() {
  return useQuery({ queryKey: leaveKeys.homerooms, queryFn: () => api.get<HomeroomSummary[]>('/api/teacher/homerooms') });
}

/** The izin requests of a rombel (every status; the page puts the pending ones first). */
export function useHomeroomLeaveRequests(rombelId: number) {
  return useQuery({ queryKey: leaveKeys.homeroomRequests(rombelId), queryFn: () => api.get<LeaveRequest[]>(homeroomPath(rombelId)) });
}

export type LeaveDecision = 'approve' | 'refuse';

/** "Setujui" / "Tolak": refreshes the rombel's requests, its recaps and the pending count of the homeroom list. */
export function useDecideLeaveRequest(rombelId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, note }: { id: number; decision: LeaveDecision; note: string | null }) =>
      api.post<LeaveRequest>(`${homeroomPath(rombelId)}/${id}/${decision}`, { note }),
    meta: { toast: false },
    onSuccess: () => qc.invalidateQueries({ queryKey: leaveKeys.homerooms }),
  });
}

/** The school's requests (admin, read only), by status and rombel. */
export function useAdminLeaveRequests(status: LeaveStatusFilter, rombelId: number | null) {
  const query = new URLSearchParams();
  if (status) query.set('status', status);
  if (rombelId) query.set('rombel_id', String(rombelId));
  const qs = query.toString();
  return useQuery({
    queryKey: leaveKeys.adminList(status, rombelId),
    queryFn: () => api.get<LeaveRequest[]>(`/api/admin/leave-requests${qs ? `?${qs}` : ''}`),
  });
}

/** Who reads a letter: its path differs per role. */
export type LetterReader =
  { role: 'student' } | { role: 'teacher'; rombelId: number } | { role: 'admin' } | { role: 'parent'; studentId: number };

export function letterPath(reader: LetterReader, id: number): string {
  if (reader.role === 'student') return `${STUDENT}/${id}/file`;
  if (reader.role === 'parent') return `/api/parent/children/${reader.studentId}/leave-requests/${id}/file`;
  if (reader.role === 'teacher') return `${homeroomPath(reader.rombelId)}/${id}/file`;
  return `/api/admin/leave-requests/${id}/file`;
}

/**
 * "Lihat surat": the letter is fetched with the bearer token and opened as a blob URL in a new tab
 * (a plain link cannot carry the token). The tab is opened at the click, before the fetch, so a
 * pop-up blocker lets it through; it is closed again when the fetch fails.
 */
export async function openLetter(reader: LetterReader, id: number): Promise<void> {
  const tab = window.open('', '_blank');
  const path = letterPath(reader, id);
  try {
    const res = await send('GET', path);
    if (!res.ok) await envelopeOf(res, path); // throws the server's Indonesian message
    const url = URL.createObjectURL(await res.blob());
    if (tab) tab.location.href = url;
    else window.open(url, '_blank');
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (err) {
    tab?.close();
    throw err;
  }
}
