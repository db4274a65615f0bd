import { formatBytes } from '../../components/FileDropzone';

/** The long side of a PDF page in points: that of an A4 sheet (297 mm). */
export const PAGE_LONG_SIDE = 842;

/** One photo of "Foto tugas": the picked file, then its lighter copy once shrunk (or why it could not be read). */
export interface PhotoPage {
  id: number;
  /** The file as picked (camera or gallery). */
  original: File;
  /** The shrunk JPEG, once ready. */
  shrunk?: File;
  /** The thumbnail's address (an object URL of the shrunk photo). */
  url?: string;
  failed?: boolean;
}

/** "Halaman 1" for the first page. */
export const pageLabel = (index: number) => `Halaman ${index + 1}`;

/** The pages with the one at `from` moved to `to` (a "Naikkan" / "Turunkan" button); unchanged when `to` is outside. */
export function movePage<T>(pages: T[], from: number, to: number): T[] {
  if (from === to || from < 0 || from >= pages.length || to < 0 || to >= pages.length) return pages;
  const next = [...pages];
  const [page] = next.splice(from, 1);
  next.splice(to, 0, page!);
  return next;
}

/** The pages without the one of this id. */
export const withoutPage = <T extends { id: number }>(pages: readonly T[], id: number): T[] => pages.filter((p) => p.id !== id);

/** Several photos are joined into one PDF unless the student says otherwise; a single one is sent as a photo. */
export const joinByDefault = (count: number) => count >= 2;

/** The joined file's name: "Foto tugas.pdf", then "Foto tugas 2.pdf" for the second one made on the same page. */
export const photoPdfName = (nth = 1) => (nth <= 1 ? 'Foto tugas.pdf' : `Foto tugas ${nth}.pdf`);

/** "3,4 MB → 420 KB": a photo's size before and after shrinking. */
export const sizeChange = (before: number, after: number) => `${formatBytes(before)} → ${formatBytes(after)}`;

/**
 * The PDF page of a photo, in points: the photo's proportions with the long side of an A4 sheet, so
 * a portrait photo of a page prints on A4 and no photo is cropped or distorted.
 */
export function pdfPageSize(width: number, height: number): { width: number; height: number } {
  if (!(width > 0 && height > 0)) return { width: 595, height: PAGE_LONG_SIDE };
  const scale = PAGE_LONG_SIDE / Math.max(width, height);
  const round = (n: number) => Math.round(n * 100) / 100;
  return { width: round(width * scale), height: round(height * scale) };
}
