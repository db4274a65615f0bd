import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PasswordBody, Profile, ProfileBody, RombelOption, SessionUser } from '@kelasku/contract';
import { api } from './client';
import { keys } from './keys';
import { updateSessionUser } from './session';

export function useMe() {
  return useQuery({ queryKey: keys.me, queryFn: () => api.get<Profile>('/api/me') });
}

/** Rombel choices for every form, from the rombel table the admin manages. */
export function useRombelOptions() {
  return useQuery({ queryKey: keys.rombelOptions, queryFn: () => api.get<RombelOption[]>('/api/rombel-classes'), staleTime: 60_000 });
}

export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ProfileBody }) => api.put<Profile>(`/api/profile/${id}`, body),
    meta: { toast: false },
    onSuccess: (res) => {
      qc.setQueryData(keys.me, res.data);
      updateSessionUser({ name: res.data.name, username: res.data.username, email: res.data.email } as Partial<SessionUser>);
    },
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: (body: PasswordBody) => api.patch('/api/profile/update-password', body), meta: { toast: false } });
}

export function useUpdateAvatar() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('_method', 'PATCH');
      form.append('avatar', file);
      return api.upload<{ avatar: string }>('/api/profile/update-avatar', form);
    },
    meta: { toast: false },
    onSuccess: (res) => {
      updateSessionUser({ avatar: res.data.avatar });
      void qc.invalidateQueries({ queryKey: keys.me });
    },
  });
}

export function useLogout() {
  return useMutation({ mutationFn: () => api.post('/api/logout') });
}
