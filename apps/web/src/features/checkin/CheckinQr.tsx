import { useEffect, useState } from 'react';
import { Box, Skeleton, Text } from '@mantine/core';
import { CHECKIN_ROTATION_SECONDS } from '@kelasku/contract';
import { useNow } from '../../lib/now';
import { absoluteCheckinUrl } from './scan';

/** The QR library is loaded only on this screen: never in the login page's or the dashboard's bundle. */
const loadQr = () => import('qrcode').then((m) => m.default);

/**
 * The QR code of the check-in address (completed with this app's origin, so a phone's own camera
 * app opens it too): as wide as a phone's screen, large on a projector.
 */
export function CheckinQr({ text }: { text: string }) {
  const url = absoluteCheckinUrl(text, window.location.origin);
  const [src, setSrc] = useState<{ url: string; data: string } | null>(null);
  useEffect(() => {
    let gone = false;
    loadQr()
      .then((qr) => qr.toDataURL(url, { errorCorrectionLevel: 'M', margin: 4, width: 720, color: { dark: '#000000', light: '#ffffff' } }))
      .then((data) => {
        if (!gone) setSrc({ url, data });
      })
      .catch(() => undefined);
    return () => {
      gone = true;
    };
  }, [url]);
  const size = 'min(100%, 68vh)';
  // The previous code stays until the next is drawn (no flicker on a projector).
  if (!src) return <Skeleton w={size} style={{ aspectRatio: '1 / 1' }} />;
  return (
    <Box
      component="img"
      src={src.data}
      alt="Kode QR presensi mandiri"
      data-qr-url={src.url}
      w={size}
      style={{ aspectRatio: '1 / 1', imageRendering: 'pixelated', display: 'block' }}
    />
  );
}

/** A bar running down to the next rotation, and its seconds in words. */
export function RotationCountdown({ rotatesLocal }: { rotatesLocal: number | null }) {
  const now = useNow(250);
  if (rotatesLocal === null) return null;
  const total = CHECKIN_ROTATION_SECONDS * 1000;
  const left = Math.min(total, Math.max(0, rotatesLocal - now));
  return (
    <Box w="min(100%, 68vh)">
      <Box h={10} bg="gray.2" style={{ borderRadius: 5, overflow: 'hidden' }} aria-hidden>
        <Box h="100%" bg="blue.6" style={{ width: `${(left / total) * 100}%`, transition: 'width 250ms linear' }} />
      </Box>
      <Text size="sm" c="dimmed" ta="center" mt={4}>
        Kode berganti dalam {Math.ceil(left / 1000)} detik
      </Text>
    </Box>
  );
}
