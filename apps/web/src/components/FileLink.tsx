import type { MouseEvent, ReactNode } from 'react';
import { Anchor, type AnchorProps } from '@mantine/core';
import type { FileLink as FreshLink } from '@kelasku/contract';
import { api } from '../api/client';
import { toastError, errorMessage } from '../lib/toast';

/** The file id of a signed file link (`/api/files/{id}?e=…&s=…`), or null for any other address. */
export function fileIdOf(href: string): number | null {
  const m = /^\/api\/files\/(\d+)\?/.exec(href);
  return m ? Number(m[1]) : null;
}

/**
 * A link to a stored file that opens in a new tab. The signed link of the page may be hours old, so
 * a click asks the server for a fresh one first (DECISIONS "Files"): the tab opens at once (so no
 * pop-up blocker stops it) and goes to the fresh link when it arrives. A modified click (new window,
 * download) uses the page's link as it is.
 */
export function FileLink({
  href,
  children,
  title,
  confirmText,
  ...props
}: AnchorProps & {
  href: string;
  children: ReactNode;
  title?: string;
  /** Asked before the file opens ("Buka file 24 MB?"); a "no" leaves it closed. */
  confirmText?: string;
}) {
  const open = async (e: MouseEvent<HTMLAnchorElement>) => {
    if (confirmText && !window.confirm(confirmText)) {
      e.preventDefault();
      return;
    }
    const id = fileIdOf(href);
    if (id === null || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    try {
      const { url } = await api.get<FreshLink>(`/api/files/${id}/link`);
      if (tab) tab.location.href = url;
      else window.location.assign(url);
    } catch (err) {
      tab?.close();
      toastError(errorMessage(err));
    }
  };
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" title={title} onClick={(e) => void open(e)} {...props}>
      {children}
    </Anchor>
  );
}
