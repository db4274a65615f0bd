import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { LEAVE_MSG, type LeaveRequest } from '@kelasku/contract';
import { useDecideLeaveRequest, useHomeroomLeaveRequests } from '../../api/leave-requests';
import { QueryState } from '../../components/QueryState';
import { formFailure } from '../../lib/form-errors';
import { errorMessage, toastError, toastSuccess } from '../../lib/toast';
import { LeaveList, LeaveRequestCard } from '../leave-requests/LeaveRequestCard';
import { homeroomOrder } from './order';

/** "Tolak": the reason is required, the student reads it. */
function RefuseModal({ r, rombelId, onClose }: { r: LeaveRequest | null; rombelId: number; onClose: () => void }) {
  const decide = useDecideLeaveRequest(rombelId);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setNote('');
    setError(null);
    onClose();
  };
  const submit = () => {
    if (!r) return;
    if (!note.trim()) return setError(LEAVE_MSG.noteRequired);
    decide.mutate(
      { id: r.id, decision: 'refuse', note: note.trim() },
      {
        onSuccess: (res) => {
          toastSuccess(res.message ?? LEAVE_MSG.refused);
          close();
        },
        onError: (err) => setError(formFailure(err, ['note']).fields.note ?? errorMessage(err)),
      },
    );
  };
  return (
    <Modal opened={r !== null} onClose={close} title="Tolak permohonan">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack>
          {r && <Text size="sm">{r.student.name}</Text>}
          <Textarea
            label="Alasan penolakan"
            required
            autosize
            minRows={3}
            maxLength={1000}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            error={error}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Batal
            </Button>
            <Button type="submit" color="red" loading={decide.isPending}>
              Tolak
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** "Permohonan izin": the rombel's requests, pending first, with Setujui / Tolak. */
export function RequestsTab({ rombelId }: { rombelId: number }) {
  const requests = useHomeroomLeaveRequests(rombelId);
  const decide = useDecideLeaveRequest(rombelId);
  const [refusing, setRefusing] = useState<LeaveRequest | null>(null);
  const approve = (r: LeaveRequest) =>
    decide.mutate(
      { id: r.id, decision: 'approve', note: null },
      { onSuccess: (res) => toastSuccess(res.message ?? LEAVE_MSG.approved), onError: (err) => toastError(errorMessage(err)) },
    );
  return (
    <QueryState query={requests}>
      {(list) =>
        list.length === 0 ? (
          <Text c="dimmed" ta="center" py="lg">
            Belum ada permohonan izin dari rombel ini.
          </Text>
        ) : (
          <>
            <LeaveList label="Permohonan izin">
              {homeroomOrder(list).map((r) => (
                <LeaveRequestCard
                  key={r.id}
                  r={r}
                  showStudent
                  reader={{ role: 'teacher', rombelId }}
                  actions={
                    r.status === 'pending' && (
                      <>
                        <Button
                          size="xs"
                          leftSection={<IconCheck size={14} />}
                          loading={decide.isPending && decide.variables?.id === r.id}
                          onClick={() => approve(r)}
                        >
                          Setujui
                        </Button>
                        <Button size="xs" color="red" variant="light" leftSection={<IconX size={14} />} onClick={() => setRefusing(r)}>
                          Tolak
                        </Button>
                      </>
                    )
                  }
                />
              ))}
            </LeaveList>
            <RefuseModal r={refusing} rombelId={rombelId} onClose={() => setRefusing(null)} />
          </>
        )
      }
    </QueryState>
  );
}
