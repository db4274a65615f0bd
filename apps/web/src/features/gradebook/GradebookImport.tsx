import { useState } from 'react';
import { Alert, Button, FileInput, Group, List, Modal, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconUpload } from '@tabler/icons-react';
import { QUICK_MSG, TOAST_MS, type GradebookImportPreview } from '@kelasku/contract';
import { useGradebookImport } from '../../api/quick-grading';
import { errorMessage, toastSuccess } from '../../lib/toast';

const score = (n: number | null) => (n === null ? '–' : String(n));

/** What applying the file would change, the cells refused (nothing applies while there is one) and the notes. */
export function ImportPreview({ preview }: { preview: GradebookImportPreview }) {
  return (
    <Stack gap="sm">
      {preview.errors.length > 0 && (
        <Alert color="red" title={`${preview.errors.length} kesalahan — perbaiki berkasnya lalu unggah lagi`} role="alert">
          <List size="sm" spacing={2} aria-label="Kesalahan di berkas">
            {preview.errors.map((e, i) => (
              <List.Item key={i}>
                {e.cell ? <strong>{e.cell}: </strong> : e.row !== null ? <strong>Baris {e.row}: </strong> : null}
                {e.message}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      {preview.warnings.length > 0 && (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title="Catatan">
          <List size="sm" spacing={2} aria-label="Catatan impor">
            {preview.warnings.map((w, i) => (
              <List.Item key={i}>{w}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {preview.changes.length === 0 ? (
        preview.errors.length === 0 && <Text size="sm">{QUICK_MSG.importNothing}</Text>
      ) : (
        <Table withTableBorder striped aria-label="Nilai yang berubah">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Sel</Table.Th>
              <Table.Th>Siswa</Table.Th>
              <Table.Th>Tugas</Table.Th>
              <Table.Th>Nilai</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.changes.map((c) => (
              <Table.Tr key={c.cell}>
                <Table.Td ff="monospace">{c.cell}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{c.student.name}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{c.assignment.title}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {score(c.before)} → <strong>{c.after}</strong>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/** "Impor nilai dari Excel": the gradebook XLSX edited in Excel, previewed, then applied in one go. */
export function GradebookImportButton({ classId, disabled }: { classId: number; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<GradebookImportPreview | null>(null);
  const upload = useGradebookImport(classId);
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const close = () => {
    setOpen(false);
    setFile(null);
    setPreview(null);
    upload.reset();
  };
  const read = (f: File | null) => {
    setFile(f);
    setPreview(null);
    upload.reset();
    if (f) upload.mutate({ file: f, apply: false }, { onSuccess: setPreview });
  };
  const apply = () => {
    if (!file) return;
    upload.mutate(
      { file, apply: true },
      {
        onSuccess: (res) => {
          toastSuccess(QUICK_MSG.importApplied(res.changes.length), TOAST_MS.long);
          close();
        },
      },
    );
  };
  const n = preview?.changes.length ?? 0;
  const canApply = preview !== null && preview.errors.length === 0 && n > 0;
  return (
    <>
      <Button variant="default" leftSection={<IconUpload size={16} />} onClick={() => setOpen(true)} disabled={disabled}>
        Impor nilai dari Excel
      </Button>
      <Modal opened={open} onClose={close} title="Impor nilai dari Excel" size="xl" fullScreen={phone}>
        <Stack>
          <Text size="sm">
            Unduh XLSX buku nilai, ubah nilainya di Excel, lalu unggah di sini. Kelasku menampilkan setiap sel yang berubah sebelum nilainya
            disimpan.
          </Text>
          <FileInput
            label="Berkas buku nilai (.xlsx)"
            placeholder="Pilih berkas"
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            value={file}
            onChange={read}
            clearable
            clearButtonProps={{ 'aria-label': 'Kosongkan berkas' }}
          />
          {upload.isPending && !preview && <Text size="sm">Membaca berkas…</Text>}
          {upload.isError && (
            <Alert color="red" role="alert">
              {errorMessage(upload.error)}
            </Alert>
          )}
          {preview && <ImportPreview preview={preview} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Batal
            </Button>
            <Button onClick={apply} disabled={!canApply} loading={upload.isPending && preview !== null}>
              {`Terapkan ${n} perubahan`}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
