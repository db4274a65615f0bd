import type { ClassLessonDetail } from '@kelasku/contract';

/**
 * The content a student sees open when the page loads: the newest one they can see, by when it
 * became visible (its publishing time, else its creation), the later "Pembelajaran N" on a tie.
 */
export function newestLessonId(list: Array<Pick<ClassLessonDetail, 'id' | 'number' | 'created_at' | 'publish_at'>>): number | null {
  let best: { id: number; at: number; number: number } | null = null;
  for (const c of list) {
    const at = Math.max(Date.parse(c.created_at), c.publish_at ? Date.parse(c.publish_at) : 0);
    if (!best || at > best.at || (at === best.at && c.number > best.number)) best = { id: c.id, at, number: c.number };
  }
  return best?.id ?? null;
}

/** A description that only repeats the title (older contents) is not shown twice. */
export const shownDescription = (c: Pick<ClassLessonDetail, 'title' | 'description'>): string | null =>
  c.description && c.description.trim() !== c.title.trim() ? c.description : null;
