import type { FileLink } from '@kelasku/contract';
import { api, envelopeOf, send } from './client';

/** The file name of a Content-Disposition header: the exact UTF-8 name (RFC 5987) when given, else the plain one. */
export function dispositionName(header: string | null): string | null {
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(header ?? '')?.[1];
  if (utf8) {
    try {
      return decodeURIComponent(utf8);
    } catch {
      /* a malformed name: fall back to the plain one */
    }
  }
  return /filename="([^"]+)"/.exec(header ?? '')?.[1] ?? null;
}

/** Fetches a file of the API (with the bearer token) and hands it to the browser as a download. */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const res = await send('GET', path);
  if (!res.ok) await envelopeOf(res, path); // throws the server's Indonesian message
  const blob = await res.blob();
  const name = dispositionName(res.headers.get('content-disposition')) ?? fallbackName;
  const url = URL.createObjectURL(blob);
  clickDownload(url, name);
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Lets the browser download `href` itself (its own progress, straight to disk). */
function clickDownload(href: string, name = '') {
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
}

/**
 * Asks the API (POST `path`) for a short-lived signed link and downloads it: a big archive streams
 * to disk and never sits in the tab's memory.
 */
export async function downloadSignedLink(path: string): Promise<void> {
  const res = await api.post<FileLink>(path, {});
  clickDownload(res.data.url);
}
