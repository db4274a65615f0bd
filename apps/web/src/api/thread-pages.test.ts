import { describe, expect, it } from 'vitest';
import type { ForumComment, ForumThread } from '@kelasku/contract';
import { mergeThreadPages, type ThreadPage } from './thread-pages';

const comment = (id: number, text = `Komentar ${id}`): ForumComment => ({
  id,
  author: 'Andi',
  author_id: 7,
  author_role: 'Siswa',
  avatar: null,
  comment: text,
  deleted: false,
  created_at: '2026-11-24T01:00:00Z',
  can_delete: false,
  edited: false,
  can_edit: false,
  reply_to: null,
  sub_comments: [],
});

const page = (n: number, lastPage: number, total: number, comments: ForumComment[], topic = 'Topologi'): ThreadPage => ({
  data: {
    id: 1,
    content_id: 2,
    content_of: 'Jaringan',
    topic,
    description: null,
    created_at: '2026-11-24T00:00:00Z',
    updated_at: '2026-11-24T00:00:00Z',
    author: 'Budi',
    author_id: 3,
    author_role: 'Guru',
    avatar: null,
    total_comment: total,
    comments,
  } satisfies ForumThread,
  meta: { page: n, per_page: 2, total, last_page: lastPage },
});

describe('mergeThreadPages', () => {
  it('joins the loaded pages oldest first', () => {
    const merged = mergeThreadPages({ pages: [page(1, 2, 3, [comment(1), comment(2)]), page(2, 2, 3, [comment(3)])], pageParams: [1, 2] });
    expect(merged.comments.map((c) => c.comment)).toEqual(['Komentar 1', 'Komentar 2', 'Komentar 3']);
  });

  it('keeps a comment once when a deletion shifted it into the next page', () => {
    const merged = mergeThreadPages({
      pages: [page(1, 2, 3, [comment(1), comment(2)]), page(2, 2, 3, [comment(2), comment(3)])],
      pageParams: [1, 2],
    });
    expect(merged.comments.map((c) => c.id)).toEqual([1, 2, 3]);
  });

  it('takes the forum itself and its count from the last page fetched', () => {
    const merged = mergeThreadPages({
      pages: [page(1, 2, 3, [comment(1)], 'Lama'), page(2, 2, 4, [comment(3)], 'Baru')],
      pageParams: [1, 2],
    });
    expect(merged.topic).toBe('Baru');
    expect(merged.total_comment).toBe(4);
  });

  it('shows an empty thread with no comments', () => {
    expect(mergeThreadPages({ pages: [page(1, 1, 0, [])], pageParams: [1] }).comments).toEqual([]);
  });
});
