import { useEffect, useState, type ReactNode } from 'react';
import { Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconFileText, IconMovie, IconMusic, IconPhoto } from '@tabler/icons-react';
import type { SubmittedFile } from '@kelasku/contract';
import { FileLink } from '../../components/FileLink';
import { formatFileSize } from '../../lib/format';

const THUMB = 48;

const isImage = (mime: string) => /^image\/(jpeg|png|gif|webp|bmp)$/.test(mime);

function KindIcon({ mime }: { mime: string }) {
  const Icon = mime.startsWith('image/')
    ? IconPhoto
    : mime.startsWith('video/')
      ? IconMovie
      : mime.startsWith('audio/')
        ? IconMusic
        : IconFileText;
  return (
    <ThemeIcon variant="light" color="gray" size={THUMB} radius="sm" aria-hidden>
      <Icon size={24} />
    </ThemeIcon>
  );
}

/** A small square picture of an image (from its address), or an icon of the file's kind. */
function Thumb({ src, mime }: { src: string | null; mime: string }) {
  if (!src || !isImage(mime)) return <KindIcon mime={mime} />;
  return (
    <img
      src={src}
      alt=""
      width={THUMB}
      height={THUMB}
      loading="lazy"
      style={{ objectFit: 'cover', borderRadius: 'var(--mantine-radius-sm)', flexShrink: 0, display: 'block' }}
    />
  );
}

const nameStyle = { display: 'flex', alignItems: 'center', gap: 'var(--mantine-spacing-sm)', minWidth: 0, flex: 1 } as const;

/** One row: thumbnail and name (together one link when stored), size, and an action at the end (a remove button). */
function FileRow({
  href,
  thumb,
  name,
  size,
  action,
  dimmed,
}: {
  href?: string;
  thumb: ReactNode;
  name: string;
  size: number;
  action?: ReactNode;
  dimmed?: boolean;
}) {
  const label = (
    <Text component="span" size="sm" fw={500} style={{ overflowWrap: 'anywhere' }} td={dimmed ? 'line-through' : undefined}>
      {name}
    </Text>
  );
  return (
    <Group component="li" gap="sm" wrap="nowrap" opacity={dimmed ? 0.5 : 1}>
      {href ? (
        <FileLink href={href} style={nameStyle}>
          {thumb}
          {label}
        </FileLink>
      ) : (
        <div style={nameStyle}>
          {thumb}
          {label}
        </div>
      )}
      <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
        {formatFileSize(size)}
      </Text>
      {action}
    </Group>
  );
}

const listStyle = { listStyle: 'none', padding: 0, margin: 0 } as const;

/** Handed-in files: thumbnails of photos, names and sizes of the rest, each opened in a new tab. */
export function SubmittedFiles({
  files,
  label,
  action,
  removed,
}: {
  files: SubmittedFile[];
  label: string;
  /** A control at the end of each row (e.g. remove before handing in again). */
  action?: (f: SubmittedFile) => ReactNode;
  /** Files marked to be left out of the next hand-in. */
  removed?: ReadonlySet<number>;
}) {
  return (
    <Stack component="ul" gap="xs" style={listStyle} aria-label={label}>
      {files.map((f) => (
        <FileRow
          key={f.file_id}
          href={f.file}
          thumb={<Thumb src={f.file} mime={f.mime} />}
          name={f.filename}
          size={f.size}
          action={action?.(f)}
          dimmed={removed?.has(f.file_id)}
        />
      ))}
    </Stack>
  );
}

/** A picture of a file chosen on this device (not sent yet). */
export function LocalThumb({ file }: { file: File }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!isImage(file.type)) return;
    const url = URL.createObjectURL(file);
    setSrc(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return <Thumb src={src} mime={file.type} />;
}
