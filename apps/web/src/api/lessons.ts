import { useMutation, useQuery, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { ClassLesson, ClassLessonBody, ClassLessonDetail, ItemKind, Visibility, VisibilityBody } from '@kelasku/contract';
import { api } from './client';
import { keys } from './keys';

// The lessons (Pembelajaran: "contents" in the URLs) of a teacher's class: the list, each lesson,
// their order and who sees them.

const lessonsPath = (classId: number) => `/api/teacher/online-classes/${classId}/contents`;
const lessonPath = (classId: number, lessonId: number) => `${lessonsPath(classId)}/${lessonId}`;

/**
 * The contents of a class. The list already carries each content's materials, forums and
 * assignments; it seeds each content's own query, which the cards read, so a modal that
 * invalidates keys.teacherLesson(classId, lessonId) refreshes just that card.
 */
export function useLessons(classId: number) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: keys.teacherLessons(classId),
    queryFn: async () => {
      const list = await api.get<ClassLessonDetail[]>(lessonsPath(classId));
      for (const c of list) qc.setQueryData(keys.teacherLesson(classId, c.id), c);
      return list;
    },
  });
}

export function useLesson(classId: number, lessonId: number, seed: ClassLessonDetail) {
  return useQuery({
    queryKey: keys.teacherLesson(classId, lessonId),
    queryFn: () => api.get<ClassLessonDetail>(lessonPath(classId, lessonId)),
    initialData: seed,
    staleTime: 60_000,
  });
}

/** Only the list itself: its refetch re-seeds the content queries. */
const refreshLessons = (qc: QueryClient, classId: number) => qc.invalidateQueries({ queryKey: keys.teacherLessons(classId), exact: true });

export function useSaveLesson(classId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: ClassLessonBody }) =>
      id === undefined ? api.post<ClassLesson>(lessonsPath(classId), body) : api.put<ClassLesson>(lessonPath(classId, id), body),
    meta: { toast: false },
    onSuccess: () => refreshLessons(qc, classId),
  });
}

export function useDeleteLesson(classId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (lessonId: number) => api.delete(lessonPath(classId, lessonId)),
    onSuccess: (_res, lessonId) => {
      qc.removeQueries({ queryKey: keys.teacherLesson(classId, lessonId) });
      void refreshLessons(qc, classId);
    },
  });
}

// ---------------------------------------------------------------- order and visibility

/** The field of a content that holds each of its lists. */
export const LIST_FIELD = { materials: 'materials', forums: 'forums', assignments: 'assignment', quizzes: 'quizzes' } as const;

/** The rows in the order of `ids`; rows not named keep their order after them, as the server does. */
export function inOrder<T extends { id: number }>(rows: T[], ids: number[]): T[] {
  const rank = new Map(ids.map((id, i) => [id, i]));
  return [...rows].sort((a, b) => (rank.get(a.id) ?? ids.length) - (rank.get(b.id) ?? ids.length));
}

/**
 * A mutation shown at once in the cached data under `key` and taken back when the server refuses
 * (the red toast of the failure comes from the app's mutation handler).
 */
function useOptimistic<T, V>(key: QueryKey, send: (vars: V) => Promise<unknown>, change: (old: T, vars: V) => T) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: send,
    onMutate: async (vars: V) => {
      await qc.cancelQueries({ queryKey: key, exact: true });
      const before = qc.getQueryData<T>(key);
      if (before !== undefined) qc.setQueryData<T>(key, change(before, vars));
      return { before };
    },
    onError: (_err, _vars, ctx) => {
      if (ctx?.before !== undefined) qc.setQueryData(key, ctx.before);
      void qc.invalidateQueries({ queryKey: key, exact: true });
    },
  });
}

/** The class's contents in a new order (ids), saved at once. */
export function useReorderLessons(classId: number) {
  return useOptimistic<ClassLessonDetail[], number[]>(
    keys.teacherLessons(classId),
    (ids) => api.put(`${lessonsPath(classId)}/order`, { ids }),
    (list, ids) => inOrder(list, ids),
  );
}

/** One list of a content (materials, forums or assignments) in a new order, saved at once. */
export function useReorderItems(classId: number, lessonId: number) {
  return useOptimistic<ClassLessonDetail, { kind: ItemKind; ids: number[] }>(
    keys.teacherLesson(classId, lessonId),
    (body) => api.put(`${lessonPath(classId, lessonId)}/order`, body),
    (content, { kind, ids }) => ({ ...content, [LIST_FIELD[kind]]: inOrder<{ id: number }>(content[LIST_FIELD[kind]], ids) }),
  );
}

/** What the visibility dialog changes: the content itself, or one of its items. */
export type VisibilityTarget = { kind: 'content' } | { kind: ItemKind; id: number };

/** Who sees the content or one of its items; the card (and for the content the list) is refreshed after. */
export function useSetVisibility(classId: number, lessonId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ target, body }: { target: VisibilityTarget; body: VisibilityBody }) =>
      api.put<Visibility>(
        target.kind === 'content'
          ? `${lessonPath(classId, lessonId)}/visibility`
          : `${lessonPath(classId, lessonId)}/${target.kind}/${target.id}/visibility`,
        body,
      ),
    meta: { toast: false },
    onSuccess: (_res, { target }) => {
      void qc.invalidateQueries({ queryKey: keys.teacherLesson(classId, lessonId), exact: true });
      if (target.kind === 'content') void qc.invalidateQueries({ queryKey: keys.teacherLessons(classId), exact: true });
    },
  });
}
