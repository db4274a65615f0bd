import { useEffect, useRef } from 'react';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { THREAD_PER_PAGE, type ForumBody, type ForumComment, type ForumReply, type ForumThread, type Mentionable } from '@kelasku/contract';
import { api } from './client';
import { keys, type ForumPath, type ForumRole } from './keys';

export type { ForumPath, ForumRole };
import { getPage } from './pages';
import { mergeThreadPages, type ThreadPage, type ThreadPages } from './thread-pages';

/** Where a forum lives: its class and content. */
export interface ForumPlace {
  classId: number;
  lessonId: number;
}

/** …/contents/{lessonId} of the caller's role. */
const lessonBase = (role: ForumRole, p: ForumPlace) =>
  role === 'teacher'
    ? `/api/teacher/online-classes/${p.classId}/contents/${p.lessonId}`
    : `/api/student/my-classes/${p.classId}/contents/${p.lessonId}`;

const forumUrl = (role: ForumRole, p: ForumPath) => `${lessonBase(role, p)}/forums/${p.forumId}`;

/** One page of the thread; with the copy already loaded, an unchanged page costs a 304 and no body. */
const fetchThreadPage = (role: ForumRole, p: ForumPath, page: number, loaded?: ThreadPage) =>
  getPage<ForumThread>(forumUrl(role, p), { page, per_page: THREAD_PER_PAGE }, loaded);

/**
 * The thread, top-level comments oldest first in pages of 20 (`fetchNextPage` loads the next).
 * Comments by others appear without a reload: the page's live topic (useLiveTopic) refetches every
 * loaded page when the thread changes; once the reader has reached the end, a page that new
 * comments open is loaded by itself. A refetch of an unchanged page is answered 304 with no body.
 */
export function useForumThread(role: ForumRole, p: ForumPath) {
  const qc = useQueryClient();
  const queryKey = keys.forumThread(role, p);
  const thread = useInfiniteQuery({
    queryKey,
    // A refetch revalidates: each loaded page is asked for with its ETag.
    queryFn: ({ pageParam }) =>
      fetchThreadPage(
        role,
        p,
        pageParam,
        qc.getQueryData<ThreadPages>(queryKey)?.pages.find((pg) => pg.meta.page === pageParam),
      ),
    initialPageParam: 1,
    getNextPageParam: (last: ThreadPage) => (last.meta.page < last.meta.last_page ? last.meta.page + 1 : undefined),
    select: mergeThreadPages,
  });
  // The thread (by key) whose end the reader has seen.
  const sawEndOf = useRef('');
  const keyText = queryKey.join('/');
  const { data, hasNextPage, isFetching, fetchNextPage } = thread;
  useEffect(() => {
    if (!data) return;
    if (!hasNextPage) sawEndOf.current = keyText;
    else if (sawEndOf.current === keyText && !isFetching) void fetchNextPage();
  }, [data, hasNextPage, isFetching, fetchNextPage, keyText]);
  return thread;
}

/**
 * Refreshes the loaded pages, then loads the pages after them up to the last (in parallel), so a
 * comment just posted at the end of the thread is on screen.
 */
async function loadThroughLastPage(qc: QueryClient, role: ForumRole, p: ForumPath) {
  const queryKey = keys.forumThread(role, p);
  await qc.invalidateQueries({ queryKey });
  const loaded = qc.getQueryData<ThreadPages>(queryKey);
  const last = loaded?.pages[loaded.pages.length - 1]?.meta;
  if (!loaded || !last || last.page >= last.last_page) return;
  const missing = Array.from({ length: last.last_page - last.page }, (_, i) => last.page + 1 + i);
  const more = await Promise.all(missing.map((n) => fetchThreadPage(role, p, n)));
  // A poll in flight would answer for the shorter list; the next poll refreshes them all.
  await qc.cancelQueries({ queryKey });
  qc.setQueryData<ThreadPages>(queryKey, (old) =>
    old && old.pages.length === loaded.pages.length ? { pages: [...old.pages, ...more], pageParams: [...old.pageParams, ...missing] } : old,
  );
}

/** Teacher: open a forum under a content, or edit one (when `forumId` is given). */
export function useSaveForum(p: ForumPlace) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ forumId, body }: { forumId?: number; body: ForumBody }) =>
      forumId === undefined
        ? api.post<ForumThread>(`${lessonBase('teacher', p)}/forums`, body)
        : api.put<ForumThread>(forumUrl('teacher', { ...p, forumId }), body),
    meta: { toast: false },
    onSuccess: async (_res, { forumId }) => {
      // The class page's content keys start with the class key (its Forum Diskusi lists).
      await qc.invalidateQueries({ queryKey: keys.teacherClass(p.classId) });
      if (forumId !== undefined) await qc.invalidateQueries({ queryKey: keys.forumThread('teacher', { ...p, forumId }) });
    },
  });
}

/** Teacher: delete a forum with its comments. */
export function useDeleteForum(p: ForumPath) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete(forumUrl('teacher', p)),
    onSuccess: async () => {
      // Stop polling a forum that no longer exists, then refresh the class page's lists.
      await qc.cancelQueries({ queryKey: keys.forumThread('teacher', p) });
      qc.removeQueries({ queryKey: keys.forumThread('teacher', p) });
      await qc.invalidateQueries({ queryKey: keys.teacherClass(p.classId) });
    },
  });
}

/** What the comment box sends: the text, the people it mentions, and for a reply the comment or reply it answers. */
export interface CommentDraft {
  comment: string;
  /** Ids of the people whose "@Name" is in the text. */
  mentions?: number[];
  /** A reply: the top-level comment it goes under. */
  parentId?: number;
  /** A reply: the comment or reply it answers (shown as "@Name"); the top-level comment when left out. */
  replyTo?: number;
}

/** Where a comment or reply is posted, and what is sent (also kept as it is for a comment written offline). */
export function commentRequest(role: ForumRole, p: ForumPath, { parentId, replyTo, comment, mentions }: CommentDraft) {
  return {
    url: parentId === undefined ? `${forumUrl(role, p)}/comments` : `${forumUrl(role, p)}/comments/${parentId}/sub-comments`,
    body: {
      comment,
      ...(mentions?.length ? { mentions } : {}),
      ...(parentId !== undefined && replyTo !== undefined ? { reply_to: replyTo } : {}),
    },
  };
}

/** A comment on the forum (loaded through the last page, where it lands), or a reply to a loaded comment (`parentId`). */
export function usePostComment(role: ForumRole, p: ForumPath) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (draft: CommentDraft) => {
      const { url, body } = commentRequest(role, p, draft);
      return api.post<ForumComment>(url, body);
    },
    meta: { toast: false },
    onSuccess: (_res, { parentId }) =>
      parentId === undefined ? loadThroughLastPage(qc, role, p) : qc.invalidateQueries({ queryKey: keys.forumThread(role, p) }),
  });
}

/** Changes the text of one's own comment or reply (within 15 minutes of posting); the mentions are replaced. */
export function useEditComment(role: ForumRole, p: ForumPath) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId, comment, mentions }: { commentId: number; comment: string; mentions: number[] }) =>
      api.put<ForumReply>(`${forumUrl(role, p)}/comments/${commentId}`, { comment, mentions }),
    meta: { toast: false },
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.forumThread(role, p) }),
  });
}

/**
 * The class's people whose name contains `q`, for the `@` suggestions (at most 20, by name); nothing
 * is asked while `q` is null (no `@` being typed). The last list stays while the next one loads.
 */
export function useMentionable(role: ForumRole, p: ForumPath, q: string | null) {
  return useQuery({
    queryKey: ['forum-mentionable', role, p.classId, p.lessonId, p.forumId, q ?? ''] as const,
    queryFn: () => api.get<Mentionable[]>(`${forumUrl(role, p)}/mentionable?${new URLSearchParams({ q: q ?? '' }).toString()}`),
    enabled: q !== null,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

/** Deletes a comment (one's own, or any for the class's teacher) with its replies. */
export function useDeleteComment(role: ForumRole, p: ForumPath) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (commentId: number) => api.delete(`${forumUrl(role, p)}/comments/${commentId}`),
    onSettled: () => qc.invalidateQueries({ queryKey: keys.forumThread(role, p) }),
  });
}
