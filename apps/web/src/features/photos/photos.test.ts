import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { jpegName, SHRINK_OPTIONS } from '../../lib/photos';
import { joinByDefault, movePage, pageLabel, pdfPageSize, photoPdfName, sizeChange, withoutPage } from './pages';
import { joinPhotos, photosToPdf } from './pdf';

/**
 * The head of a baseline JPEG that says it is w×h pixels (start, frame header, end). pdf-lib reads
 * only this header to place the picture; it does not decode the pixels.
 */
function jpegOf(w: number, h: number): Uint8Array<ArrayBuffer> {
  return Uint8Array.from([
    0xff,
    0xd8,
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    h >> 8,
    h & 255,
    w >> 8,
    w & 255,
    0x03,
    0x01,
    0x22,
    0x00,
    0x02,
    0x11,
    0x01,
    0x03,
    0x11,
    0x01,
    0xff,
    0xd9,
  ]);
}

const sizesOf = async (bytes: Uint8Array) => (await PDFDocument.load(bytes)).getPages().map((p) => p.getSize());

describe('the pages of "Foto tugas"', () => {
  const pages = [{ id: 7 }, { id: 3 }, { id: 9 }];

  it('are labelled from Halaman 1', () => {
    expect([0, 1, 2].map(pageLabel)).toEqual(['Halaman 1', 'Halaman 2', 'Halaman 3']);
  });

  it('move up and down, and lose a removed page', () => {
    const ids = (list: readonly { id: number }[]) => list.map((p) => p.id);
    expect(ids(movePage(pages, 2, 1))).toEqual([7, 9, 3]);
    expect(ids(movePage(pages, 0, 1))).toEqual([3, 7, 9]);
    expect(movePage(pages, 0, -1)).toBe(pages);
    expect(movePage(pages, 2, 3)).toBe(pages);
    expect(ids(pages)).toEqual([7, 3, 9]);
    expect(ids(withoutPage(pages, 3))).toEqual([7, 9]);
  });

  it('are joined by default from two photos on', () => {
    expect([0, 1, 2, 5].map(joinByDefault)).toEqual([false, false, true, true]);
  });

  it('name the PDF and the shrunk photos', () => {
    expect(photoPdfName()).toBe('Foto tugas.pdf');
    expect(photoPdfName(2)).toBe('Foto tugas 2.pdf');
    expect(jpegName('IMG_0012.HEIC')).toBe('IMG_0012.jpg');
    expect(jpegName('halaman.1.png')).toBe('halaman.1.jpg');
    expect(jpegName('scan')).toBe('scan.jpg');
    expect(jpegName('.png')).toBe('foto.jpg');
  });

  it('show the size before and after shrinking', () => {
    expect(sizeChange(3.4 * 1024 * 1024, 420 * 1024)).toBe('3,4 MB → 420 KB');
  });

  it('shrink to 2,000 px on the long side, as JPEG, without a worker from a CDN', () => {
    expect(SHRINK_OPTIONS).toMatchObject({ maxWidthOrHeight: 2000, fileType: 'image/jpeg', useWebWorker: false });
  });
});

describe('a PDF page of a photo', () => {
  it('has the photo’s proportions with the long side of A4', () => {
    expect(pdfPageSize(1500, 2000)).toEqual({ width: 631.5, height: 842 });
    expect(pdfPageSize(2000, 1500)).toEqual({ width: 842, height: 631.5 });
    expect(pdfPageSize(1000, 1000)).toEqual({ width: 842, height: 842 });
    expect(pdfPageSize(0, 0)).toEqual({ width: 595, height: 842 });
  });
});

describe('photos joined into one PDF', () => {
  it('has one page per photo, in page order', async () => {
    const bytes = await photosToPdf([jpegOf(1500, 2000), jpegOf(2000, 1500), jpegOf(1200, 1200)]);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    expect(await sizesOf(bytes)).toEqual([
      { width: 631.5, height: 842 },
      { width: 842, height: 631.5 },
      { width: 842, height: 842 },
    ]);
  });

  it('is a PDF file with the given name and title', async () => {
    const photos = [jpegOf(2000, 1500), jpegOf(1500, 2000)].map((b, i) => new File([b], `foto-${i}.jpg`, { type: 'image/jpeg' }));
    const file = await joinPhotos(photos, 'Foto tugas 2.pdf');
    expect(file.name).toBe('Foto tugas 2.pdf');
    expect(file.type).toBe('application/pdf');
    const doc = await PDFDocument.load(new Uint8Array(await file.arrayBuffer()));
    expect(doc.getTitle()).toBe('Foto tugas 2');
    expect(doc.getPages().map((p) => p.getSize().width)).toEqual([842, 631.5]);
  });
});
