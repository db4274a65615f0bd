import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DATA_SAVER_KEY, dataSaverOn, formatFileSize, largeFileLabel, setDataSaver, useDataSaver } from './data-saver';

afterEach(() => setDataSaver(false));

describe('Hemat data', () => {
  it('is off by default and kept per device in localStorage', () => {
    expect(dataSaverOn()).toBe(false);
    setDataSaver(true);
    expect(localStorage.getItem(DATA_SAVER_KEY)).toBe('1');
    expect(dataSaverOn()).toBe(true);
    setDataSaver(false);
    expect(localStorage.getItem(DATA_SAVER_KEY)).toBeNull();
  });

  it('tells the components that use it when it changes', () => {
    const { result } = renderHook(() => useDataSaver());
    expect(result.current).toBe(false);
    act(() => setDataSaver(true));
    expect(result.current).toBe(true);
  });

  it('shows the size of a file over 1 MB the Indonesian way, and nothing for smaller ones', () => {
    expect(largeFileLabel('pdf', 3.4 * 1024 * 1024)).toBe('PDF · 3,4 MB');
    expect(largeFileLabel('mp4', 24 * 1024 * 1024)).toBe('MP4 · 24 MB');
    expect(largeFileLabel('', 2 * 1024 * 1024)).toBe('File · 2 MB');
    expect(largeFileLabel('pdf', 1024 * 1024)).toBeNull();
    expect(largeFileLabel('pdf', 500 * 1024)).toBeNull();
    expect(largeFileLabel('pdf', null)).toBeNull();
    expect(formatFileSize(120 * 1024)).toBe('120 KB');
    expect(formatFileSize(12.3 * 1024 * 1024)).toBe('12,3 MB');
  });
});
