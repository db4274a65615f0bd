import { useState } from 'react';
import { ActionIcon, Alert, Button, Group, List, Menu, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconClockPlus, IconDotsVertical, IconHistory, IconLogout, IconSend } from '@tabler/icons-react';
import { addTimeBody, EXAM_LIMITS, EXAM_MSG, type ProctorRow } from '@kelasku/contract';
import { ApiError } from '../../../api/client';
import { useProctorAction, useProctorLeaves, type ProctorAction } from '../../../api/exams';
import type { QuizRef } from '../../../api/quizzes';
import { QueryState } from '../../../components/QueryState';
import { errorMessage, toastError, toastSuccess } from '../../../lib/toast';
import { clockWib } from './format';

/** What the board opened for one student: the add-time form, or the leave log. */
export type ProctorDialog = { kind: 'add-time' | 'leaves'; row: ProctorRow } | null;

/** Runs one proctor action with the server's message as the toast. */
function useRun(r: QuizRef) {
  const action = useProctorAction(r);
  const run = (row: ProctorRow, a: ProctorAction, fallback: string, onDone?: () => void, onFail?: (err: unknown) => void) =>
    action.mutate(
      { studentId: row.student.id, action: a },
      {
        onSuccess: (res) => {
          toastSuccess(res.message ?? fallback);
          onDone?.();
        },
        onError: (err) => (onFail ? onFail(err) : toastError(errorMessage(err), 5000)),
      },
    );
  return { run, pending: action.isPending };
}

/** The menu of one student's row: "Atur ulang login", "Tambah waktu", "Kumpulkan paksa", "Riwayat keluar". */
export function RowActions({ r, row, onOpen }: { r: QuizRef; row: ProctorRow; onOpen: (d: ProctorDialog) => void }) {
  const { run } = useRun(r);
  const working = row.state === 'working';
  const name = row.student.name;
  const resetLogin = () =>
    modals.openConfirmModal({
      title: 'Atur ulang login?',
      children: <Text size="sm">{`${name} dapat melanjutkan ujian di perangkat lain dengan token terbaru.`}</Text>,
      labels: { confirm: 'Atur ulang login', cancel: 'Batal' },
      onConfirm: () => run(row, { kind: 'reset-login' }, EXAM_MSG.loginReset),
    });
  const forceSubmit = () =>
    modals.openConfirmModal({
      title: 'Kumpulkan paksa?',
      children: (
        <Text size="sm">{`Ujian ${name} dikumpulkan sekarang dengan jawaban yang sudah tersimpan. Siswa tidak dapat mengubahnya lagi.`}</Text>
      ),
      labels: { confirm: 'Kumpulkan paksa', cancel: 'Batal' },
      confirmProps: { color: 'red' },
      onConfirm: () => run(row, { kind: 'force-submit' }, EXAM_MSG.forceSubmitted),
    });
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="default" size="lg" aria-label={`Aksi untuk ${name}`}>
          <IconDotsVertical size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconLogout size={16} />} onClick={resetLogin} disabled={row.attempt_id === null}>
          Atur ulang login
        </Menu.Item>
        <Menu.Item leftSection={<IconClockPlus size={16} />} onClick={() => onOpen({ kind: 'add-time', row })} disabled={!working}>
          Tambah waktu
        </Menu.Item>
        <Menu.Item leftSection={<IconSend size={16} />} color="red" onClick={forceSubmit} disabled={!working}>
          Kumpulkan paksa
        </Menu.Item>
        <Menu.Item
          leftSection={<IconHistory size={16} />}
          onClick={() => onOpen({ kind: 'leaves', row })}
          disabled={row.attempt_id === null}
        >
          Riwayat keluar
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** "Tambah waktu": minutes for one student's open attempt. */
function AddTimeForm({ r, row, onClose }: { r: QuizRef; row: ProctorRow; onClose: () => void }) {
  const { run, pending } = useRun(r);
  const [minutes, setMinutes] = useState<number | string>(10);
  const [error, setError] = useState<string | null>(null);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const checked = addTimeBody.safeParse({ minutes });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? EXAM_MSG.addMinutesRange);
      return;
    }
    const m = checked.data.minutes;
    run(row, { kind: 'add-time', body: { minutes: m } }, EXAM_MSG.timeAdded(m), onClose, (err) =>
      setError((err instanceof ApiError && err.field('minutes')) || errorMessage(err)),
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <NumberInput
          label="Tambahan waktu (menit)"
          min={1}
          max={EXAM_LIMITS.addMinutesMax}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          value={minutes}
          onChange={(v) => {
            setMinutes(v);
            setError(null);
          }}
          error={error}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Batal
          </Button>
          <Button type="submit" loading={pending}>
            Tambah waktu
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The leaves of one student's open (or last) attempt, oldest first. */
function LeaveLog({ r, row }: { r: QuizRef; row: ProctorRow }) {
  const leaves = useProctorLeaves(r, row.student.id);
  return (
    <QueryState query={leaves}>
      {(list) =>
        list.length === 0 ? (
          <Text size="sm" c="dimmed">
            Belum pernah keluar dari halaman ujian.
          </Text>
        ) : (
          <List spacing={4} size="sm" type="ordered">
            {list.map((l, i) => (
              <List.Item key={i}>
                {`Keluar ${clockWib(l.left_at)} — `}
                {l.back_at ? (
                  `kembali ${clockWib(l.back_at)}`
                ) : (
                  <Text span c="red.9" fw={600} size="sm">
                    belum kembali
                  </Text>
                )}
              </List.Item>
            ))}
          </List>
        )
      }
    </QueryState>
  );
}

/** The board's one dialog: "Tambah waktu" or "Riwayat keluar" of one student. */
export function ProctorDialogs({ r, dialog, onClose }: { r: QuizRef; dialog: ProctorDialog; onClose: () => void }) {
  const name = dialog?.row.student.name ?? '';
  return (
    <Modal
      opened={dialog !== null}
      onClose={onClose}
      title={dialog?.kind === 'add-time' ? `Tambah waktu — ${name}` : `Riwayat keluar — ${name}`}
      centered
    >
      {dialog?.kind === 'add-time' && <AddTimeForm r={r} row={dialog.row} onClose={onClose} />}
      {dialog?.kind === 'leaves' && (
        <Stack>
          {dialog.row.away && (
            <Alert color="red" variant="light" p="xs">
              Siswa sedang di luar halaman ujian.
            </Alert>
          )}
          <LeaveLog r={r} row={dialog.row} />
        </Stack>
      )}
    </Modal>
  );
}
