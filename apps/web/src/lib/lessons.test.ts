import { describe, expect, it } from 'vitest';
import { newestLessonId, shownDescription } from './lessons';

const c = (id: number, number: number, created_at: string, publish_at: string | null = null) => ({ id, number, created_at, publish_at });

describe('newestContentId', () => {
  it('is the content made last, whatever the order of the list', () => {
    expect(newestLessonId([c(3, 3, '2026-11-03T08:00:00Z'), c(1, 1, '2026-11-01T08:00:00Z'), c(2, 2, '2026-11-02T08:00:00Z')])).toBe(3);
  });

  it('counts a scheduled content from the time it was shown', () => {
    expect(newestLessonId([c(1, 1, '2026-11-01T08:00:00Z', '2026-11-20T07:00:00Z'), c(2, 2, '2026-11-10T08:00:00Z')])).toBe(1);
  });

  it('takes the later "Pembelajaran N" on a tie, and nothing for an empty list', () => {
    expect(newestLessonId([c(8, 2, '2026-11-01T08:00:00Z'), c(5, 1, '2026-11-01T08:00:00Z')])).toBe(8);
    expect(newestLessonId([])).toBeNull();
  });
});

describe('shownDescription', () => {
  it('hides a description that only repeats the title', () => {
    expect(shownDescription({ title: 'Subnetting', description: 'Subnetting' })).toBeNull();
    expect(shownDescription({ title: 'Subnetting', description: ' Subnetting\n' })).toBeNull();
    expect(shownDescription({ title: 'Subnetting', description: null })).toBeNull();
    expect(shownDescription({ title: 'Subnetting', description: 'Membagi jaringan.' })).toBe('Membagi jaringan.');
  });
});
