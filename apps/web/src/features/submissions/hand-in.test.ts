import { describe, expect, it } from 'vitest';
import { MB, MSG, SUBMISSION_MSG } from '@kelasku/contract';
import { addFiles, handInFormData, handInProblem, submitLabel } from './hand-in';

/** A file that says it has `size` bytes without holding them. */
const file = (name: string, size: number) => {
  const f = new File(['x'], name, { type: 'image/jpeg', lastModified: 1 });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

describe('the hand-in checks of the browser', () => {
  it('takes up to 10 files together with the kept ones and refuses the rest with the server message', () => {
    const picked = Array.from({ length: 9 }, (_, i) => file(`foto-${i + 1}.jpg`, 1000));
    const { chosen, refused } = addFiles([], picked, [500, 500]);
    expect(chosen.map((f) => f.name)).toEqual(Array.from({ length: 8 }, (_, i) => `foto-${i + 1}.jpg`));
    expect(refused).toEqual([`foto-9.jpg: ${SUBMISSION_MSG.tooManyFiles}`]);
  });

  it('refuses an empty file and one over 50 MB, keeping the good ones', () => {
    const { chosen, refused } = addFiles([], [file('kosong.jpg', 0), file('video.mp4', 50 * MB + 1), file('ok.jpg', 50 * MB)], []);
    expect(chosen.map((f) => f.name)).toEqual(['ok.jpg']);
    expect(refused).toEqual([`kosong.jpg: ${MSG.fileEmpty}`, `video.mp4: ${MSG.fileTooLarge}`]);
  });

  it('refuses a file that would take all files over 100 MB', () => {
    const first = addFiles([], [file('a.mp4', 40 * MB), file('b.mp4', 40 * MB)], [10 * MB]);
    const { chosen, refused } = addFiles(first.chosen, [file('c.mp4', 11 * MB), file('d.jpg', 10 * MB)], [10 * MB]);
    expect(chosen.map((f) => f.name)).toEqual(['a.mp4', 'b.mp4', 'd.jpg']);
    expect(refused).toEqual([`c.mp4: ${SUBMISSION_MSG.totalTooLarge}`]);
  });

  it('takes a file picked twice once', () => {
    const a = file('a.jpg', 10);
    expect(addFiles([a], [a, file('b.jpg', 10)], []).chosen.map((f) => f.name)).toEqual(['a.jpg', 'b.jpg']);
  });

  it('needs a file or an answer', () => {
    expect(handInProblem(0, 0, '   ')).toBe(SUBMISSION_MSG.empty);
    expect(handInProblem(0, 0, 'Jawaban saya')).toBeNull();
    expect(handInProblem(1, 0, '')).toBeNull();
    expect(handInProblem(0, 2, '')).toBeNull();
  });

  it('sends the finished uploads as repeated `upload` fields instead of file parts, with the kept files and the answer', () => {
    const form = handInFormData(['u-1', 'u-2'], [4, 9], 'Jawaban saya');
    expect(form.getAll('upload')).toEqual(['u-1', 'u-2']);
    expect(form.get('keep')).toBe('4,9');
    expect(form.get('text')).toBe('Jawaban saya');
    expect(form.getAll('files')).toEqual([]);
    const textOnly = handInFormData([], [], 'Hanya teks');
    expect(textOnly.has('keep')).toBe(false);
    expect(textOnly.has('upload')).toBe(false);
  });

  it('labels the button "Upload Submission" before a hand-in and "Update Submission" after', () => {
    expect(submitLabel(null)).toBe('Upload Submission');
    expect(submitLabel('2026-11-24T07:05:00Z')).toBe('Update Submission');
  });
});
