import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { IMPORT_MSG } from '@kelasku/contract';
import { useImportJob, useTakeSlips } from '../api/imports';
import { formatDateTimeWib } from '../lib/format';
import { errorMessage, toastError } from '../lib/toast';

/** The two downloads of an import's sign-in slips: a PDF to print and an Excel file. */
export function SlipDownloads({ importId }: { importId: number }) {
  const take = useTakeSlips(importId);
  const download = (format: 'pdf' | 'xlsx') => take.mutate(format, { onError: (err) => toastError(errorMessage(err)) });
  return (
    <Group>
      <Button leftSection={<IconDownload size={16} />} onClick={() => download('pdf')} loading={take.isPending && take.variables === 'pdf'}>
        Unduh slip PDF (untuk dicetak)
      </Button>
      <Button
        variant="default"
        leftSection={<IconFileSpreadsheet size={16} />}
        onClick={() => download('xlsx')}
        loading={take.isPending && take.variables === 'xlsx'}
      >
        Unduh slip Excel
      </Button>
    </Group>
  );
}

/**
 * The sign-in slips of an import or a password reset: a PDF to print and an Excel file, downloadable
 * again (only by the admin who made them) until each user's first sign-in or 7 days; then the server
 * erases the first passwords. What is left comes from the server.
 */
export function SlipButtons({ importId }: { importId: number }) {
  const job = useImportJob(importId);
  const slips = job.data?.slips;
  if (!slips) return null;
  if (slips.count === 0 || slips.until === null) {
    return (
      <Alert color="gray" title="Slip tidak tersedia lagi">
        {IMPORT_MSG.slipsGone}
      </Alert>
    );
  }
  return (
    <Stack gap="xs">
      <Text size="sm" c="gray.7">
        {`Berisi username dan password awal ${slips.count} user. Slip bisa diunduh lagi sampai siswa pertama kali masuk atau sampai ${formatDateTimeWib(slips.until)}; password awal yang sudah dipakai masuk tidak ikut lagi.`}
      </Text>
      <SlipDownloads importId={importId} />
    </Stack>
  );
}
