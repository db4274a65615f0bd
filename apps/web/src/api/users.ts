import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import {
  USERS_PER_PAGE,
  type AdminUser,
  type ArchivedClass,
  type PromotionBody,
  type PromotionPreview,
  type PromotionResult,
  type RombelBulkBody,
  type DashboardStats,
  type Department,
  type MotivationalWord,
  type RombelBody,
  type RombelClass,
  type RombelDetail,
  type UserBulkBody,
  type UserBulkResult,
  type UserCreateBody,
  type UserDeleteImpact,
  type UserListQuery,
  type UserStatusBody,
  type UserUpdateBody,
  type WordBody,
} from '@kelasku/contract';
import { api } from './client';
import { keys } from './keys';
import { getPage } from './pages';

const USERS = '/api/admin/resources/users';
const ROMBELS = '/api/admin/resources/rombel-classes';
const WORDS = '/api/admin/resources/motivational-words';

/** A mutation whose success refreshes the given queries; its errors are shown by the screen (meta.toast false). */
function useAdminMutation<V, R>(fn: (v: V) => Promise<R>, refresh: readonly QueryKey[]) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { toast: false },
    onSuccess: () => Promise.all(refresh.map((queryKey) => qc.invalidateQueries({ queryKey }))),
  });
}

// ---------------------------------------------------------------- dashboard

export function useDashboardStats() {
  return useQuery({ queryKey: keys.admin.stats, queryFn: () => api.get<DashboardStats>('/api/admin/dashboard/users') });
}

// ---------------------------------------------------------------- users

/**
 * A page of the user list filtered on the server (`q`: name, username or e-mail; `role`). The
 * previous page stays on screen while the next one loads.
 */
export function useUserPage(p: Omit<UserListQuery, 'per_page'>) {
  const query: UserListQuery = { ...p, per_page: USERS_PER_PAGE };
  return useQuery({
    queryKey: keys.admin.userPage(query),
    queryFn: () => getPage<AdminUser[]>(USERS, query),
    placeholderData: keepPreviousData,
  });
}

export function useUser(id: number) {
  return useQuery({ queryKey: keys.admin.user(id), queryFn: () => api.get<AdminUser>(`${USERS}/${id}`) });
}

/** A user change moves the totals, a rombel's students and (for one's own account) the header. */
const userRefresh = [keys.admin.users, keys.admin.stats, keys.admin.rombels, keys.me];

/** Deletes the item of `path` with the id given to mutate. */
const useRemove = (path: string, refresh: readonly QueryKey[]) => useAdminMutation((id: number) => api.delete(`${path}/${id}`), refresh);

/** Creates an item of `path` (no id) or edits one. */
const useSave = <B, R>(path: string, refresh: readonly QueryKey[]) =>
  useAdminMutation(
    ({ id, body }: { id?: number; body: B }) => (id === undefined ? api.post<R>(path, body) : api.put<R>(`${path}/${id}`, body)),
    refresh,
  );

/** Creates a user (no id) or edits one. */
export function useSaveUser() {
  return useSave<UserCreateBody | UserUpdateBody, AdminUser>(USERS, userRefresh);
}

export function useDeleteUser() {
  return useRemove(USERS, userRefresh);
}

/** What deleting the user would remove, asked afresh each time the delete dialog opens. */
export function useUserDeleteImpact(id: number) {
  return useQuery({
    queryKey: keys.admin.userDeleteImpact(id),
    queryFn: () => api.get<UserDeleteImpact>(`${USERS}/${id}/delete-impact`),
    staleTime: 0,
    gcTime: 0,
  });
}

/** "Nonaktifkan" (status 0: the user's sessions end at once) or "Aktifkan" (1). */
export function useSetUserStatus() {
  return useAdminMutation(
    ({ id, status }: { id: number; status: 0 | 1 }) => api.patch<AdminUser>(`${USERS}/${id}/status`, { status } satisfies UserStatusBody),
    userRefresh,
  );
}

/** One action on the users selected in the list (all or nothing on the server). */
export function useBulkUsers() {
  return useAdminMutation((body: UserBulkBody) => api.post<UserBulkResult>(`${USERS}/bulk`, body), userRefresh);
}

/** "Buka kunci": lifts the lock of 50 failed logins. */
export function useUnlockUser() {
  return useAdminMutation((id: number) => api.delete<AdminUser>(`${USERS}/${id}/login-lock`), [keys.admin.users]);
}

// ---------------------------------------------------------------- rombel classes

export function useRombels() {
  return useQuery({ queryKey: keys.admin.rombels, queryFn: () => api.get<RombelClass[]>(ROMBELS) });
}

export function useRombel(id: number) {
  return useQuery({ queryKey: keys.admin.rombel(id), queryFn: () => api.get<RombelDetail>(`${ROMBELS}/${id}`) });
}

export function useDepartments() {
  return useQuery({
    queryKey: keys.admin.departments,
    queryFn: () => api.get<Department[]>('/api/admin/resources/departments'),
    staleTime: 60_000,
  });
}

/** Rombel names also show in every rombel select box and on the class cards. */
const rombelRefresh = [keys.admin.rombels, keys.admin.users, keys.rombelOptions, keys.teacherClasses, keys.studentClasses];

export function useSaveRombel() {
  return useSave<RombelBody, RombelClass>(ROMBELS, rombelRefresh);
}

export function useDeleteRombel() {
  return useRemove(ROMBELS, rombelRefresh);
}

/** "Buat rombel baru sekaligus": several rombels of one department and grade. */
export function useBulkRombels() {
  return useAdminMutation((body: RombelBulkBody) => api.post<RombelClass[]>(`${ROMBELS}/bulk`, body), rombelRefresh);
}

// ---------------------------------------------------------------- new school year: promotion and archive

/** The counts of a promotion, changing nothing (its errors toast as usual). */
export function usePromotionPreview() {
  return useMutation({ mutationFn: (body: PromotionBody) => api.post<PromotionPreview>('/api/admin/promotion/preview', body) });
}

/** Applying moves students (rombel counts, user statuses) and archives classes. */
export function useApplyPromotion() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PromotionBody) => api.post<PromotionResult>('/api/admin/promotion', body),
    onSuccess: () =>
      Promise.all(
        [keys.admin.rombels, keys.admin.users, keys.admin.archivedClasses, keys.teacherClasses, keys.studentClasses].map((queryKey) =>
          qc.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

export function useArchivedClasses() {
  return useQuery({ queryKey: keys.admin.archivedClasses, queryFn: () => api.get<ArchivedClass[]>('/api/admin/archived-classes') });
}

// ---------------------------------------------------------------- motivational words

export function useWords() {
  return useQuery({ queryKey: keys.admin.words, queryFn: () => api.get<MotivationalWord[]>(WORDS) });
}

export function useWord(id: number) {
  return useQuery({ queryKey: keys.admin.word(id), queryFn: () => api.get<MotivationalWord>(`${WORDS}/${id}`) });
}

export function useSaveWord() {
  return useSave<WordBody, MotivationalWord>(WORDS, [keys.admin.words]);
}

export function useDeleteWord() {
  return useRemove(WORDS, [keys.admin.words]);
}
