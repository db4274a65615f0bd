import { useState } from 'react';
import { Badge, Button, Group, Modal, NativeSelect, Stack, Tabs, Text, Textarea, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCheck, IconTable, IconX } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LEAVE_MSG, type HomeroomSummary, type LeaveRequest } from '@kelasku/contract';
import { useDecideLeaveRequest, useHomeroomLeaveRequests, useMyHomerooms } from '../../api/leave-requests';
import { QueryState } from '../../components/QueryState';
import { formFailure } from '../../lib/form-errors';
import { errorMessage, toastError, toastSuccess } from '../../lib/toast';
import { LeaveList, LeaveRequestCard } from '../leave-requests/LeaveRequestCard';
import { MonthRecapPanel, SemesterRecapPanel } from './RombelRecaps';

/** Pending first (oldest first: the longest waiting), then the decided ones, newest first. */
export function homeroomOrder(list: LeaveRequest[]): LeaveRequest[] {
  const pending = list.filter((r) => r.status === 'pending').sort((a, b) => a.created_at.localeCompare(b.created_at));
  const rest = list.filter((r) => r.status !== 'pending').sort((a, b) => b.created_at.localeCompare(a.created_at));
  return [...pending, ...rest];
}

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

function RequestsTab({ rombelId }: { rombelId: number }) {
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

function Rombel({ h }: { h: HomeroomSummary }) {
  const [tab, setTab] = useState<string | null>('izin');
  return (
    <Tabs value={tab} onChange={setTab} keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab
          value="izin"
          rightSection={
            h.pending_requests > 0 ? (
              <Badge size="xs" color="red">
                {h.pending_requests}
              </Badge>
            ) : undefined
          }
        >
          Permohonan izin
        </Tabs.Tab>
        <Tabs.Tab value="bulanan">Rekap bulanan</Tabs.Tab>
        <Tabs.Tab value="semester">Rekap semester</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="izin" pt="md">
        <RequestsTab rombelId={h.rombel.id} />
      </Tabs.Panel>
      <Tabs.Panel value="bulanan" pt="md">
        <MonthRecapPanel scope="teacher" rombelId={h.rombel.id} />
      </Tabs.Panel>
      <Tabs.Panel value="semester" pt="md">
        <SemesterRecapPanel scope="teacher" rombelId={h.rombel.id} />
      </Tabs.Panel>
    </Tabs>
  );
}

function Homerooms({ list }: { list: HomeroomSummary[] }) {
  const [chosen, setChosen] = useState<number | null>(null);
  const first = list[0];
  if (!first)
    return (
      <Text c="dimmed" ta="center" py="xl">
        Kamu bukan wali kelas di semester ini.
      </Text>
    );
  const h = list.find((x) => x.rombel.id === chosen) ?? first;
  return (
    <Stack>
      {list.length > 1 ? (
        <NativeSelect
          label="Rombel"
          w={260}
          value={String(h.rombel.id)}
          onChange={(e) => setChosen(Number(e.currentTarget.value))}
          data={list.map((x) => ({ value: String(x.rombel.id), label: x.rombel.name }))}
        />
      ) : null}
      <Text c="gray.7" size="sm">
        Wali kelas {h.rombel.name} · {h.students} siswa · semester {h.semester.label}
      </Text>
      <Rombel key={h.rombel.id} h={h} />
    </Stack>
  );
}

/** "Perwalian": the wali kelas's rombel — izin requests to decide, the monthly and the semester recap. */
export default function HomeroomPage() {
  useDocumentTitle('Perwalian | Kelasku');
  const homerooms = useMyHomerooms();
  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>Perwalian</Title>
        <Button component={Link} to="/perwalian/leger" variant="light" leftSection={<IconTable size={16} />}>
          Leger Nilai
        </Button>
      </Group>
      <QueryState query={homerooms}>{(list) => <Homerooms list={list} />}</QueryState>
    </Stack>
  );
}
