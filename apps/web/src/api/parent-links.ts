import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HomeroomSettings, PairingCode, ParentContact, StudentPairing } from '@kelasku/contract';
import { api } from './client';
import { keys } from './keys';

// Parent links (issue 40): the student's pairing code and parents, an admin's view of a student's
// parents (unlinking), and the school's at-risk thresholds ("Perwalian").

/**
 * Query keys of the parent links. A student's parents sit under the admin's key of that user, so a
 * change of the user refreshes them too.
 */
export const parentLinkKeys = {
  pairing: ['student', 'pairing'] as const,
  studentParents: (studentId: number) => [...keys.admin.user(studentId), 'parents'] as const,
  settings: ['admin', 'homeroom-settings'] as const,
};

/** The student's linked parents and the expiry of an unused code (its text is never shown again). */
export function useStudentPairing() {
  return useQuery({ queryKey: parentLinkKeys.pairing, queryFn: () => api.get<StudentPairing>('/api/student/pairing') });
}

/** "Buat kode untuk orang tua": a new code (shown once) replaces an unused one. */
export function useCreatePairingCode() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<PairingCode>('/api/student/pairing-code'),
    onSuccess: () => qc.invalidateQueries({ queryKey: parentLinkKeys.pairing }),
  });
}

/** The parents of a student as the admin sees them: phone, relation, source, the link's id. */
export function useStudentParents(studentId: number) {
  return useQuery({
    queryKey: parentLinkKeys.studentParents(studentId),
    queryFn: () => api.get<ParentContact[]>(`/api/admin/students/${studentId}/parents`),
  });
}

/** "Putuskan": the parent no longer follows the student (the account stays). */
export function useUnlinkParent(studentId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (linkId: number) => api.delete(`/api/admin/parent-links/${linkId}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: parentLinkKeys.studentParents(studentId) }),
  });
}

/** The school's at-risk thresholds (Alpa days this month, missing pieces of work). */
export function useHomeroomSettings() {
  return useQuery({ queryKey: parentLinkKeys.settings, queryFn: () => api.get<HomeroomSettings>('/api/admin/homeroom-settings') });
}

/** "Simpan" of the thresholds: the form shows the server's messages under its fields (meta.toast false). */
export function useSaveHomeroomSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: HomeroomSettings) => api.put<HomeroomSettings>('/api/admin/homeroom-settings', body),
    meta: { toast: false },
    onSuccess: (res) => qc.setQueryData(parentLinkKeys.settings, res.data),
  });
}
