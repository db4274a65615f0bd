import { useState } from 'react';
import { Anchor, Badge, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { IMPORT_LIMITS, IMPORT_MSG, TOAST_MS, TP_MSG } from '@kelasku/contract';
import { downloadFile } from '../../api/download';
import { FileDropzone } from '../../components/FileDropzone';
import { PreviewReading, PreviewTable } from '../../components/ImportPreview';
import { usePhone } from '../../lib/use-phone';
import { errorMessage, toastError, toastSuccess } from '../../lib/toast';
import { templatePath, useImportObjectives, type ObjectivesRole, type ObjectivesScope } from './api';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** "Impor dari Excel": Kelasku's sheet or e-Rapor's TP template → what would change (nothing written) → "Simpan". */
export function ObjectiveImport({
  role,
  scope,
  label,
  opened,
  onClose,
}: {
  role: ObjectivesRole;
  scope: ObjectivesScope;
  /** "Matematika kelas 10". */
  label: string;
  opened: boolean;
  onClose: () => void;
}) {
  const phone = usePhone();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const preview = useImportObjectives(role, scope);
  const run = useImportObjectives(role, scope);
  const choose = (f: File | null) => {
    setFile(f);
    preview.reset();
    if (f) preview.mutate({ file: f, dryRun: true });
  };
  const close = () => {
    choose(null);
    onClose();
  };
  const save = () =>
    file &&
    run.mutateAsync({ file, dryRun: false }).then(
      (res) => {
        toastSuccess(res.message ?? TP_MSG.imported(res.data.created.length, res.data.updated.length), TOAST_MS.long);
        close();
      },
      (err: unknown) => toastError(errorMessage(err), TOAST_MS.long),
    );
  const r = preview.data?.data;
  const changes = r ? r.created.length + r.updated.length : 0;

  return (
    <Modal opened={opened} onClose={close} title={`Impor TP ${label}`} size="xl" fullScreen={phone}>
      <Stack>
        <Text size="sm">
          Satu baris untuk satu TP dengan kolom Kode dan Tujuan Pembelajaran, atau template TP dari e-Rapor. Kode yang sudah ada diperbarui
          deskripsinya; yang baru ditambahkan di akhir.
        </Text>
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() =>
            void downloadFile(templatePath(role), 'template-tujuan-pembelajaran.xlsx').catch((e) => toastError(errorMessage(e)))
          }
        >
          <Group gap={4} component="span">
            <IconDownload size={14} aria-hidden /> Unduh template kosong
          </Group>
        </Anchor>
        <FileDropzone
          file={file}
          onChange={choose}
          maxBytes={IMPORT_LIMITS.bytes}
          tooLargeMessage={IMPORT_MSG.tooLarge}
          label="File TP"
          hint="XLSX"
          accept={[XLSX]}
          error={fileError}
          onError={setFileError}
          disabled={preview.isPending || run.isPending}
        />
        <PreviewReading preview={preview} />
        {r && (
          <>
            <Group gap="xs" role="group" aria-label="Ringkasan pratinjau">
              <Badge color="teal" variant="light">{`${r.created.length} baru`}</Badge>
              <Badge color="blue" variant="light">{`${r.updated.length} diperbarui`}</Badge>
              <Badge color="red" variant="light">{`${r.skipped.length} dilewati`}</Badge>
              {r.format === 'erapor' && <Badge variant="outline">Template e-Rapor</Badge>}
            </Group>
            <PreviewTable
              label="Pratinjau impor TP"
              columns={['Kode / baris', 'Tujuan pembelajaran', 'Hasil']}
              scroll={{ minWidth: 420, type: 'native' }}
            >
              {r.created.map((c) => (
                <Table.Tr key={`c-${c.code}`}>
                  <Table.Td>{c.code}</Table.Td>
                  <Table.Td>{c.description}</Table.Td>
                  <Table.Td>
                    <Badge color="teal" variant="light">
                      Baru
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
              {r.updated.map((u) => (
                <Table.Tr key={`u-${u.code}`}>
                  <Table.Td>{u.code}</Table.Td>
                  <Table.Td>
                    {u.description}
                    <Text size="xs" c="dimmed">{`Sebelumnya: ${u.before}`}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge color="blue" variant="light">
                      Diperbarui
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
              {r.skipped.map((s) => (
                <Table.Tr key={`s-${s.row}`}>
                  <Table.Td>{`Baris ${s.row}`}</Table.Td>
                  <Table.Td c="red.8">{s.message}</Table.Td>
                  <Table.Td>
                    <Badge color="red" variant="light">
                      Dilewati
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </PreviewTable>
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Batal
          </Button>
          <Button onClick={() => void save()} disabled={!r || changes === 0} loading={run.isPending}>
            Simpan
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
