import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PushDevice, PushKey, PushSubscriptionBody } from '@kelasku/contract';
import { api } from './client';

/** Web Push (issue 42): the server's key, the caller's devices, a test push. Keys of these queries. */
export const pushKeys = {
  key: ['push', 'key'] as const,
  devices: ['push', 'subscriptions'] as const,
};

/** The VAPID public key (base64url) the browser subscribes with; it changes only with the server's setting. */
export const fetchPushKey = async () => (await api.get<PushKey>('/api/push/key')).public_key;

/** The caller's devices with push on, newest first (`current`: this browser's). */
export function usePushDevices(enabled = true) {
  return useQuery({ queryKey: pushKeys.devices, queryFn: () => api.get<PushDevice[]>('/api/push/subscriptions'), enabled });
}

/** Hands the browser's subscription to the server (the same endpoint again moves it to the caller). */
export const savePushSubscription = (body: PushSubscriptionBody) => api.post<PushDevice>('/api/push/subscriptions', body);

/** "Hapus" / "Matikan": the server forgets a device. The card shows its own messages. */
export function useRemovePushDevice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/push/subscriptions/${id}`),
    meta: { toast: false },
    onSettled: () => qc.invalidateQueries({ queryKey: pushKeys.devices }),
  });
}

/** "Kirim percobaan": a test notification to the caller's devices (409 without one). */
export function useSendTestPush() {
  return useMutation({ mutationFn: () => api.post('/api/push/test'), meta: { toast: false } });
}
