import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert, Button, Group, Modal, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowBackUp, IconArrowLeft } from '@tabler/icons-react';
import { QUICK_MSG, TOAST_MS, type QuickGradingRow } from '@kelasku/contract';
import { isNotFound } from '../../api/client';
import { useTeacherAssignment } from '../../api/assignments';
import type { AssignmentRef } from '../../api/keys';
import { useQuickGrading, useReturnAll } from '../../api/quick-grading';
import { NotFoundPage } from '../../components/ErrorPages';
import { QueryState } from '../../components/QueryState';
import { lessonItemRef } from '../../lib/route-params';
import { errorMessage, toastSuccess } from '../../lib/toast';
import { QuickCardRow, QuickTableRow, type QuickRowProps } from './QuickRow';
import { nextEditable, scoreInputId } from './rows';
import { useQuickRows } from './useQuickRows';

/** /online-class/:classId/contents/:lessonId/assignment/:assignmentId/cepat */
export default function QuickGradingPage() {
  const r = lessonItemRef(useParams(), 'assignmentId');
  return r ? <QuickGradingView r={r} /> : <NotFoundPage />;
}

/** "Penilaian cepat": every student of the assignment in one table, graded with the keyboard only. */
export function QuickGradingView({ r }: { r: AssignmentRef }) {
  const assignment = useTeacherAssignment(r);
  const rows = useQuickGrading(r);
  if (isNotFound(assignment.error) || isNotFound(rows.error)) return <NotFoundPage />;
  return (
    <Stack>
      <Group>
        <Button
          component={Link}
          to={`/online-class/${r.classId}/contents/${r.lessonId}/assignment/${r.id}?tab=penilaian`}
          variant="subtle"
          leftSection={<IconArrowLeft size={18} />}
        >
          Kembali ke tugas
        </Button>
      </Group>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
          Penilaian cepat{assignment.data ? `: ${assignment.data.title}` : ''}
        </Title>
        <ReturnAllButton r={r} />
      </Group>
      <Text size="sm" c="dimmed" id="petunjuk-cepat">
        Tab pindah dari nilai ke masukan lalu ke siswa berikutnya. Enter menyimpan baris dan pindah ke siswa berikutnya. Setiap baris
        tersimpan otomatis saat kamu meninggalkannya.
      </Text>
      <QueryState query={rows}>{(list) => <QuickRows r={r} rows={list} />}</QueryState>
    </Stack>
  );
}

function QuickRows({ r, rows }: { r: AssignmentRef; rows: QuickGradingRow[] }) {
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const state = useQuickRows(r);
  const list = useQuickGrading(r);
  if (rows.length === 0)
    return (
      <Text c="dimmed" ta="center" py="xl">
        Belum ada siswa di kelas ini.
      </Text>
    );
  const propsOf = (row: QuickGradingRow, i: number): QuickRowProps & { key: number } => ({
    key: row.student.id,
    row,
    draft: state.draftFor(row),
    mark: state.marks[row.student.id],
    onEdit: (patch) => state.edit(row, patch),
    onCommit: () => state.commit(row),
    onNext: () => {
      const next = nextEditable(rows, i);
      if (next) document.getElementById(scoreInputId(next.student.id))?.focus();
    },
    onReload: () => {
      state.reset(row.student.id);
      void list.refetch();
    },
  });
  if (phone)
    return (
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Daftar penilaian cepat">
        {rows.map((row, i) => {
          const { key, ...p } = propsOf(row, i);
          return <QuickCardRow key={key} {...p} />;
        })}
      </Stack>
    );
  return (
    <Table.ScrollContainer minWidth={760} type="native">
      <Table withTableBorder striped aria-label="Tabel penilaian cepat" aria-describedby="petunjuk-cepat" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Nama</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Nilai (0–100)</Table.Th>
            <Table.Th>Masukan singkat</Table.Th>
            <Table.Th>Keterangan</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, i) => {
            const { key, ...p } = propsOf(row, i);
            return <QuickTableRow key={key} {...p} />;
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** "Kembalikan semua yang sudah dinilai": a confirm dialog with an optional message to the students. */
function ReturnAllButton({ r }: { r: AssignmentRef }) {
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const returnAll = useReturnAll(r);
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const close = () => {
    setOpen(false);
    setMessage('');
    returnAll.reset();
  };
  const confirm = () =>
    returnAll.mutateAsync(message.trim() === '' ? null : message).then(
      (res) => {
        toastSuccess(QUICK_MSG.returnedAll(res.data.returned), TOAST_MS.long);
        close();
      },
      () => undefined,
    );
  return (
    <>
      <Button variant="light" leftSection={<IconArrowBackUp size={16} aria-hidden />} onClick={() => setOpen(true)}>
        Kembalikan semua yang sudah dinilai
      </Button>
      <Modal opened={open} onClose={close} title="Kembalikan semua yang sudah dinilai" fullScreen={phone}>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void confirm();
          }}
        >
          <Stack>
            <Text size="sm">
              Semua tugas yang sudah dinilai dan belum dikembalikan akan dikembalikan kepada siswa bersama nilai dan masukannya.
            </Text>
            <Textarea
              label="Pesan untuk siswa (opsional)"
              description="Dikirim ke setiap siswa di percakapan pribadi tugas ini"
              value={message}
              onChange={(e) => setMessage(e.currentTarget.value)}
              autosize
              minRows={2}
              maxRows={6}
              data-autofocus
            />
            {returnAll.isError && (
              <Alert color="red" role="alert">
                {errorMessage(returnAll.error)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Batal
              </Button>
              <Button type="submit" loading={returnAll.isPending}>
                Kembalikan
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
