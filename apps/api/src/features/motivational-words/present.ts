import type { Word } from './queries.js';

/** A motivational word as the admin's list and form show it. */
export const toWord = (w: Word) => ({
  id: w.id,
  title: w.title,
  body: w.body,
  from: w.from,
  active: w.active,
  created_at: w.createdAt.toISOString(),
});
