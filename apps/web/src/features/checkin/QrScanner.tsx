import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconCameraOff, IconX } from '@tabler/icons-react';
import { CAMERA_MSG, cameraErrorMessage, frameSize, parseScannedText, type ScannedCheckin } from './scan';

/** A frame is decoded this often (a phone keeps up; the student barely waits). */
const SCAN_EVERY_MS = 200;

type Decode = (typeof import('jsqr'))['default'];

/** jsQR is loaded only when the camera opens: never in the login page's or the dashboard's bundle. */
const loadDecoder = (): Promise<Decode> => import('jsqr').then((m) => m.default);

function stopStream(stream: MediaStream | null) {
  stream?.getTracks().forEach((t) => t.stop());
}

/** Opens the rear camera into `video`; the stream, or the reason it did not open. */
async function openCamera(video: HTMLVideoElement): Promise<MediaStream> {
  if (!window.isSecureContext) throw Object.assign(new Error('http'), { name: 'InsecureContextError' });
  if (!navigator.mediaDevices?.getUserMedia) throw new TypeError('getUserMedia');
  const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
  video.srcObject = stream;
  await video.play().catch(() => undefined);
  return stream;
}

/** One frame of the video through jsQR: its text, or null. */
function readFrame(video: HTMLVideoElement, canvas: HTMLCanvasElement, decode: Decode): string | null {
  if (video.readyState < 2) return null;
  const size = frameSize(video.videoWidth, video.videoHeight);
  if (size.width === 0) return null;
  canvas.width = size.width;
  canvas.height = size.height;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) return null;
  ctx.drawImage(video, 0, 0, size.width, size.height);
  const image = ctx.getImageData(0, 0, size.width, size.height);
  return decode(image.data, size.width, size.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
}

/**
 * "Pindai kode QR": the rear camera in the page, a frame decoded every 200 ms. A check-in's QR
 * code stops the camera and goes to `onScanned`; another QR code says so and scanning goes on.
 * The camera stops when this closes too. A refused or missing camera says to type the code.
 */
export function QrScanner({ onScanned, onClose }: { onScanned: (c: ScannedCheckin) => void; onClose: () => void }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [hint, setHint] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  const done = useRef(onScanned);
  useEffect(() => {
    done.current = onScanned;
  }, [onScanned]);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setInterval> | undefined;
    let stopped = false;
    const video = videoRef.current!;
    const canvas = canvasRef.current!;
    const stop = () => {
      stopped = true;
      clearInterval(timer);
      stopStream(stream);
      video.srcObject = null;
    };
    Promise.all([openCamera(video), loadDecoder()])
      .then(([s, decode]) => {
        stream = s;
        if (stopped) {
          stopStream(s);
          return;
        }
        setReady(true);
        timer = setInterval(() => {
          const text = readFrame(video, canvas, decode);
          if (text === null) return;
          const scanned = parseScannedText(text);
          if (scanned) {
            stop();
            done.current(scanned);
          } else {
            setHint(CAMERA_MSG.notCheckin);
          }
        }, SCAN_EVERY_MS);
      })
      .catch((err: unknown) => {
        if (!stopped) setError(cameraErrorMessage(err));
      });
    return stop;
  }, []);

  if (error) {
    return (
      <Alert color="orange" icon={<IconCameraOff size={18} />} title="Kamera tidak dapat dipakai" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{error}</Text>
          <Button size="xs" variant="light" onClick={onClose}>
            Tutup kamera
          </Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <Stack gap="xs">
      <video
        ref={videoRef}
        muted
        playsInline
        aria-label="Gambar kamera untuk memindai kode QR"
        style={{ width: '100%', maxHeight: '60vh', borderRadius: 8, background: '#000', objectFit: 'cover' }}
      />
      <canvas ref={canvasRef} hidden />
      <Text size="sm" c="dimmed" aria-live="polite">
        {hint ?? (ready ? 'Arahkan kamera ke kode QR di layar guru.' : 'Membuka kamera…')}
      </Text>
      <Button variant="default" leftSection={<IconX size={16} />} onClick={onClose}>
        Tutup kamera
      </Button>
    </Stack>
  );
}
