import { AspectRatio } from '@mantine/core';
import { youtubeEmbedUrl } from '@kelasku/contract';

/**
 * A YouTube video played in the page through YouTube's privacy-enhanced player
 * (youtube-nocookie.com: no cookies until the video is played), loaded only when scrolled near.
 * The page sends no referrer by default; YouTube's player needs the origin, so this frame sends it.
 */
export function YouTubeEmbed({ id, title }: { id: string; title: string }) {
  return (
    <AspectRatio ratio={16 / 9} maw={560} w="100%">
      <iframe
        src={youtubeEmbedUrl(id)}
        title={title}
        loading="lazy"
        allowFullScreen
        allow="accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"
        referrerPolicy="strict-origin-when-cross-origin"
        style={{ border: 0, borderRadius: 'var(--mantine-radius-sm)' }}
      />
    </AspectRatio>
  );
}
