import { Link, useNavigate } from 'react-router';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCopy, IconPlus, IconTrash } from '@tabler/icons-react';
import { RUBRIC_MSG, TOAST_MS, type RubricSummary } from '@kelasku/contract';
import { QueryState } from '../../components/QueryState';
import { confirmDelete } from '../../components/ConfirmDelete';
import { formatDate } from '../../lib/format';
import { errorMessage, toastError, toastSuccess } from '../../lib/toast';
import { useCopyRubric, useDeleteRubric, useRubrics } from './api';

/** /rubrik — the teacher's rubrics, newest first: "Buat rubrik", open one, "Salin", "Hapus". */
export default function RubricsPage() {
  const rubrics = useRubrics();
  return (
    <Stack maw={860}>
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>Rubrik</Title>
        <Button component={Link} to="/rubrik/baru" leftSection={<IconPlus size={16} aria-hidden />}>
          Buat rubrik
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        Rubrik berisi kriteria dan level penilaian. Pasang rubrik pada tugas agar siswa melihatnya sebelum mengumpulkan, lalu nilai dengan
        memilih level.
      </Text>
      <QueryState query={rubrics}>
        {(list) =>
          list.length === 0 ? (
            <Text c="dimmed">Belum ada rubrik.</Text>
          ) : (
            <Stack component="ul" gap="sm" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Daftar rubrik">
              {list.map((r) => (
                <RubricRow key={r.id} r={r} />
              ))}
            </Stack>
          )
        }
      </QueryState>
    </Stack>
  );
}

function RubricRow({ r }: { r: RubricSummary }) {
  const navigate = useNavigate();
  const copy = useCopyRubric();
  const remove = useDeleteRubric();
  const doCopy = () =>
    copy.mutateAsync(r.id).then(
      (res) => {
        toastSuccess(res.message ?? RUBRIC_MSG.copied, TOAST_MS.short);
        void navigate(`/rubrik/${res.data.id}`);
      },
      (err: unknown) => toastError(errorMessage(err), TOAST_MS.long),
    );
  const doDelete = () =>
    confirmDelete({
      title: 'Hapus rubrik',
      message: `Hapus rubrik "${r.title}"?`,
      onConfirm: () =>
        void remove.mutateAsync(r.id).then(
          (res) => toastSuccess(res.message ?? RUBRIC_MSG.deleted, TOAST_MS.short),
          (err: unknown) => toastError(errorMessage(err), TOAST_MS.long),
        ),
    });
  return (
    <Card component="li" withBorder padding="sm" aria-label={r.title}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Text component={Link} to={`/rubrik/${r.id}`} fw={600} c="blue.8" style={{ overflowWrap: 'anywhere' }}>
            {r.title}
          </Text>
          <Group gap={6}>
            <Text
              size="xs"
              c="dimmed"
            >{`${r.criteria_count} kriteria · skor maks. ${r.max_total} · diubah ${formatDate(r.updated_at)}`}</Text>
            {r.assignment_count > 0 && <Badge size="sm" variant="light">{`Dipakai di ${r.assignment_count} tugas`}</Badge>}
            {r.used_for_grading && (
              <Badge size="sm" variant="light" color="gray">
                Sudah dipakai menilai
              </Badge>
            )}
          </Group>
        </Stack>
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconCopy size={14} aria-hidden />}
            loading={copy.isPending}
            onClick={() => void doCopy()}
            aria-label={`Salin ${r.title}`}
          >
            Salin
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} aria-hidden />}
            onClick={doDelete}
            aria-label={`Hapus ${r.title}`}
          >
            Hapus
          </Button>
        </Group>
      </Group>
    </Card>
  );
}
