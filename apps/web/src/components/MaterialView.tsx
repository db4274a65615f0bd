import { Anchor, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconBrandYoutube, IconExternalLink, IconFile } from '@tabler/icons-react';
import type { ClassMaterial } from '@kelasku/contract';
import { formatFileSize, largeFileLabel, useDataSaver } from '../lib/data-saver';
import { FileLink } from './FileLink';
import { YouTubeEmbed } from './YouTubeEmbed';

const wrap = { overflowWrap: 'anywhere' } as const;

/**
 * A material as teachers and students see it: a file opens in a new tab (a fresh signed link); a
 * link opens its address in a new tab, marked with an external-link icon; a YouTube video plays in
 * the page (youtube-nocookie.com) once tapped, with its address still one click away. A file over
 * 1 MB shows its kind and size ("PDF · 3,4 MB") before it opens; with Hemat data on, opening it asks
 * first ("Buka file 24 MB?").
 */
export function MaterialView({
  material: m,
  embed = true,
}: {
  material: ClassMaterial;
  /** false: the caller shows the video elsewhere. */ embed?: boolean;
}) {
  const saver = useDataSaver();
  if (m.kind === 'file') {
    const sizeLabel = largeFileLabel(m.file_extension, m.size);
    return (
      <FileLink
        href={m.file ?? ''}
        size="sm"
        style={wrap}
        confirmText={saver && sizeLabel && m.size ? `Buka file ${formatFileSize(m.size)}?` : undefined}
      >
        <Group gap={6} wrap="nowrap" component="span">
          <IconFile size={16} aria-hidden style={{ flexShrink: 0 }} />
          <span>{m.title}</span>
          {sizeLabel && (
            <Text span size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              ({sizeLabel})
            </Text>
          )}
        </Group>
      </FileLink>
    );
  }
  const link = (
    <Anchor href={m.url ?? ''} target="_blank" rel="noopener noreferrer" size="sm" style={wrap}>
      <Group gap={6} wrap="nowrap" component="span">
        {m.youtube_id ? <IconBrandYoutube size={16} aria-hidden style={{ flexShrink: 0 }} /> : null}
        <span>{m.title}</span>
        <IconExternalLink size={14} aria-hidden style={{ flexShrink: 0 }} />
        <VisuallyHidden>(membuka tab baru)</VisuallyHidden>
      </Group>
    </Anchor>
  );
  if (!m.youtube_id || !embed) return link;
  return (
    <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
      {link}
      <YouTubeEmbed id={m.youtube_id} title={m.title} />
    </Stack>
  );
}
