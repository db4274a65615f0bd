import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Refreshes the queries under `queryKey` after a change the server has committed. A fetch still in
 * flight may have read before the change: TanStack Query hands a query's first fetch back to an
 * invalidation instead of starting anew (it cancels only a query that already has data), so a list
 * whose search was typed just before a delete would keep the deleted row. That fetch is cancelled
 * first; every query on screen then asks again.
 */
export async function refreshAfterChange(qc: QueryClient, queryKey: QueryKey) {
  await qc.cancelQueries({ queryKey });
  await qc.invalidateQueries({ queryKey });
}
