import type { PageMeta } from '@kelasku/contract';
import { request } from './client';

/** One page of a paged list: its data and the server's page counts. */
export interface Paged<T> {
  data: T;
  meta: PageMeta;
}

/** GETs `path` with the given query (empty values left out) and keeps the envelope's `meta` beside the data. */
export async function getPage<T>(path: string, query: Record<string, string | number | undefined>): Promise<Paged<T>> {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') params.set(k, String(v));
  const res = (await request<T>('GET', `${path}?${params}`)) as { data: T; meta?: PageMeta };
  if (!res.meta) throw new Error(`${path} answered without page counts.`);
  return { data: res.data, meta: res.meta };
}
