import { useState } from 'react';
import { Alert, Button, Card, FileButton, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { ERAPOR_MSG, type EraporFillResult } from '@kelasku/contract';
import { useFillErapor } from '../../api/report-grades';
import { errorMessage } from '../../lib/toast';

const TEMPLATE_NAMES: Record<EraporFillResult['template'], string> = {
  sumatif_lingkup_materi: 'Sumatif Lingkup Materi',
  sumatif_akhir_semester: 'Sumatif Akhir Semester',
  nilai_akhir: 'Nilai Akhir',
};

function FillResult({ r }: { r: EraporFillResult }) {
  return (
    <Stack gap="xs" role="status" aria-label="Hasil pengisian template">
      <Text size="sm" fw={600}>
        Template {TEMPLATE_NAMES[r.template]}: {ERAPOR_MSG.filled(r.filled)}
      </Text>
      {r.objectives_matched_by && (
        <Text size="xs" c="dimmed">
          TP dicocokkan {r.objectives_matched_by === 'id' ? 'berdasarkan ID TP e-Rapor' : 'berdasarkan urutan'}.
        </Text>
      )}
      {r.unmatched.length > 0 && (
        <Alert color="yellow" title="Baris yang tidak cocok (dibiarkan kosong)">
          <List size="sm">
            {r.unmatched.map((u) => (
              <List.Item key={u.row}>{ERAPOR_MSG.nisnUnknown(u.row, u.name, u.nisn)}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {r.missing_from_file.length > 0 && (
        <Alert color="yellow" title="Siswa kelas ini yang tidak ada di template">
          <List size="sm">
            {r.missing_from_file.map((m) => (
              <List.Item key={m.id}>
                {m.name} (NISN {m.nisn ?? '-'})
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      {r.warnings.length > 0 && (
        <List size="sm" c="orange.8">
          {r.warnings.map((w) => (
            <List.Item key={w}>{w}</List.Item>
          ))}
        </List>
      )}
      <Group>
        <Button component="a" href={r.download_url} download={r.file_name} leftSection={<IconDownload size={16} />}>
          Unduh hasil ({r.file_name})
        </Button>
      </Group>
    </Stack>
  );
}

/** "Isi template e-Rapor": the teacher uploads the empty template e-Rapor gave them and downloads it filled in. */
export function EraporPanel({ classId }: { classId: number }) {
  const fill = useFillErapor(classId);
  const [result, setResult] = useState<EraporFillResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const choose = (file: File | null) => {
    if (!file) return;
    setResult(null);
    setError(null);
    fill.mutate(file, { onSuccess: (res) => setResult(res.data), onError: (err) => setError(errorMessage(err)) });
  };
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="isi-erapor">
      <Stack gap="sm">
        <Title order={3} size="h5" id="isi-erapor">
          Isi template e-Rapor
        </Title>
        <Text size="sm" c="dimmed">
          Unggah template kosong dari e-Rapor (sumatif lingkup materi, sumatif akhir semester atau nilai akhir). Kelasku mengisi nilainya
          tanpa mengubah susunan template, lalu unggah hasilnya ke e-Rapor.
        </Text>
        <Group>
          <FileButton onChange={choose} accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet">
            {(props) => (
              <Button {...props} variant="light" leftSection={<IconUpload size={16} />} loading={fill.isPending}>
                Isi template e-Rapor
              </Button>
            )}
          </FileButton>
        </Group>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {result && <FillResult r={result} />}
      </Stack>
    </Card>
  );
}
