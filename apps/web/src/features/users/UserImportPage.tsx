import { useState } from 'react';
import { Alert, Button, Card, Group, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { IMPORT_LIMITS, IMPORT_MSG, type ImportJob, type ImportPreview, type ImportRow } from '@kelasku/contract';
import { downloadFile } from '../../api/download';
import { templatePath, useImportJob, usePreviewImport, useStartImport } from '../../api/imports';
import { SlipButtons } from '../../components/SlipButtons';
import { FileDropzone } from '../../components/FileDropzone';
import { ActionBadge, ImportPreviewRows, PreviewReading, PreviewTable, RowErrors } from '../../components/ImportPreview';
import { errorMessage, toastError } from '../../lib/toast';
import { DetailHeader } from '../../components/AdminParts';
import { importButtonLabel, parentsSummary } from './import-parents';

const ROLE = { student: 'Siswa', teacher: 'Guru' } as const;

/** What a row's last column says: the changed columns, or each error with its column; then its warnings (a parent left out). */
function rowNote(r: ImportRow) {
  if (r.errors.length) return <RowErrors errors={r.errors.map((e) => `Kolom ${e.column}: ${e.message}`)} />;
  const warnings = r.warnings ?? [];
  return (
    <>
      {r.changes.length > 0 && <Text size="sm">Berubah: {r.changes.join(', ')}</Text>}
      {warnings.map((w) => (
        <Text key={`${w.column}-${w.message}`} size="sm" c="orange.9">
          {`Kolom ${w.column}: ${w.message}`}
        </Text>
      ))}
    </>
  );
}

/** How many parent accounts the file creates and links (issue 40), under the preview's rows. */
function ParentsNote({ preview }: { preview: ImportPreview }) {
  const note = parentsSummary(preview.parents);
  if (!note) return null;
  return (
    <Alert color="blue" title="Orang tua/wali">
      <Text size="sm">{note.text}</Text>
      {note.skipped && (
        <Text size="sm" c="orange.9">
          {note.skipped}
        </Text>
      )}
    </Alert>
  );
}

function UserPreview({ preview }: { preview: ImportPreview }) {
  return (
    <ImportPreviewRows totals={preview.summary} rows={preview.rows}>
      {(rows) => (
        <PreviewTable
          label="Pratinjau impor"
          columns={['Baris', 'Nama', 'Peran', 'Username', 'Hasil', 'Keterangan']}
          // Scrolled sideways at 390 px: reachable by keyboard (axe's scrollable-region-focusable).
          scroll={{ minWidth: 640, type: 'native', tabIndex: 0 }}
        >
          {rows.map((r) => (
            <Table.Tr key={r.line}>
              <Table.Td>{r.line}</Table.Td>
              <Table.Td>{r.name || '-'}</Table.Td>
              <Table.Td>{ROLE[r.role]}</Table.Td>
              <Table.Td>{r.username ?? '-'}</Table.Td>
              <Table.Td>
                <ActionBadge action={r.action} />
              </Table.Td>
              <Table.Td>{rowNote(r)}</Table.Td>
            </Table.Tr>
          ))}
        </PreviewTable>
      )}
    </ImportPreviewRows>
  );
}

/** The running import: a progress bar, then the slips (downloadable again until first sign-in or 7 days). */
function ImportProgress({ id }: { id: number }) {
  const job = useImportJob(id);
  const j: ImportJob | undefined = job.data;
  if (!j) return <Progress value={0} aria-label="Progres impor" />;
  const percent = j.total ? Math.round((j.done / j.total) * 100) : 100;
  return (
    <Card withBorder>
      <Stack>
        {j.resumed_at && j.status !== 'failed' && (
          <Alert color="yellow" title="Impor dimulai ulang">
            {IMPORT_MSG.resumed}
          </Alert>
        )}
        {j.status === 'failed' ? (
          <Alert color="red" title="Impor gagal">
            {j.error}
          </Alert>
        ) : j.status === 'done' ? (
          <Alert color="teal" title="Impor selesai">
            {`${j.summary.create} user baru dibuat dan ${j.summary.update} user diperbarui.`}
          </Alert>
        ) : (
          <>
            <Text>{j.status === 'queued' ? 'Menunggu giliran…' : `Menyimpan ${j.done} dari ${j.total} baris…`}</Text>
            <Text size="sm" c="gray.7">
              {IMPORT_MSG.started}
            </Text>
          </>
        )}
        <Progress value={j.status === 'done' ? 100 : percent} aria-label="Progres impor" color={j.status === 'failed' ? 'red' : 'teal'} />
        {j.status === 'done' && (j.summary.create > 0 || j.slips.count > 0) && (
          <Stack gap="xs">
            <Text fw={600}>Slip akun untuk dibagikan</Text>
            <SlipButtons importId={id} />
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

/**
 * /resources/users/import — users from Dapodik or Excel: the template, a preview of every row,
 * then the import (a background job) with its progress and the sign-in slips.
 */
export default function UserImportPage() {
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const preview = usePreviewImport();
  const start = useStartImport();
  const [jobId, setJobId] = useState<number | null>(null);

  const choose = (f: File | null) => {
    setFile(f);
    preview.reset();
    if (f) preview.mutate(f);
  };
  const s = preview.data?.summary;
  const writes = s ? s.create + s.update : 0;
  // Students all unchanged, yet parents to create or link: the file still has something to import.
  const parentLinks = preview.data?.parents?.links ?? 0;

  return (
    <Stack maw={1100}>
      <DetailHeader title="Impor User" list="/resources/users" />
      {jobId !== null ? (
        <ImportProgress id={jobId} />
      ) : (
        <>
          <Card withBorder>
            <Stack gap="sm">
              <Text>
                Unggah data siswa atau guru dari Dapodik atau Excel (XLSX atau CSV). Kolom dikenali dari judulnya, misalnya Nama, NIS/NIPD,
                NISN, JK, Tanggal Lahir, Agama, Rombel, Username, Peran (Siswa/Guru), NIP.
              </Text>
              <Text size="sm" c="gray.7">
                Data Ayah, Data Ibu, dan Data Wali dari Dapodik (atau kolom Nama Ayah, HP Ayah, Nama Ibu, HP Ibu, Nama Wali, HP Wali di
                template) menjadi akun orang tua yang terhubung ke siswa. Orang tua dengan NIK yang sama, misalnya kakak-adik, memakai satu
                akun. Dapodik tidak memuat nomor HP orang tua, jadi ayah dan ibu diberi nomor Telepon rumah siswa bila ada.
              </Text>
              <Text size="sm" c="gray.7">
                User yang sudah ada dikenali dari username, atau dari NIS/NIP bila username kosong, sehingga file yang sama aman diimpor
                lagi. Username dan password yang kosong dibuat otomatis; user itu harus mengganti password saat pertama masuk.
              </Text>
              <Group>
                <Button
                  variant="default"
                  leftSection={<IconDownload size={16} />}
                  onClick={() => void downloadFile(templatePath, 'template-impor-user.xlsx').catch((err) => toastError(errorMessage(err)))}
                >
                  Unduh template
                </Button>
              </Group>
              <FileDropzone
                file={file}
                onChange={choose}
                maxBytes={IMPORT_LIMITS.bytes}
                tooLargeMessage={IMPORT_MSG.tooLarge}
                label="File impor"
                hint={`XLSX atau CSV, maksimal ${IMPORT_LIMITS.rows.toLocaleString('id-ID')} baris`}
                error={fileError}
                onError={setFileError}
                disabled={preview.isPending}
              />
            </Stack>
          </Card>
          <PreviewReading preview={preview} />
          {preview.data && (
            <Card withBorder>
              <Stack>
                <Title order={3}>Pratinjau</Title>
                <UserPreview key={file?.name} preview={preview.data} />
                <ParentsNote preview={preview.data} />
                {s!.error > 0 && <Alert color="red">{IMPORT_MSG.hasErrors}</Alert>}
                {s!.error === 0 && writes + parentLinks === 0 && <Alert color="gray">{IMPORT_MSG.nothingToDo}</Alert>}
                <Group justify="flex-end">
                  <Button
                    leftSection={<IconUpload size={16} />}
                    disabled={!file || s!.error > 0 || writes + parentLinks === 0}
                    loading={start.isPending}
                    onClick={() =>
                      file &&
                      start.mutate(file, {
                        onSuccess: (job) => setJobId(job.id),
                        onError: (err) => toastError(errorMessage(err)),
                      })
                    }
                  >
                    {importButtonLabel(writes, preview.data.parents)}
                  </Button>
                </Group>
              </Stack>
            </Card>
          )}
        </>
      )}
    </Stack>
  );
}
