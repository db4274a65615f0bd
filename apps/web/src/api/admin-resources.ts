import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { api } from './client';
import { refreshAfterChange } from './refresh';

/** The admin's lists of records (users, rombels, motivational words) under one path each. */
export const RESOURCES = '/api/admin/resources';

/** A mutation whose success refreshes the given queries; its errors are shown by the screen (meta.toast false). */
export function useAdminMutation<V, R>(fn: (v: V) => Promise<R>, refresh: readonly QueryKey[]) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { toast: false },
    onSuccess: () => Promise.all(refresh.map((queryKey) => refreshAfterChange(qc, queryKey))),
  });
}

/** Deletes the item of `path` with the id given to mutate. */
export const useRemove = (path: string, refresh: readonly QueryKey[]) =>
  useAdminMutation((id: number) => api.delete(`${path}/${id}`), refresh);

/** Creates an item of `path` (no id) or edits one. */
export const useSave = <B, R>(path: string, refresh: readonly QueryKey[]) =>
  useAdminMutation(
    ({ id, body }: { id?: number; body: B }) => (id === undefined ? api.post<R>(path, body) : api.put<R>(`${path}/${id}`, body)),
    refresh,
  );
