import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ForumBody, ForumComment, ForumThread } from '@kelasku/contract';
import { api } from './client';
import { keys } from './keys';

/** Who reads the thread: the same thread lives under the teacher's or the student's paths. */
export type ForumRole = 'teacher' | 'student';

/** Where a forum lives: its class and content. */
export interface ForumPlace {
  classId: number;
  contentId: number;
}

export interface ForumPath extends ForumPlace {
  forumId: number;
}

/** How often an open thread asks for new comments by others. */
export const THREAD_POLL_MS = 5_000;

export const forumKeys = {
  all: ['forums'] as const,
  thread: (role: ForumRole, p: ForumPath) => ['forums', role, p.classId, p.contentId, p.forumId] as const,
};

/** …/contents/{contentId} of the caller's role. */
const contentBase = (role: ForumRole, p: ForumPlace) =>
  role === 'teacher'
    ? `/api/teacher/online-classes/${p.classId}/contents/${p.contentId}`
    : `/api/student/my-classes/${p.classId}/contents/${p.contentId}`;

const forumUrl = (role: ForumRole, p: ForumPath) => `${contentBase(role, p)}/forums/${p.forumId}`;

/**
 * The whole thread, refetched every few seconds while the page is open so comments by others
 * appear without a reload. Polling stops after a failure (a deleted forum, no connection) and
 * resumes with the next successful fetch (reconnect, a post of one's own).
 */
export function useForumThread(role: ForumRole, p: ForumPath) {
  return useQuery({
    queryKey: forumKeys.thread(role, p),
    queryFn: () => api.get<ForumThread>(forumUrl(role, p)),
    refetchInterval: (query) => (query.state.status === 'error' ? false : THREAD_POLL_MS),
  });
}

/** Teacher: open a forum under a content, or edit one (when `forumId` is given). */
export function useSaveForum(p: ForumPlace) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ forumId, body }: { forumId?: number; body: ForumBody }) =>
      forumId === undefined
        ? api.post<ForumThread>(`${contentBase('teacher', p)}/forums`, body)
        : api.put<ForumThread>(forumUrl('teacher', { ...p, forumId }), body),
    meta: { toast: false },
    onSuccess: async (res, { forumId }) => {
      // The class page's content keys start with the class key (its Forum Diskusi lists).
      await qc.invalidateQueries({ queryKey: keys.teacherClass(p.classId) });
      if (forumId !== undefined) {
        qc.setQueryData(forumKeys.thread('teacher', { ...p, forumId }), res.data);
        await qc.invalidateQueries({ queryKey: forumKeys.thread('teacher', { ...p, forumId }) });
      }
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
      await qc.cancelQueries({ queryKey: forumKeys.thread('teacher', p) });
      qc.removeQueries({ queryKey: forumKeys.thread('teacher', p) });
      await qc.invalidateQueries({ queryKey: keys.teacherClass(p.classId) });
    },
  });
}

/** A comment on the forum, or a reply to a comment (`parentId`). */
export function usePostComment(role: ForumRole, p: ForumPath) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ parentId, comment }: { parentId?: number; comment: string }) =>
      api.post<ForumComment>(
        parentId === undefined ? `${forumUrl(role, p)}/comments` : `${forumUrl(role, p)}/comments/${parentId}/sub-comments`,
        { comment },
      ),
    meta: { toast: false },
    onSuccess: () => qc.invalidateQueries({ queryKey: forumKeys.thread(role, p) }),
  });
}

/** Deletes a comment (one's own, or any for the class's teacher) with its replies. */
export function useDeleteComment(role: ForumRole, p: ForumPath) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (commentId: number) => api.delete(`${forumUrl(role, p)}/comments/${commentId}`),
    onSettled: () => qc.invalidateQueries({ queryKey: forumKeys.thread(role, p) }),
  });
}
