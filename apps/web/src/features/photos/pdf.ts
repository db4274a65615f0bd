import { pdfPageSize } from './pages';

/**
 * One PDF with one page per JPEG picture, in the given order, each page the picture's proportions
 * at A4 size (pdf-lib, loaded only when a PDF is made). Returns the PDF's bytes.
 */
export async function photosToPdf(jpegs: ReadonlyArray<ArrayBuffer | Uint8Array>, title = 'Foto tugas'): Promise<Uint8Array> {
  const { PDFDocument } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setCreator('Kelasku');
  for (const bytes of jpegs) {
    const image = await doc.embedJpg(bytes);
    const { width, height } = pdfPageSize(image.width, image.height);
    doc.addPage([width, height]).drawImage(image, { x: 0, y: 0, width, height });
  }
  return doc.save();
}

/** The shrunk photos (JPEG) joined into one PDF file named `name` ("Foto tugas.pdf"). */
export async function joinPhotos(photos: readonly File[], name: string): Promise<File> {
  const jpegs = await Promise.all(photos.map((p) => p.arrayBuffer()));
  const bytes = await photosToPdf(jpegs, name.replace(/\.pdf$/i, ''));
  return new File([bytes as Uint8Array<ArrayBuffer>], name, { type: 'application/pdf', lastModified: Date.now() });
}
