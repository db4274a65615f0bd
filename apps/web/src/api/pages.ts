import type { PageMeta } from '@kelasku/contract';
import { envelopeOf, send } from './client';

/** One page of a paged list: its data, the server's page counts, and the answer's ETag. */
export interface Paged<T> {
  data: T;
  meta: PageMeta;
  /** Sent back as If-None-Match, so an unchanged page is answered 304 with no body. */
  etag?: string;
}

/**
 * GETs `path` with the given query (empty values left out) and keeps the envelope's `meta` beside the
 * data. With `previous` (the same page fetched before), the server answers 304 while nothing changed
 * and `previous` itself is returned: no bytes but the headers cross a phone's connection, and the
 * screen keeps the very same objects.
 */
export async function getPage<T>(path: string, query: Record<string, string | number | undefined>, previous?: Paged<T>): Promise<Paged<T>> {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') params.set(k, String(v));
  const url = `${path}?${params}`;
  const res = await send('GET', url, undefined, previous?.etag ? { 'If-None-Match': previous.etag } : {});
  if (res.status === 304 && previous) return previous;
  const env = (await envelopeOf<T>(res, url)) as { data: T; meta?: PageMeta };
  if (!env.meta) throw new Error(`${path} answered without page counts.`);
  return { data: env.data, meta: env.meta, etag: res.headers.get('etag') ?? undefined };
}
