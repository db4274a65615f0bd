import { lazy, Suspense, useEffect, useState } from 'react';
import { Alert, Group, Paper, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { TRUNCATE, type SubmittedFile } from '@kelasku/contract';
import { FileLink } from '../../components/FileLink';
import { LoadingDots } from '../../components/LoadingDots';
import { truncate } from '../../lib/format';

// pdf.js is big: it is loaded only when a PDF is shown.
const PdfPreview = lazy(() => import('./PdfPreview'));

/** Kinds of file the browser shows itself; anything else is offered as a download. */
type Kind = 'pdf' | 'image' | 'video' | 'audio' | 'text' | 'other';

const IMAGES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/bmp']);
const VIDEOS = new Set(['video/mp4', 'video/webm', 'video/ogg']);
const AUDIOS = new Set(['audio/mpeg', 'audio/mp4', 'audio/wav', 'audio/ogg']);

export function previewKind(mime: string): Kind {
  if (mime === 'application/pdf') return 'pdf';
  if (IMAGES.has(mime)) return 'image';
  if (VIDEOS.has(mime)) return 'video';
  if (AUDIOS.has(mime)) return 'audio';
  if (mime === 'text/plain') return 'text';
  return 'other';
}

/** How much of a text file is shown in the page. */
const TEXT_PREVIEW_BYTES = 200_000;

const sizeText = (bytes: number) =>
  bytes >= 1_048_576 ? `${(bytes / 1_048_576).toFixed(1).replace('.', ',')} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** One handed-in file, shown in the page with its name and a link to open or download it. */
export function FilePreview({ file }: { file: SubmittedFile }) {
  const kind = previewKind(file.mime);
  return (
    <Paper withBorder p="sm" component="figure" m={0} aria-label={file.filename}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs" component="figcaption">
          <Text size="sm" fw={500} title={file.filename} style={{ overflowWrap: 'anywhere' }}>
            {truncate(file.filename, TRUNCATE.filename)}
          </Text>
          <FileLink href={file.file} title={`Buka ${file.filename}`} size="sm" style={{ whiteSpace: 'nowrap' }}>
            <Group gap={4} wrap="nowrap" component="span">
              <IconDownload size={16} aria-hidden />
              <span>{kind === 'other' ? 'Unduh' : 'Buka'}</span>
            </Group>
          </FileLink>
        </Group>
        <Body file={file} kind={kind} />
      </Stack>
    </Paper>
  );
}

function Body({ file, kind }: { file: SubmittedFile; kind: Kind }) {
  switch (kind) {
    case 'pdf':
      return (
        <Suspense fallback={<LoadingDots />}>
          <PdfPreview src={file.file} name={file.filename} />
        </Suspense>
      );
    case 'image':
      return (
        <img
          src={file.file}
          alt={file.filename}
          loading="lazy"
          style={{ maxWidth: '100%', height: 'auto', display: 'block', alignSelf: 'flex-start' }}
        />
      );
    case 'video':
      return <video src={file.file} controls preload="metadata" aria-label={file.filename} style={{ width: '100%', maxHeight: '70vh' }} />;
    case 'audio':
      return <audio src={file.file} controls preload="metadata" aria-label={file.filename} style={{ width: '100%' }} />;
    case 'text':
      return <TextPreview file={file} />;
    default:
      return (
        <Text size="sm" c="dimmed">
          File {file.file_extension ? `.${file.file_extension}` : 'ini'} ({sizeText(file.size)}) tidak dapat ditampilkan di halaman. Unduh
          untuk membukanya.
        </Text>
      );
  }
}

/** A plain text file, read through its signed link (the first 200 KB only). */
function TextPreview({ file }: { file: SubmittedFile }) {
  const [text, setText] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const ctrl = new AbortController();
    fetch(file.file, { headers: { Range: `bytes=0-${TEXT_PREVIEW_BYTES - 1}` }, signal: ctrl.signal })
      .then((res) => (res.ok ? res.arrayBuffer() : Promise.reject(new Error(String(res.status)))))
      .then((buf) => setText(new TextDecoder().decode(buf)))
      .catch(() => !ctrl.signal.aborted && setFailed(true));
    return () => ctrl.abort();
  }, [file.file]);

  if (failed) {
    return (
      <Alert color="yellow" variant="light">
        Isi file tidak dapat dimuat. Unduh file untuk membukanya.
      </Alert>
    );
  }
  if (text === null) return <LoadingDots />;
  return (
    <>
      <pre
        aria-label={`Isi ${file.filename}`}
        style={{ margin: 0, maxHeight: '60vh', overflow: 'auto', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 14 }}
      >
        {text}
      </pre>
      {file.size > TEXT_PREVIEW_BYTES && (
        <Text size="xs" c="dimmed">
          Hanya 200 KB pertama yang ditampilkan. Unduh file untuk membaca semuanya.
        </Text>
      )}
    </>
  );
}
