import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClassGradeScheme, LearningObjective, Subject, ObjectiveImportResult, WorkGrading } from '@kelasku/contract';
import { api } from '../../api/client';
import { teachingKeys } from '../../api/teaching';

/** Issue 39: tujuan pembelajaran of a subject and grade, as the admin (/school) or a teacher reads and writes them. */
export type ObjectivesRole = 'admin' | 'teacher';
export interface ObjectivesScope {
  subjectId: number;
  grade: number;
}

const root = (role: ObjectivesRole) => `/api/${role}/learning-objectives`;
const query = (s: ObjectivesScope) => `subject_id=${s.subjectId}&grade=${s.grade}`;

/** Query keys, one per URL; every list sits under `all`, so any write refreshes them. */
export const objectiveKeys = {
  all: ['learning-objectives'] as const,
  list: (role: ObjectivesRole, s: ObjectivesScope) => ['learning-objectives', role, s.subjectId, s.grade] as const,
  ofClass: (classId: number) => ['learning-objectives', 'class', classId] as const,
};

export function useObjectives(role: ObjectivesRole, scope: ObjectivesScope | null) {
  return useQuery({
    queryKey: scope ? objectiveKeys.list(role, scope) : ['learning-objectives', role, 'none'],
    queryFn: () => api.get<LearningObjective[]>(`${root(role)}?${query(scope!)}`),
    enabled: scope !== null,
  });
}

/** The TPs of a class's subject and its rombel's grade (the pickers of the assignment and quiz forms). */
export function useClassObjectives(classId: number) {
  return useQuery({
    queryKey: objectiveKeys.ofClass(classId),
    queryFn: () => api.get<LearningObjective[]>(`/api/teacher/online-classes/${classId}/learning-objectives`),
  });
}

function useObjectiveWrite<V, T>(send: (v: V) => Promise<{ message?: string; data: T }>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: send,
    meta: { toast: false },
    onSuccess: () => qc.invalidateQueries({ queryKey: objectiveKeys.all }),
  });
}

export function useSaveObjective(role: ObjectivesRole, scope: ObjectivesScope) {
  return useObjectiveWrite(({ id, code, description }: { id?: number; code: string; description: string }) =>
    id === undefined
      ? api.post<LearningObjective>(root(role), { subject_id: scope.subjectId, grade: scope.grade, code, description })
      : api.put<LearningObjective>(`${root(role)}/${id}`, { code, description }),
  );
}

export function useDeleteObjective(role: ObjectivesRole) {
  return useObjectiveWrite((id: number) => api.delete(`${root(role)}/${id}`));
}

export function useReorderObjectives(role: ObjectivesRole, scope: ObjectivesScope) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) =>
      api.put<LearningObjective[]>(`${root(role)}/order`, { subject_id: scope.subjectId, grade: scope.grade, ids }),
    meta: { toast: false },
    // The new order shows at once; the answer (or a refresh after a refusal) settles it.
    onMutate: (ids) => {
      qc.setQueryData<LearningObjective[]>(objectiveKeys.list(role, scope), (list) =>
        list ? ids.map((id) => list.find((o) => o.id === id)!).filter(Boolean) : list,
      );
    },
    onSuccess: (res) => qc.setQueryData(objectiveKeys.list(role, scope), res.data),
    onError: () => qc.invalidateQueries({ queryKey: objectiveKeys.list(role, scope) }),
  });
}

/** "Impor dari Excel": the dry run first (nothing written), then the same file for real. */
export function useImportObjectives(role: ObjectivesRole, scope: ObjectivesScope) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ file, dryRun }: { file: File; dryRun: boolean }) => {
      const form = new FormData();
      form.append('file', file);
      return api.upload<ObjectiveImportResult>(`${root(role)}/import?${query(scope)}&dry_run=${dryRun ? 1 : 0}`, form);
    },
    meta: { toast: false },
    onSuccess: (res) => {
      if (!res.data.dry_run) void qc.invalidateQueries({ queryKey: objectiveKeys.all });
    },
  });
}

export const templatePath = (role: ObjectivesRole) => `${root(role)}/template.xlsx`;

/** The category and TPs of an assignment or quiz (PUT …/grading), after the work itself is saved. */
export function saveWorkGrading(path: string, body: { category_id: number | null; objective_ids: number[] }) {
  return api.put<WorkGrading>(`${path}/grading`, body);
}

/** The school's subjects (admin only; the same query as the subjects page). */
export function useAdminSubjects(enabled: boolean) {
  return useQuery({ queryKey: teachingKeys.subjects, queryFn: () => api.get<Subject[]>('/api/admin/subjects'), enabled });
}

/** A class's grade scheme (its categories for the work forms); under the class's key. */
export function useClassScheme(classId: number) {
  return useQuery({
    queryKey: ['teacher', 'classes', classId, 'grade-scheme'] as const,
    queryFn: () => api.get<ClassGradeScheme>(`/api/teacher/online-classes/${classId}/grade-scheme`),
  });
}
