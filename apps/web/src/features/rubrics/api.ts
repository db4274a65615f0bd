import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Rubric, RubricBody, RubricSummary } from '@kelasku/contract';
import { api } from '../../api/client';
import { keys, type AssignmentRef } from '../../api/keys';
import { assignmentUrl } from '../../api/assignments';

/** Issue 39: the teacher's rubrics (/api/teacher/rubrics). */
const ROOT = '/api/teacher/rubrics';

export const rubricKeys = {
  all: ['teacher', 'rubrics'] as const,
  one: (id: number) => ['teacher', 'rubrics', id] as const,
};

export function useRubrics() {
  return useQuery({ queryKey: rubricKeys.all, queryFn: () => api.get<RubricSummary[]>(ROOT) });
}

export function useRubric(id: number | null) {
  return useQuery({ queryKey: rubricKeys.one(id ?? 0), queryFn: () => api.get<Rubric>(`${ROOT}/${id}`), enabled: id !== null });
}

function useRubricWrite<V, T>(send: (v: V) => Promise<{ message?: string; data: T }>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: send,
    meta: { toast: false },
    onSuccess: () => qc.invalidateQueries({ queryKey: rubricKeys.all }),
  });
}

/** Creates a rubric (no `id`) or changes one. */
export function useSaveRubric() {
  return useRubricWrite(({ id, body }: { id?: number; body: RubricBody }) =>
    id === undefined ? api.post<Rubric>(ROOT, body) : api.put<Rubric>(`${ROOT}/${id}`, body),
  );
}

export function useDeleteRubric() {
  return useRubricWrite((id: number) => api.delete(`${ROOT}/${id}`));
}

/** "Salin": a copy named "Salinan <judul>". */
export function useCopyRubric() {
  return useRubricWrite((id: number) => api.post<Rubric>(`${ROOT}/${id}/copy`));
}

/** Attaches a rubric to an assignment (null: detaches it). */
export function attachRubric(r: AssignmentRef, rubricId: number | null) {
  return api.put<Rubric | null>(`${assignmentUrl(r)}/rubric`, { rubric_id: rubricId });
}

/** After an attach: the assignment and the rubric lists (their counts) are fresh again. */
export function useRubricAttached() {
  const qc = useQueryClient();
  return (r: AssignmentRef) => {
    void qc.invalidateQueries({ queryKey: rubricKeys.all });
    void qc.invalidateQueries({ queryKey: keys.assignment(r) });
  };
}
