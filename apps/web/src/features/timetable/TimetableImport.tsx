import { useState } from 'react';
import { Alert, Badge, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { IMPORT_LIMITS, IMPORT_MSG } from '@kelasku/contract';
import { usePreviewTimetableImport, useTimetableImport } from '../../api/timetable';
import { FileDropzone } from '../../components/FileDropzone';
import { PreviewReading, PreviewTable, RowErrors } from '../../components/ImportPreview';
import { usePhone } from '../../lib/use-phone';
import { errorMessage, toastError, toastSuccess } from '../../lib/toast';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** "Impor XLSX": a file of Hari, Jam ke, Rombel, Kode Mapel → a preview of every row → the import (all or nothing). */
export function TimetableImport({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const phone = usePhone();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const preview = usePreviewTimetableImport();
  const run = useTimetableImport();
  const choose = (f: File | null) => {
    setFile(f);
    preview.reset();
    if (f) preview.mutate(f);
  };
  const close = () => {
    choose(null);
    onClose();
  };
  const totals = preview.data?.totals;
  return (
    <Modal opened={opened} onClose={close} title="Impor jadwal dari XLSX" size="xl" fullScreen={phone}>
      <Stack>
        <Text size="sm">
          Satu baris untuk satu jam pelajaran, dengan kolom Hari, Jam ke, Rombel dan Kode Mapel. Rombel dan mata pelajaran harus sudah punya
          tugas mengajar di semester aktif.
        </Text>
        <FileDropzone
          file={file}
          onChange={choose}
          maxBytes={IMPORT_LIMITS.bytes}
          tooLargeMessage={IMPORT_MSG.tooLarge}
          label="File jadwal"
          hint="XLSX"
          accept={[XLSX]}
          error={fileError}
          onError={setFileError}
          disabled={preview.isPending}
        />
        <PreviewReading preview={preview} />
        {preview.data && totals && (
          <>
            <Group gap="xs" role="group" aria-label="Ringkasan pratinjau">
              <Badge color="teal" variant="light">{`${totals.slots} jadwal`}</Badge>
              <Badge color="red" variant="light">{`${totals.error} salah`}</Badge>
            </Group>
            <PreviewTable
              label="Pratinjau impor jadwal"
              columns={['Baris', 'Jadwal', 'Keterangan']}
              scroll={{ minWidth: 480, type: 'native' }}
            >
              {preview.data.rows.map((r) => (
                <Table.Tr key={r.row}>
                  <Table.Td>{r.row}</Table.Td>
                  <Table.Td>{r.summary}</Table.Td>
                  <Table.Td>
                    <RowErrors errors={r.errors} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </PreviewTable>
            {totals.error > 0 && <Alert color="red">{IMPORT_MSG.hasErrors}</Alert>}
            <Group justify="flex-end">
              <Button
                leftSection={<IconUpload size={16} />}
                disabled={!file || totals.error > 0 || totals.slots === 0}
                loading={run.isPending}
                onClick={() =>
                  file &&
                  run.mutate(file, {
                    onSuccess: (res) => {
                      toastSuccess(res.message ?? `${res.data.slots} jadwal diimpor`);
                      close();
                    },
                    onError: (err) => toastError(errorMessage(err)),
                  })
                }
              >
                {`Impor ${totals.slots} jadwal`}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
