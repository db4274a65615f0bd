import { describe, expect, it } from 'vitest';
import type { ClassMaterial } from '@kelasku/contract';
import { askText, planSave, refusalText, savableFiles } from './save-lesson';

const MB = 1024 * 1024;
const material = (id: number, size: number | null, kind: 'file' | 'link' = 'file'): ClassMaterial => ({
  id,
  kind,
  title: `Materi ${id}`,
  file: kind === 'file' ? `/api/files/${id}?e=1&s=abc` : null,
  filename: kind === 'file' ? `m${id}.pdf` : null,
  file_extension: kind === 'file' ? 'pdf' : '',
  size,
  mime: kind === 'file' ? 'application/pdf' : null,
  url: kind === 'link' ? 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' : null,
  youtube_id: kind === 'link' ? 'dQw4w9WgXcQ' : null,
  position: id,
  hidden: false,
  publish_at: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
});

describe('Simpan untuk offline', () => {
  const list = [material(1, 4 * MB), material(2, 0.3 * MB), material(3, null, 'link'), material(4, 8 * MB)];

  it('saves the file materials only, and says how many and how big before', () => {
    const files = savableFiles(list);
    expect(files.map((f) => f.id)).toEqual([1, 2, 4]);
    const plan = planSave(files, new Set(), 0);
    expect(plan.fits).toBe(true);
    expect(askText(plan)).toBe('Simpan 3 materi (12,3 MB) untuk dibaca offline?');
  });

  it('leaves out the files saved already', () => {
    const plan = planSave(savableFiles(list), new Set([4]), 0);
    expect(plan.files.map((f) => f.id)).toEqual([1, 2]);
    expect(askText(plan)).toBe('Simpan 2 materi (4,3 MB) untuk dibaca offline?');
  });

  it('refuses what does not fit what is left of the budget, with both sizes', () => {
    const plan = planSave(savableFiles(list), new Set(), 195.9 * MB, 200 * MB);
    expect(plan.fits).toBe(false);
    expect(refusalText(plan)).toBe('Ruang offline tidak cukup: perlu 12,3 MB, tersisa 4,1 MB. Hapus data offline di Profil.');
    // Exactly what is left still fits; a budget already over leaves nothing.
    expect(planSave(savableFiles(list), new Set(), 200 * MB - 12.3 * MB, 200 * MB).fits).toBe(true);
    expect(planSave(savableFiles(list), new Set(), 250 * MB, 200 * MB).left).toBe(0);
  });
});
