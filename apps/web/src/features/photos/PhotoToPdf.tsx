import { ActionIcon, Alert, Button, FileButton, Group, Loader, Modal, Stack, Switch, Text, ThemeIcon } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconCamera, IconPhoto, IconPhotoOff, IconPlus, IconTrash } from '@tabler/icons-react';
import { formatBytes } from '../../components/FileDropzone';
import { pageLabel, sizeChange, type PhotoPage } from './pages';
import { usePhotoToPdf, type PhotoToPdfState } from './usePhotoToPdf';

const THUMB = 56;

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
  const photos = usePhotoToPdf(onDone);
  const { opened, setOpened, pages, setJoin, making, problem, resetCamera, resetGallery, add } = photos;
  const { shrinking, unreadable, joined, nextPdfName, before, after, finish } = photos;

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
              {pages.map((page, i) => (
                <PageRow key={page.id} page={page} index={i} state={photos} />
              ))}
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

/** One page in the list: its thumbnail, label and sizes, and the buttons to move it up, down or out. */
function PageRow({ page, index: i, state }: { page: PhotoPage; index: number; state: PhotoToPdfState }) {
  const { pages, making, move, remove } = state;
  const label = pageLabel(i);
  return (
    <Group component="li" gap="sm" wrap="nowrap" aria-label={label}>
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
        <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Hapus ${label}`} disabled={making} onClick={() => remove(page)}>
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Group>
    </Group>
  );
}
