import { useState } from 'react';
import { Button, Image, type ImageProps } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { formatFileSize, useDataSaver } from '../lib/data-saver';

/**
 * A picture in a lesson, a forum, an announcement or a question. With Hemat data on it waits for a
 * tap: "Ketuk untuk memuat gambar (120 KB)" (the size when it is known).
 */
export function SaverImage({ src, alt, size, ...rest }: ImageProps & { src: string; alt: string; size?: number | null }) {
  const saver = useDataSaver();
  const [shown, setShown] = useState(false);
  if (saver && !shown) {
    return (
      <Button
        variant="default"
        leftSection={<IconPhoto size={18} aria-hidden />}
        onClick={() => setShown(true)}
        style={{ alignSelf: 'flex-start' }}
      >
        {size ? `Ketuk untuk memuat gambar (${formatFileSize(size)})` : 'Ketuk untuk memuat gambar'}
      </Button>
    );
  }
  return <Image src={src} alt={alt} {...rest} />;
}
