import { DATA_CACHE, FILES_CACHE, FILES_INDEX_KEY, SIZE_HEADER } from './rules';

export interface OfflineUsage {
  /** Bytes of saved pages (API answers) and files together. */
  bytes: number;
  /** Saved pages (API answers). */
  pages: number;
  /** Saved files (materials, pictures). */
  files: number;
}

/** The sizes the worker stamped on what one cache holds (its own index left out). */
async function sizes(name: string): Promise<number[]> {
  if (!(await caches.has(name))) return [];
  const cache = await caches.open(name);
  const requests = (await cache.keys()).filter((r) => !r.url.endsWith(FILES_INDEX_KEY));
  const responses = await Promise.all(requests.map((r) => cache.match(r)));
  return responses.map((res) => Number(res?.headers.get(SIZE_HEADER)) || 0);
}

/** What the saved pages and files take on this phone (nothing where the browser keeps no caches). */
export async function offlineUsage(): Promise<OfflineUsage> {
  if (typeof caches === 'undefined') return { bytes: 0, pages: 0, files: 0 };
  const [pages, files] = await Promise.all([sizes(DATA_CACHE), sizes(FILES_CACHE)]);
  const sum = (list: number[]) => list.reduce((n, b) => n + b, 0);
  return { bytes: sum(pages) + sum(files), pages: pages.length, files: files.length };
}
