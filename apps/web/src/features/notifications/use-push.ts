import { useCallback, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { REACH_MSG } from '@kelasku/contract';
import { fetchPushKey, pushKeys, savePushSubscription } from '../../api/push';
import { errorMessage, toastError, toastSuccess } from '../../lib/toast';
import { PushError, browserSubscription, pushPermission, subscribeThisDevice, type PushPermission } from './push-device';

/** How long a failure toast of push stays: it tells the user what to do. */
const FAILURE_MS = 8000;

/**
 * Push on this browser for the card and the prompt: the permission, whether the service worker has a
 * subscription, and "Aktifkan" (permission → subscription → the server), with its toasts.
 */
export function useThisDevicePush() {
  const qc = useQueryClient();
  const [permission, setPermission] = useState<PushPermission>(pushPermission);
  const [subscribed, setSubscribed] = useState<boolean | null>(null);
  const [enabling, setEnabling] = useState(false);

  const refresh = useCallback(async () => {
    setPermission(pushPermission());
    setSubscribed((await browserSubscription()) !== null);
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  /** Turns push on; true when it is on. */
  const enable = async (): Promise<boolean> => {
    setEnabling(true);
    try {
      const body = await subscribeThisDevice(() => qc.fetchQuery({ queryKey: pushKeys.key, queryFn: fetchPushKey, staleTime: Infinity }));
      const res = await savePushSubscription(body);
      toastSuccess(res.message ?? REACH_MSG.pushSubscribed);
      return true;
    } catch (err) {
      toastError(err instanceof PushError ? err.message : errorMessage(err), FAILURE_MS);
      return false;
    } finally {
      setEnabling(false);
      await refresh();
      await qc.invalidateQueries({ queryKey: pushKeys.devices });
    }
  };

  return { permission, subscribed, enabling, enable, refresh };
}
