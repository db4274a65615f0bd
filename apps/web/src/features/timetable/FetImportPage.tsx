import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { TIMETABLE_MSG } from '@kelasku/contract';
import { FileDropzone, type FileDropzoneProps } from '../../components/FileDropzone';
import { errorMessage } from '../../lib/toast';
import { FetNotes, FetResultCard, FetSummary, FetTeacherList } from './FetParts';
import { useFetImportPage, type FetPage } from './useFetImportPage';

const FET_MAX_BYTES = 10 * 1024 * 1024;

/** One of the form's files under its title, at most 10 MB. */
function FetFile({ title, ...props }: { title: string } & Omit<FileDropzoneProps, 'maxBytes' | 'tooLargeMessage'>) {
  return (
    <>
      <Text fw={600} size="sm">
        {title}
      </Text>
      <FileDropzone {...props} maxBytes={FET_MAX_BYTES} tooLargeMessage={TIMETABLE_MSG.fetTooLarge} />
    </>
  );
}

function FilesCard({ page }: { page: FetPage }) {
  const busy = page.preview.isPending;
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Text>
          Unggah berkas .fet dari FET: hari, jam, guru, mata pelajaran, rombel dan aktivitasnya menjadi mata pelajaran, rombel dan tugas
          mengajar semester aktif. Jadwal yang dibuat FET (ekspor CSV dari FET atau fet-cl) mengisi jadwal pelajarannya.
        </Text>
        <FetFile
          title="Berkas FET (.fet)"
          file={page.fet}
          onChange={page.chooseFet}
          label="Berkas FET"
          hint="Berkas .fet, maksimal 10 MB"
          error={page.fileError}
          onError={page.setFileError}
          disabled={busy}
        />
        <FetFile
          title="Jadwal dari FET (CSV, boleh dikosongkan)"
          file={page.csv}
          onChange={page.chooseCsv}
          label="Jadwal dari FET (CSV)"
          hint="Boleh dikosongkan: berkas *_activities.csv atau *_timetable.csv hasil FET"
          error={page.csvError}
          onError={page.setCsvError}
          disabled={busy}
        />
      </Stack>
    </Card>
  );
}

function PreviewCard({ page }: { page: FetPage }) {
  const preview = page.preview.data;
  if (!preview) return null;
  return (
    <Card withBorder>
      <Stack>
        <Title order={3}>Pratinjau</Title>
        <FetSummary preview={preview} />
        <FetNotes preview={preview} />
        <Title order={4}>Guru</Title>
        <Text size="sm" c="gray.7">
          Pilih akun guru yang sudah ada untuk tiap nama di FET, atau biarkan &quot;Buat akun baru&quot;: akunnya dibuat dengan slip
          password awal.
        </Text>
        <FetTeacherList page={page} preview={preview} />
        <Group justify="flex-end">
          <Button leftSection={<IconUpload size={16} />} disabled={!page.canImport} loading={page.run.isPending} onClick={page.start}>
            {page.newAccounts > 0 ? `Impor (${page.newAccounts} akun guru baru)` : 'Impor'}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** /school/fet-import — a FET file (and its timetable) into the active semester (issue 37). */
export default function FetImportPage() {
  const page = useFetImportPage();
  return (
    <Stack maw={1100}>
      <Title order={2}>Impor dari FET</Title>
      {page.run.data ? (
        <FetResultCard result={page.run.data} onAgain={page.again} />
      ) : (
        <>
          <FilesCard page={page} />
          {page.preview.isPending && <Text>Membaca berkas…</Text>}
          {page.preview.isError && (
            <Alert color="red" title="Berkas tidak dapat dibaca">
              {errorMessage(page.preview.error)}
            </Alert>
          )}
          {page.run.isPending && <Text>Mengimpor… Ini bisa memakan waktu beberapa detik.</Text>}
          <PreviewCard page={page} />
        </>
      )}
    </Stack>
  );
}
