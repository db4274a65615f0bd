import { afterEach, describe, expect, it } from 'vitest';
import {
  DRAFT_MAX_AGE_MS,
  discardAllDrafts,
  draftKey,
  draftOf,
  draftable,
  formKey,
  keepDraftsOf,
  readDraft,
  withDraft,
  writeDraft,
} from './drafts';

afterEach(() => {
  localStorage.clear();
  keepDraftsOf(0);
});

describe('draft keys', () => {
  it('are per user, route path and form', () => {
    expect(draftKey(7, formKey('/my-classes/3/contents/5/forums/9', 'komentar'))).toBe(
      'kelasku:draft:7:/my-classes/3/contents/5/forums/9#komentar',
    );
  });
});

describe('what a draft keeps', () => {
  it('never a password field, a file or a list', () => {
    const file = new File(['x'], 'tugas.pdf');
    expect(
      draftable({ title: 'Bab 1', password: 'rahasia', new_password_confirmation: 'x', file, tags: ['a'], n: 3, on: true, d: null }),
    ).toEqual({
      title: 'Bab 1',
      n: 3,
      on: true,
      d: null,
    });
  });

  it('nothing while the form is as it opened', () => {
    expect(draftOf({ comment: '' }, { comment: '' })).toBeNull();
    expect(draftOf({ title: 'Lama', file: new File(['x'], 'a.pdf') }, { title: 'Lama', file: null })).toBeNull();
    expect(draftOf({ comment: 'Halo' }, { comment: '' })).toEqual({ comment: 'Halo' });
  });

  it('is laid over the form only where the form has a field of that kind', () => {
    expect(
      withDraft({ title: '', active: true, deadline: null }, { title: 'Baru', active: 'ya', deadline: '2026-12-01 07:00:00', x: 'y' }),
    ).toEqual({
      title: 'Baru',
      active: true,
      deadline: '2026-12-01 07:00:00',
    });
  });
});

describe('stored drafts', () => {
  const mine = draftKey(7, '/me#kelas-baru');
  const theirs = draftKey(8, '/me#kelas-baru');

  it('round-trip, and an old or broken one is dropped', () => {
    writeDraft(mine, { name: 'Jaringan' }, 1_000);
    expect(readDraft(mine, 2_000)).toEqual({ name: 'Jaringan' });
    expect(readDraft(mine, 1_000 + DRAFT_MAX_AGE_MS + 1)).toBeNull();
    expect(localStorage.getItem(mine)).toBeNull();
    localStorage.setItem(mine, '{not json');
    expect(readDraft(mine)).toBeNull();
    expect(localStorage.getItem(mine)).toBeNull();
  });

  it("of another user are removed at a login; the user's own stay", () => {
    writeDraft(mine, { name: 'A' });
    writeDraft(theirs, { name: 'B' });
    localStorage.setItem('token', 't');
    keepDraftsOf(7);
    expect(readDraft(mine)).toEqual({ name: 'A' });
    expect(localStorage.getItem(theirs)).toBeNull();
    expect(localStorage.getItem('token')).toBe('t');
  });

  it('all go at a logout, and nothing is written until the next login', () => {
    writeDraft(mine, { name: 'A' });
    discardAllDrafts();
    expect(localStorage.getItem(mine)).toBeNull();
    writeDraft(mine, { name: 'late' });
    expect(localStorage.getItem(mine)).toBeNull();
    keepDraftsOf(7);
    writeDraft(mine, { name: 'again' });
    expect(readDraft(mine)).toEqual({ name: 'again' });
  });
});
