import { useState } from 'react';
import { AspectRatio, Box, Button, Text, UnstyledButton } from '@mantine/core';
import { IconBrandYoutube, IconPlayerPlayFilled } from '@tabler/icons-react';
import { youtubeEmbedUrl } from '@kelasku/contract';
import { useDataSaver } from '../lib/data-saver';

/** YouTube's small thumbnail of a video (320×180, about 10–20 KB). */
export const youtubeThumbnailUrl = (id: string) => `https://i.ytimg.com/vi/${id}/mqdefault.jpg`;

/**
 * A YouTube video played in the page through YouTube's privacy-enhanced player
 * (youtube-nocookie.com: no cookies until the video is played). The player (about 0.5–1 MB) loads
 * only when the student taps: before, a thumbnail with a play button — and with Hemat data on, a
 * plain "Putar video YouTube" button, so nothing comes from YouTube at all before the tap.
 * The page sends no referrer by default; YouTube's player needs the origin, so this frame sends it.
 */
export function YouTubeEmbed({ id, title }: { id: string; title: string }) {
  const [playing, setPlaying] = useState(false);
  const saver = useDataSaver();
  const label = `Putar video YouTube: ${title}`;
  if (!playing && saver) {
    return (
      <Button
        variant="light"
        color="red"
        leftSection={<IconBrandYoutube size={18} aria-hidden />}
        onClick={() => setPlaying(true)}
        aria-label={label}
        style={{ alignSelf: 'flex-start' }}
      >
        Putar video YouTube
      </Button>
    );
  }
  return (
    <AspectRatio ratio={16 / 9} maw={560} w="100%">
      {playing ? (
        <iframe
          src={`${youtubeEmbedUrl(id)}?autoplay=1`}
          title={title}
          loading="lazy"
          allowFullScreen
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"
          referrerPolicy="strict-origin-when-cross-origin"
          style={{ border: 0, borderRadius: 'var(--mantine-radius-sm)' }}
        />
      ) : (
        <UnstyledButton
          onClick={() => setPlaying(true)}
          aria-label={label}
          style={{ position: 'relative', borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden', background: '#000' }}
        >
          <img
            src={youtubeThumbnailUrl(id)}
            alt=""
            loading="lazy"
            width={320}
            height={180}
            style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
          />
          <Box
            style={{
              position: 'absolute',
              inset: 0,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
            }}
          >
            <Box bg="red.8" c="white" px={18} py={10} style={{ borderRadius: 12, display: 'flex' }}>
              <IconPlayerPlayFilled size={28} aria-hidden />
            </Box>
          </Box>
          <Text
            size="sm"
            c="white"
            fw={600}
            px="sm"
            py={6}
            lineClamp={2}
            style={{ position: 'absolute', left: 0, right: 0, top: 0, background: 'linear-gradient(rgba(0,0,0,.75), transparent)' }}
          >
            {title}
          </Text>
        </UnstyledButton>
      )}
    </AspectRatio>
  );
}
