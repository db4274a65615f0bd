import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings } from '@kelasku/contract';
import { api } from './client';

/** Each user's notification settings (issue 42, contract schemas/reach.ts). Key of the query. */
export const notificationSettingsKey = ['notification-settings'] as const;

const PATH = '/api/notification-settings';

/** The caller's settings: every group on or off for push and e-mail, and the quiet hours (WIB). */
export function useNotificationSettings() {
  return useQuery({ queryKey: notificationSettingsKey, queryFn: () => api.get<NotificationSettings>(PATH) });
}

/** "Simpan": the whole settings at once. The card shows its own messages (a 422 under its field). */
export function useSaveNotificationSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationSettings) => api.put<NotificationSettings>(PATH, body),
    meta: { toast: false },
    onSuccess: (res) => {
      qc.setQueryData(notificationSettingsKey, res.data);
      // The parent's weekly summary switch (/ringkasan) is a view of the same setting.
      void qc.invalidateQueries({ queryKey: ['parent', 'settings'] });
    },
  });
}
