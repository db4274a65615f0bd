import { Anchor, Group, Stack, VisuallyHidden } from '@mantine/core';
import { IconBrandYoutube, IconExternalLink, IconFile } from '@tabler/icons-react';
import type { ClassMaterial } from '@kelasku/contract';
import { FileLink } from './FileLink';
import { YouTubeEmbed } from './YouTubeEmbed';

const wrap = { overflowWrap: 'anywhere' } as const;

/**
 * A material as teachers and students see it: a file opens in a new tab (a fresh signed link); a
 * link opens its address in a new tab, marked with an external-link icon; a YouTube video plays in
 * the page (youtube-nocookie.com), with its address still one click away.
 */
export function MaterialView({
  material: m,
  embed = true,
}: {
  material: ClassMaterial;
  /** false: the caller shows the video elsewhere. */ embed?: boolean;
}) {
  if (m.kind === 'file') {
    return (
      <FileLink href={m.file ?? ''} size="sm" style={wrap}>
        <Group gap={6} wrap="nowrap" component="span">
          <IconFile size={16} aria-hidden style={{ flexShrink: 0 }} />
          <span>{m.title}</span>
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
