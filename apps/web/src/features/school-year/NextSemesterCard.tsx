import { useState } from 'react';
import { Alert, Button, Checkbox, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle, IconEye } from '@tabler/icons-react';
import { SCHOOL_MSG, type NextSemesterBody, type NextSemesterPreview } from '@kelasku/contract';
import { useNextSemesterPreview, useStartNextSemester } from '../../api/school-year';
import { errorMessage, toastError, toastSuccess } from '../../lib/toast';
import { dateRange } from './parts';

function PreviewDetails({ preview, carry }: { preview: NextSemesterPreview; carry: boolean }) {
  return (
    <Paper withBorder p="md" aria-label="Pratinjau semester berikutnya">
      <Text fw={600}>
        {preview.from.label} → {preview.to.label}
      </Text>
      <Text size="sm" c="dimmed" mb="xs">
        {dateRange(preview.to)}
      </Text>
      <List spacing={4} size="sm">
        <List.Item>
          <b>{preview.archived_classes}</b> kelas {preview.from.label} diarsipkan (tetap bisa dibaca, nilainya tersimpan)
        </List.Item>
        {carry ? (
          <List.Item>
            Dibawa ke semester baru: <b>{preview.assignments}</b> tugas mengajar (masing-masing dengan kelas baru yang kosong),{' '}
            <b>{preview.homerooms}</b> wali kelas, <b>{preview.slots}</b> jadwal
          </List.Item>
        ) : (
          <List.Item>Tugas mengajar, wali kelas dan jadwal tidak dibawa</List.Item>
        )}
      </List>
      {preview.warnings.length > 0 && (
        <Alert color="yellow" variant="light" mt="sm" icon={<IconAlertTriangle size={18} />} title="Perhatian">
          <Stack gap={4}>
            {preview.warnings.map((w) => (
              <Text key={w} size="sm">
                {w}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
    </Paper>
  );
}

/** "Mulai semester berikutnya": preview what moves, then start it after a confirmation. */
export function NextSemesterCard() {
  const [carry, setCarry] = useState(true);
  const preview = useNextSemesterPreview();
  const start = useStartNextSemester();
  const body: NextSemesterBody = { carry_over: carry };
  const shown = preview.data?.data ?? null;

  const confirmStart = (p: NextSemesterPreview) =>
    modals.openConfirmModal({
      title: `Mulai ${p.to.label}?`,
      children: (
        <Text size="sm">
          {p.to.label} menjadi semester aktif dan {p.archived_classes} kelas {p.from.label} diarsipkan. Langkah ini tidak dapat dibatalkan.
        </Text>
      ),
      labels: { confirm: `Mulai ${p.to.label}`, cancel: 'Batal' },
      onConfirm: () =>
        start.mutate(body, {
          onSuccess: (res) => {
            toastSuccess(res.message ?? SCHOOL_MSG.nextSemesterStarted(res.data.semester.label), 5000);
            preview.reset();
          },
          onError: (err) => toastError(errorMessage(err)),
        }),
    });

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="next-semester-title">
      <Stack gap="sm">
        <Title order={3} size="h4" id="next-semester-title">
          Mulai semester berikutnya
        </Title>
        <Text size="sm">
          Kelas semester aktif diarsipkan: guru tetap bisa membacanya beserta nilainya. Lihat dulu pratinjaunya sebelum memulai.
        </Text>
        <Checkbox
          label="Bawa tugas mengajar, wali kelas dan jadwal ke semester baru"
          checked={carry}
          onChange={(e) => {
            setCarry(e.currentTarget.checked);
            preview.reset();
          }}
        />
        {preview.isError && (
          <Alert color="red" variant="light">
            {errorMessage(preview.error)}
          </Alert>
        )}
        {shown && <PreviewDetails preview={shown} carry={carry} />}
        <Group justify="flex-end">
          <Button variant="default" leftSection={<IconEye size={16} />} onClick={() => preview.mutate(body)} loading={preview.isPending}>
            Lihat pratinjau
          </Button>
          {shown && (
            <Button onClick={() => confirmStart(shown)} loading={start.isPending}>
              Mulai {shown.to.label}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
