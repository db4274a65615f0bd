import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  USERS_PER_PAGE,
  type AdminUser,
  type UserBulkBody,
  type UserBulkResult,
  type UserCreateBody,
  type UserDeleteImpact,
  type UserListQuery,
  type UserStatusBody,
  type UserUpdateBody,
} from '@kelasku/contract';
import { RESOURCES, useAdminMutation, useRemove, useSave } from './admin-resources';
import { api } from './client';
import { keys } from './keys';
import { getPage } from './pages';

const USERS = `${RESOURCES}/users`;

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
