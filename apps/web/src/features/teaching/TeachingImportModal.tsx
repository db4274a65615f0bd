import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { IMPORT_LIMITS, IMPORT_MSG, TEACHING_MSG, type TeachingImportPreview } from '@kelasku/contract';
import { useTeachingImport, useTeachingImportPreview, type TeachingImportKind } from '../../api/teaching';
import { FileDropzone } from '../../components/FileDropzone';
import { ActionBadge, ImportPreviewRows, PreviewReading, PreviewTable, RowErrors } from '../../components/ImportPreview';
import { errorMessage, toastSuccess } from '../../lib/toast';
import { usePhone } from '../../lib/use-phone';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The preview of an import: totals, then each row with what it does or why it cannot. */
function TeachingPreview({ preview }: { preview: TeachingImportPreview }) {
  return (
    <ImportPreviewRows totals={preview.totals} rows={preview.rows}>
      {(rows) => (
        <PreviewTable label="Pratinjau impor" columns={['Baris', 'Isi', 'Hasil']} scroll={{ minWidth: 320, type: 'native', tabIndex: 0 }}>
          {rows.map((r) => (
            <Table.Tr key={r.row}>
              <Table.Td>{r.row}</Table.Td>
              <Table.Td>
                <Text size="sm">{r.summary || '-'}</Text>
                <RowErrors errors={r.errors} />
              </Table.Td>
              <Table.Td>
                <ActionBadge action={r.action} />
              </Table.Td>
            </Table.Tr>
          ))}
        </PreviewTable>
      )}
    </ImportPreviewRows>
  );
}

/**
 * "Impor XLSX" of subjects or teaching assignments: choose a file, read its preview (nothing is
 * written), then import every row — or none while one row is wrong.
 */
export function TeachingImportModal({
  kind,
  opened,
  onClose,
  hint,
}: {
  kind: TeachingImportKind;
  opened: boolean;
  onClose: () => void;
  /** What the file holds (its columns). */
  hint: string;
}) {
  const phone = usePhone();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const preview = useTeachingImportPreview(kind);
  const run = useTeachingImport(kind);

  const choose = (f: File | null) => {
    setFile(f);
    preview.reset();
    run.reset();
    if (f) preview.mutate(f);
  };
  const close = () => {
    choose(null);
    setFileError(null);
    onClose();
  };
  const t = preview.data?.totals;
  const writes = t ? t.create + t.update : 0;

  return (
    <Modal opened={opened} onClose={close} title="Impor XLSX" size="xl" fullScreen={phone}>
      <Stack>
        <Text size="sm">{hint}</Text>
        <FileDropzone
          file={file}
          onChange={choose}
          maxBytes={IMPORT_LIMITS.bytes}
          tooLargeMessage={IMPORT_MSG.tooLarge}
          label="File XLSX"
          hint={`XLSX, maksimal ${IMPORT_LIMITS.rows.toLocaleString('id-ID')} baris`}
          accept={[XLSX]}
          error={fileError}
          onError={setFileError}
          disabled={preview.isPending || run.isPending}
        />
        <PreviewReading preview={preview} />
        {preview.data && <TeachingPreview key={file?.name} preview={preview.data} />}
        {t && t.error > 0 && <Alert color="red">{IMPORT_MSG.hasErrors}</Alert>}
        {t && t.error === 0 && writes === 0 && <Alert color="gray">{IMPORT_MSG.nothingToDo}</Alert>}
        {run.isError && (
          <Alert color="red" title="Impor gagal">
            {errorMessage(run.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Batal
          </Button>
          <Button
            leftSection={<IconUpload size={16} />}
            disabled={!file || !t || t.error > 0 || writes === 0}
            loading={run.isPending}
            onClick={() =>
              file &&
              run.mutate(file, {
                onSuccess: (res) => {
                  toastSuccess(TEACHING_MSG.importDone(res.created + res.updated));
                  close();
                },
              })
            }
          >
            {writes > 0 ? `Impor ${writes} baris` : 'Impor'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
