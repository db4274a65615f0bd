import { describe, expect, it } from 'vitest';
import { CLASS_MSG, MSG } from '@kelasku/contract';
import { ApiError } from '../../api/client';
import { addPicked, inTurns, overallPercent, sendMaterialFile, wasStopped, withUploadEvent, type UploadItem } from './material-uploads';

const file = (name: string, size = 10) => new File([new Uint8Array(size)], name);

describe('addPicked', () => {
  it('titles each file after its name and refuses the 21st, empty files and files over 50 MB', () => {
    const first = addPicked([], [file('Modul 1.pdf'), file('kosong.pdf', 0)]);
    expect(first.items.map((i) => i.title)).toEqual(['Modul 1']);
    expect(first.refused).toEqual([`kosong.pdf: ${MSG.fileEmpty}`]);
    const many = addPicked(
      first.items,
      Array.from({ length: 20 }, (_, i) => file(`B${i + 1}.docx`)),
    );
    expect(many.items).toHaveLength(20);
    expect(many.items[19]!.title).toBe('B19');
    expect(many.refused).toEqual([`B20.docx: ${CLASS_MSG.materialBatchMax}`]);
    const big = { name: 'video.mp4', size: 51 * 1024 * 1024 } as File;
    expect(addPicked([], [big]).refused).toEqual([`video.mp4: ${MSG.fileTooLarge}`]);
  });
});

describe('overallPercent', () => {
  it('weighs by size and leaves cancelled files out', () => {
    const [a, b, c] = addPicked([], [file('a.pdf', 100), file('b.pdf', 300), file('c.pdf', 600)]).items as [
      UploadItem,
      UploadItem,
      UploadItem,
    ];
    const items = [
      { ...a, status: 'done' as const, percent: 100 },
      { ...b, status: 'uploading' as const, percent: 50 },
      { ...c, status: 'cancelled' as const },
    ];
    expect(overallPercent(items)).toBe(63);
  });
});

describe('inTurns', () => {
  it('runs at most two at a time, in order, skipping what is skipped', async () => {
    let running = 0;
    let most = 0;
    const done: number[] = [];
    await inTurns(
      [1, 2, 3, 4, 5],
      2,
      (n) => n === 4,
      async (n) => {
        running++;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 5));
        done.push(n);
        running--;
      },
    );
    expect(most).toBe(2);
    expect(done.sort()).toEqual([1, 2, 3, 5]);
  });
});

describe('withUploadEvent', () => {
  it("follows the file's resumable upload: the bars' percentage, the wait for a connection, the end", () => {
    const [item] = addPicked([], [file('Modul.pdf', 1000)]).items as [UploadItem];
    expect(item.upload).toMatchObject({ phase: 'queued', sent: 0, total: 1000 });
    const half = withUploadEvent(item, { type: 'progress', sent: 505, at: 0 });
    expect(half.percent).toBe(50);
    const waiting = withUploadEvent(half, { type: 'waiting', offline: true });
    expect(waiting.upload).toMatchObject({ phase: 'waiting', offline: true });
    expect(waiting.percent).toBe(50);
    expect(withUploadEvent(waiting, { type: 'done', id: 'u1' }).percent).toBe(100);
  });
});

describe('sendMaterialFile', () => {
  it('sends and saves nothing once stopped, and tells a stop apart from a refusal', async () => {
    const stop = new AbortController();
    stop.abort();
    const events: string[] = [];
    let saved = false;
    const err: unknown = await sendMaterialFile(
      file('Modul.pdf'),
      (e) => events.push(e.type),
      stop.signal,
      async () => {
        saved = true;
      },
    ).catch((e: unknown) => e);
    expect(wasStopped(err)).toBe(true);
    expect(saved).toBe(false);
    expect(events).toEqual([]);
    expect(wasStopped(new ApiError(415, MSG.fileType))).toBe(false);
    expect(wasStopped(new Error('x'))).toBe(false);
  });
});
