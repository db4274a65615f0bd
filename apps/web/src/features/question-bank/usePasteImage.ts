import { useEffect, useRef } from 'react';

/**
 * The picture of a paste, or null: an image file of the clipboard when the paste carries no text.
 * Copying cells of a spreadsheet or a paragraph of a document also puts a rendered image on the
 * clipboard beside the text; there the text is what the teacher means to paste.
 */
export function pastedImage(data: DataTransfer | null): File | null {
  if (!data) return null;
  if (data.getData('text/plain').trim() !== '') return null;
  const fromFiles = Array.from(data.files ?? []).find((f) => f.type.startsWith('image/'));
  const fromItems = Array.from(data.items ?? [])
    .find((i) => i.kind === 'file' && i.type.startsWith('image/'))
    ?.getAsFile();
  const file = fromFiles ?? fromItems ?? null;
  if (!file) return null;
  // A screenshot arrives as "image.png" or without a name: it gets one a teacher recognises.
  if (file.name && file.name !== 'image.png') return file;
  const ext = file.type.split('/')[1] ?? 'png';
  return new File([file], `gambar-tempel.${ext === 'jpeg' ? 'jpg' : ext}`, { type: file.type, lastModified: file.lastModified });
}

/**
 * While `active`, a paste anywhere on the page that carries a picture (Ctrl+V, or "Tempel" after a
 * long press on a phone) hands it to `onImage` instead of pasting it into a field. A paste of text
 * goes on as usual.
 */
export function usePasteImage(active: boolean, onImage: (file: File) => void): void {
  const handler = useRef(onImage);
  useEffect(() => {
    handler.current = onImage;
  });
  useEffect(() => {
    if (!active) return;
    const onPaste = (e: ClipboardEvent) => {
      const file = pastedImage(e.clipboardData);
      if (!file) return;
      e.preventDefault();
      handler.current(file);
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, [active]);
}
