import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Alert, Button, FileButton, Group, Loader, Modal, Stack, Switch, Text, ThemeIcon } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconCamera, IconPhoto, IconPhotoOff, IconPlus, IconTrash } from '@tabler/icons-react';
import { formatBytes } from '../../components/FileDropzone';
import { joinByDefault, movePage, pageLabel, photoPdfName, sizeChange, withoutPage, type PhotoPage } from './pages';
import { compressPhoto } from '../../lib/photos';
import { joinPhotos } from './pdf';

const THUMB = 56;
const PDF_FAILED = 'PDF gagal dibuat. Coba lagi, atau matikan "Gabung jadi satu PDF" untuk mengirim foto terpisah.';

export interface PhotoToPdfProps {
  /** The files to hand in: the one PDF of the photos in page order, or the shrunk photos when not joined. */
  onDone: (files: File[]) => void;
  disabled?: boolean;
}

/** The whole photo in a small square (its label is beside it), or a sign that it is being shrunk or unreadable. */
function Thumb({ page }: { page: PhotoPage }) {
  if (page.url) {
    return (
      <img
        src={page.url}
        alt=""
        width={THUMB}
        height={THUMB}
        style={{
          objectFit: 'contain',
          background: 'var(--mantine-color-gray-1)',
          borderRadius: 'var(--mantine-radius-sm)',
          flexShrink: 0,
          display: 'block',
        }}
      />
    );
  }
  return (
    <ThemeIcon variant="light" color={page.failed ? 'red' : 'gray'} size={THUMB} radius="sm" aria-hidden>
      {page.failed ? <IconPhotoOff size={24} /> : <Loader size="sm" color="gray" />}
    </ThemeIcon>
  );
}

/** What a page's row says under its label: the sizes once shrunk, else that it is under way or unreadable. */
function PageState({ page }: { page: PhotoPage }) {
  if (page.failed) {
    return (
      <Text size="xs" c="red.8">
        {page.original.name}: foto tidak dapat dibaca. Hapus, lalu ambil ulang.
      </Text>
    );
  }
  if (!page.shrunk) {
    return (
      <Text size="xs" c="dimmed">
        {formatBytes(page.original.size)} · sedang diperkecil…
      </Text>
    );
  }
  return (
    <Text size="xs" c="dimmed">
      {sizeChange(page.original.size, page.shrunk.size)}
    </Text>
  );
}

/**
 * "Foto tugas": the student takes (camera) or picks (gallery) photos of the pages of their work.
 * Each photo is made lighter in the browser (long side 2,000 px, JPEG) one after another, shown with
 * its size before and after, and the pages can be put in order or removed. "Tambahkan" gives the
 * photos joined into one PDF in page order ("Gabung jadi satu PDF", on for two photos or more), or
 * the shrunk photos. Closing the dialog keeps the photos for later; "Tambahkan" empties it.
 */
export function PhotoToPdf({ onDone, disabled = false }: PhotoToPdfProps) {
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const [opened, setOpened] = useState(false);
  const [pages, setPages] = useState<PhotoPage[]>([]);
  /** The student's own choice of joining; null follows the default for the number of photos. */
  const [join, setJoin] = useState<boolean | null>(null);
  const [making, setMaking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  /** PDFs made here so far: the next one is "Foto tugas 2.pdf". */
  const [pdfCount, setPdfCount] = useState(0);
  const nextId = useRef(1);
  const queue = useRef<Promise<void>>(Promise.resolve());
  /** Pages removed (or handed over) while their photo was still being shrunk: their result is dropped. */
  const gone = useRef(new Set<number>());
  const urls = useRef(new Set<string>());
  const resetCamera = useRef<() => void>(null);
  const resetGallery = useRef<() => void>(null);
  const mounted = useRef(true);

  // Leaving the page frees the thumbnails (and a photo still being shrunk makes none).
  useEffect(() => {
    const held = urls.current;
    mounted.current = true;
    return () => {
      mounted.current = false;
      for (const url of held) URL.revokeObjectURL(url);
      held.clear();
    };
  }, []);

  const release = (page: PhotoPage) => {
    gone.current.add(page.id);
    if (page.url) {
      URL.revokeObjectURL(page.url);
      urls.current.delete(page.url);
    }
  };

  const shrinkOne = async (page: PhotoPage) => {
    if (gone.current.has(page.id) || !mounted.current) return;
    let update: Partial<PhotoPage>;
    try {
      const shrunk = await compressPhoto(page.original);
      if (gone.current.has(page.id) || !mounted.current) return;
      const url = URL.createObjectURL(shrunk);
      urls.current.add(url);
      update = { shrunk, url };
    } catch {
      update = { failed: true };
    }
    setPages((was) => was.map((p) => (p.id === page.id ? { ...p, ...update } : p)));
  };

  // One photo at a time: a phone has little memory for several 12-megapixel pictures at once.
  const add = (files: File[]) => {
    resetCamera.current?.();
    resetGallery.current?.();
    if (files.length === 0) return;
    const fresh = files.map((original) => ({ id: nextId.current++, original }));
    setPages((was) => [...was, ...fresh]);
    setProblem(null);
    for (const page of fresh) queue.current = queue.current.then(() => shrinkOne(page));
  };

  const move = (from: number, to: number) => setPages((was) => movePage(was, from, to));

  const remove = (page: PhotoPage) => {
    release(page);
    setPages((was) => withoutPage(was, page.id));
    setProblem(null);
  };

  const shrinking = pages.some((p) => !p.shrunk && !p.failed);
  const unreadable = pages.some((p) => p.failed);
  const joined = join ?? joinByDefault(pages.length);
  const nextPdfName = photoPdfName(pdfCount + 1);
  const before = pages.reduce((n, p) => n + p.original.size, 0);
  const after = pages.reduce((n, p) => n + (p.shrunk?.size ?? 0), 0);

  const finish = async () => {
    const photos = pages.flatMap((p) => (p.shrunk ? [p.shrunk] : []));
    if (photos.length === 0 || shrinking || unreadable) return;
    let files = photos;
    if (joined) {
      setMaking(true);
      setProblem(null);
      try {
        files = [await joinPhotos(photos, nextPdfName)];
        setPdfCount((n) => n + 1);
      } catch {
        setProblem(PDF_FAILED);
        return;
      } finally {
        setMaking(false);
      }
    }
    onDone(files);
    for (const p of pages) release(p);
    setPages([]);
    setJoin(null);
    setOpened(false);
  };

  return (
    <>
      <Button variant="default" leftSection={<IconCamera size={16} aria-hidden />} onClick={() => setOpened(true)} disabled={disabled}>
        Foto tugas
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title="Foto tugas"
        size="lg"
        fullScreen={phone}
        closeOnClickOutside={false}
        closeOnEscape={!making}
        withCloseButton={!making}
      >
        <Stack>
          <Text size="sm" c="dimmed">
            Foto setiap halaman tugasmu dengan terang dan lurus. Foto diperkecil dulu agar hemat kuota, tulisan tetap terbaca.
          </Text>
          <Group grow={phone} gap="sm">
            <FileButton onChange={(f) => add(f ? [f] : [])} accept="image/*" capture="environment" resetRef={resetCamera} disabled={making}>
              {(props) => (
                <Button {...props} leftSection={<IconCamera size={16} aria-hidden />} disabled={making}>
                  Ambil foto
                </Button>
              )}
            </FileButton>
            <FileButton onChange={add} accept="image/*" multiple resetRef={resetGallery} disabled={making}>
              {(props) => (
                <Button {...props} variant="default" leftSection={<IconPhoto size={16} aria-hidden />} disabled={making}>
                  Pilih dari galeri
                </Button>
              )}
            </FileButton>
          </Group>

          {pages.length === 0 ? (
            <Text size="sm" ta="center" py="lg" c="dimmed">
              Belum ada foto. Ambil foto halaman pertama, atau pilih beberapa foto sekaligus dari galeri.
            </Text>
          ) : (
            <Stack gap="xs" component="ol" aria-label="Halaman foto" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {pages.map((page, i) => {
                const label = pageLabel(i);
                return (
                  <Group key={page.id} component="li" gap="sm" wrap="nowrap" aria-label={label}>
                    <Thumb page={page} />
                    <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                      <Text size="sm" fw={600}>
                        {label}
                      </Text>
                      <PageState page={page} />
                    </Stack>
                    <Group gap={2} wrap="nowrap" style={{ flexShrink: 0 }}>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        size="lg"
                        aria-label={`Naikkan ${label}`}
                        disabled={i === 0 || making}
                        onClick={() => move(i, i - 1)}
                      >
                        <IconArrowUp size={18} aria-hidden />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        size="lg"
                        aria-label={`Turunkan ${label}`}
                        disabled={i === pages.length - 1 || making}
                        onClick={() => move(i, i + 1)}
                      >
                        <IconArrowDown size={18} aria-hidden />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="lg"
                        aria-label={`Hapus ${label}`}
                        disabled={making}
                        onClick={() => remove(page)}
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Group>
                  </Group>
                );
              })}
            </Stack>
          )}

          {pages.length > 0 && (
            <>
              <Text size="xs" c="dimmed">
                {pages.length} foto · {shrinking ? formatBytes(before) : `${sizeChange(before, after)} setelah diperkecil`}
              </Text>
              <Switch
                checked={joined}
                onChange={(e) => setJoin(e.currentTarget.checked)}
                disabled={making}
                label="Gabung jadi satu PDF"
                description={
                  joined
                    ? `Semua foto menjadi satu file, ${nextPdfName}, berurutan mulai Halaman 1.`
                    : pages.length === 1
                      ? 'Foto dikirim sebagai gambar.'
                      : `${pages.length} foto dikirim sebagai gambar terpisah.`
                }
              />
            </>
          )}

          {unreadable && (
            <Text size="sm" c="red.8" role="alert">
              Hapus foto yang tidak dapat dibaca sebelum menambahkan.
            </Text>
          )}
          {problem && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}

          <Group justify="flex-end">
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => void finish()}
              loading={making}
              disabled={pages.length === 0 || shrinking || unreadable}
              fullWidth={phone}
            >
              Tambahkan
            </Button>
          </Group>
          {shrinking && (
            <Text size="xs" c="dimmed" ta="right" role="status">
              Tunggu sebentar, foto sedang diperkecil…
            </Text>
          )}
        </Stack>
      </Modal>
    </>
  );
}
