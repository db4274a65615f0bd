import { useEffect, useRef, useState } from 'react';
import { joinByDefault, movePage, photoPdfName, withoutPage, type PhotoPage } from './pages';
import { compressPhoto } from '../../lib/photos';
import { joinPhotos } from './pdf';

const PDF_FAILED = 'PDF gagal dibuat. Coba lagi, atau matikan "Gabung jadi satu PDF" untuk mengirim foto terpisah.';

/**
 * The logic of "Foto tugas": the pages (each photo shrunk one after another, its thumbnail freed
 * when it goes), their order, joining into one PDF, and handing the files over.
 */
export function usePhotoToPdf(onDone: (files: File[]) => void) {
  const [opened, setOpened] = useState(false);
  const [pages, setPages] = useState<PhotoPage[]>([]);
  /** The student's own choice of joining; null follows the default for the number of photos. */
  const [join, setJoin] = useState<boolean | null>(null);
  const [making, setMaking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  /** PDFs made here so far: the next one is "Foto tugas 2.pdf". */
  const [pdfCount, setPdfCount] = useState(0);
  const nextId = useRef(1);
  const queue = useRef<Promise<void>>(Promise.resolve());
  /** Pages removed (or handed over) while their photo was still being shrunk: their result is dropped. */
  const gone = useRef(new Set<number>());
  const urls = useRef(new Set<string>());
  const resetCamera = useRef<() => void>(null);
  const resetGallery = useRef<() => void>(null);
  const mounted = useRef(true);

  // Leaving the page frees the thumbnails (and a photo still being shrunk makes none).
  useEffect(() => {
    const held = urls.current;
    mounted.current = true;
    return () => {
      mounted.current = false;
      for (const url of held) URL.revokeObjectURL(url);
      held.clear();
    };
  }, []);

  const release = (page: PhotoPage) => {
    gone.current.add(page.id);
    if (page.url) {
      URL.revokeObjectURL(page.url);
      urls.current.delete(page.url);
    }
  };

  const shrinkOne = async (page: PhotoPage) => {
    if (gone.current.has(page.id) || !mounted.current) return;
    let update: Partial<PhotoPage>;
    try {
      const shrunk = await compressPhoto(page.original);
      if (gone.current.has(page.id) || !mounted.current) return;
      const url = URL.createObjectURL(shrunk);
      urls.current.add(url);
      update = { shrunk, url };
    } catch {
      update = { failed: true };
    }
    setPages((was) => was.map((p) => (p.id === page.id ? { ...p, ...update } : p)));
  };

  // One photo at a time: a phone has little memory for several 12-megapixel pictures at once.
  const add = (files: File[]) => {
    resetCamera.current?.();
    resetGallery.current?.();
    if (files.length === 0) return;
    const fresh = files.map((original) => ({ id: nextId.current++, original }));
    setPages((was) => [...was, ...fresh]);
    setProblem(null);
    for (const page of fresh) queue.current = queue.current.then(() => shrinkOne(page));
  };

  const move = (from: number, to: number) => setPages((was) => movePage(was, from, to));

  const remove = (page: PhotoPage) => {
    release(page);
    setPages((was) => withoutPage(was, page.id));
    setProblem(null);
  };

  const shrinking = pages.some((p) => !p.shrunk && !p.failed);
  const unreadable = pages.some((p) => p.failed);
  const joined = join ?? joinByDefault(pages.length);
  const nextPdfName = photoPdfName(pdfCount + 1);
  const before = pages.reduce((n, p) => n + p.original.size, 0);
  const after = pages.reduce((n, p) => n + (p.shrunk?.size ?? 0), 0);

  const finish = async () => {
    const photos = pages.flatMap((p) => (p.shrunk ? [p.shrunk] : []));
    if (photos.length === 0 || shrinking || unreadable) return;
    let files = photos;
    if (joined) {
      setMaking(true);
      setProblem(null);
      try {
        files = [await joinPhotos(photos, nextPdfName)];
        setPdfCount((n) => n + 1);
      } catch {
        setProblem(PDF_FAILED);
        return;
      } finally {
        setMaking(false);
      }
    }
    onDone(files);
    for (const p of pages) release(p);
    setPages([]);
    setJoin(null);
    setOpened(false);
  };

  return {
    opened,
    setOpened,
    pages,
    setJoin,
    making,
    problem,
    resetCamera,
    resetGallery,
    add,
    move,
    remove,
    shrinking,
    unreadable,
    joined,
    nextPdfName,
    before,
    after,
    finish,
  };
}

export type PhotoToPdfState = ReturnType<typeof usePhotoToPdf>;
