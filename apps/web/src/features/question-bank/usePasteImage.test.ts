import { describe, expect, it } from 'vitest';
import { pastedImage } from './usePasteImage';

/** A clipboard as the browser hands it to a paste event: its text and its files (also as items). */
function clipboard(text: string, files: File[]): DataTransfer {
  return {
    getData: (type: string) => (type === 'text/plain' ? text : ''),
    files: files as unknown as FileList,
    items: files.map((f) => ({ kind: 'file', type: f.type, getAsFile: () => f })) as unknown as DataTransferItemList,
  } as DataTransfer;
}

const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

describe('a pasted picture', () => {
  it('is the clipboard image of a screenshot, named so a teacher recognises it', () => {
    const file = pastedImage(clipboard('', [png('image.png')]));
    expect(file?.name).toBe('gambar-tempel.png');
    expect(file?.type).toBe('image/png');
  });

  it("keeps a copied file's own name", () => {
    expect(pastedImage(clipboard('', [png('topologi-bus.png')]))?.name).toBe('topologi-bus.png');
  });

  it('is nothing when the paste carries text (cells of a spreadsheet come with a rendered picture)', () => {
    expect(pastedImage(clipboard('Router\tSwitch', [png('image.png')]))).toBeNull();
  });

  it('is nothing for a paste without an image, or without a clipboard', () => {
    expect(pastedImage(clipboard('', [new File(['x'], 'catatan.txt', { type: 'text/plain' })]))).toBeNull();
    expect(pastedImage(null)).toBeNull();
  });
});
