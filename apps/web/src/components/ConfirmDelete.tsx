import { modals } from '@mantine/modals';
import { Text } from '@mantine/core';

/** A confirmation dialog before anything is deleted. */
export function confirmDelete(opts: { title?: string; message: string; onConfirm: () => void }) {
  modals.openConfirmModal({
    title: opts.title ?? 'Hapus data',
    children: <Text size="sm">{opts.message}</Text>,
    labels: { confirm: 'Hapus', cancel: 'Batal' },
    confirmProps: { color: 'red' },
    onConfirm: opts.onConfirm,
  });
}
