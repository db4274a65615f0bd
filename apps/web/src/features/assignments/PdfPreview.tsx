import { useEffect, useRef, useState } from 'react';
import { Alert, Stack, Text } from '@mantine/core';
// The legacy build runs on the older Chrome of many school phones; the worker comes from our own
// server (Vite's ?url gives the built file's address), never from a CDN.
import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import workerUrl from 'pdfjs-dist/legacy/build/pdf.worker.min.mjs?url';
import { LoadingDots } from '../../components/LoadingDots';

GlobalWorkerOptions.workerSrc = workerUrl;

/** Pages are drawn only when they come near the screen: a 60-page PDF on a phone costs one or two. */
const NEAR = '600px 0px';

/** A PDF's pages as canvases (pdf.js), each rendered when it scrolls near. Loaded on demand with its page. */
export default function PdfPreview({ src, name }: { src: string; name: string }) {
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [ratio, setRatio] = useState(Math.SQRT2);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const task = getDocument({ url: src, disableAutoFetch: true });
    let alive = true;
    task.promise
      .then(async (pdf) => {
        const first = (await pdf.getPage(1)).getViewport({ scale: 1 });
        if (!alive) return;
        setRatio(first.height / first.width);
        setDoc(pdf);
      })
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
      void task.destroy();
    };
  }, [src]);

  if (failed) {
    return (
      <Alert color="yellow" variant="light">
        PDF ini tidak dapat ditampilkan. Unduh file untuk membukanya.
      </Alert>
    );
  }
  if (!doc) return <LoadingDots />;
  return (
    <Stack gap="xs">
      <Text size="xs" c="dimmed">
        {doc.numPages} halaman
      </Text>
      {Array.from({ length: doc.numPages }, (_, i) => (
        <PdfPage key={i} doc={doc} number={i + 1} ratio={ratio} label={`${name}, halaman ${i + 1} dari ${doc.numPages}`} />
      ))}
    </Stack>
  );
}

function PdfPage({ doc, number, ratio, label }: { doc: PDFDocumentProxy; number: number; ratio: number; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [near, setNear] = useState(false);
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    const el = box.current;
    if (!el || near) return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: NEAR });
    io.observe(el);
    return () => io.disconnect();
  }, [near]);

  useEffect(() => {
    if (!near || !canvas.current || !box.current) return;
    let task: ReturnType<Awaited<ReturnType<PDFDocumentProxy['getPage']>>['render']> | null = null;
    let alive = true;
    const el = canvas.current;
    const width = box.current.clientWidth;
    void doc.getPage(number).then((page) => {
      if (!alive) return;
      const base = page.getViewport({ scale: 1 });
      const viewport = page.getViewport({ scale: (width / base.width) * Math.min(window.devicePixelRatio || 1, 2) });
      el.width = Math.floor(viewport.width);
      el.height = Math.floor(viewport.height);
      task = page.render({ canvas: el, viewport });
      task.promise.then(
        () => alive && setDrawn(true),
        () => undefined, // cancelled when the page left
      );
    });
    return () => {
      alive = false;
      task?.cancel();
    };
  }, [near, doc, number]);

  return (
    // Until drawn, the page keeps the first page's shape, so the scroll position does not jump.
    <div ref={box} style={{ width: '100%', aspectRatio: drawn ? undefined : `1 / ${ratio}`, background: 'var(--mantine-color-gray-1)' }}>
      <canvas
        ref={canvas}
        role="img"
        aria-label={label}
        data-drawn={drawn || undefined}
        style={{ width: '100%', height: drawn ? 'auto' : '100%', display: 'block', boxShadow: '0 1px 3px rgba(0,0,0,.15)' }}
      />
    </div>
  );
}
