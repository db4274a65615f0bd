import { Button, Group, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { useImportJob, useTakeSlips } from '../../api/imports';
import { errorMessage, toastError } from '../../lib/toast';

/**
 * The sign-in slips of an import or a password reset: a PDF to print and an Excel file, each
 * downloadable once (the server then forgets the first passwords). What is left comes from the server.
 */
export function SlipButtons({ importId }: { importId: number }) {
  const job = useImportJob(importId);
  const take = useTakeSlips(importId);
  const slips = job.data?.slips;
  if (!slips) return null;
  const download = (format: 'pdf' | 'xlsx') => take.mutate(format, { onError: (err) => toastError(errorMessage(err)) });
  return (
    <Stack gap="xs">
      <Text size="sm" c="gray.7">
        Berisi username dan password awal. Masing-masing hanya dapat diunduh sekali; setelah itu password awal tidak disimpan lagi.
      </Text>
      <Group>
        <Button leftSection={<IconDownload size={16} />} onClick={() => download('pdf')} disabled={!slips.pdf}>
          {slips.pdf ? 'Unduh slip PDF (untuk dicetak)' : 'Slip PDF sudah diunduh'}
        </Button>
        <Button variant="default" leftSection={<IconFileSpreadsheet size={16} />} onClick={() => download('xlsx')} disabled={!slips.xlsx}>
          {slips.xlsx ? 'Unduh slip Excel' : 'Slip Excel sudah diunduh'}
        </Button>
      </Group>
    </Stack>
  );
}
