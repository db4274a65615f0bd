import type { InfiniteData } from '@tanstack/react-query';
import type { ForumComment, ForumThread } from '@kelasku/contract';
import type { Paged } from './pages';

/** One page of a forum thread as the server answers it (the forum with one page of top-level comments). */
export type ThreadPage = Paged<ForumThread>;
export type ThreadPages = InfiniteData<ThreadPage, number>;

/**
 * The loaded part of a thread as one: the forum (and its real comment count) as last fetched, the
 * loaded comments oldest first. Pages are offsets, so a comment deleted between two fetches may shift
 * one into the next page: a comment already seen is kept once, where it came first.
 */
export function mergeThreadPages(data: ThreadPages): ForumThread {
  const latest = data.pages[data.pages.length - 1]!.data;
  const seen = new Set<number>();
  const comments: ForumComment[] = [];
  for (const page of data.pages) {
    for (const c of page.data.comments) {
      if (seen.has(c.id)) continue;
      seen.add(c.id);
      comments.push(c);
    }
  }
  return { ...latest, comments };
}
