import { useRef, useState } from 'react';
import { Badge, Button, Group, NativeSelect, Stack, Tabs, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconTable } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { HomeroomSummary } from '@kelasku/contract';
import { useMyHomerooms } from '../../api/leave-requests';
import { QueryState } from '../../components/QueryState';
import { MonthRecapPanel, SemesterRecapPanel } from '../attendance-recaps/RombelRecaps';
import { Overview } from './Overview';
import { RequestsTab } from './RequestsTab';

/** One rombel: the overview, then its izin requests and recaps as tabs. */
function Rombel({ h }: { h: HomeroomSummary }) {
  const [tab, setTab] = useState<string | null>('izin');
  const tabs = useRef<HTMLDivElement>(null);
  const showRequests = () => {
    setTab('izin');
    tabs.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  return (
    <Stack>
      <Overview rombelId={h.rombel.id} onShowRequests={showRequests} />
      <Tabs value={tab} onChange={setTab} keepMounted={false} ref={tabs} id="permohonan-izin">
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
    </Stack>
  );
}

/** The rombel picker when the teacher is wali kelas of several, or the note that they are of none. */
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
          maw={260}
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

/**
 * /perwalian — "Kelas Perwalian" (issues 38 and 40): the wali kelas's rombel at a glance (today's
 * attendance, the students who need attention, each student's month, missing and late work, and
 * their parents to contact), its izin requests to decide, and the monthly and semester recaps.
 */
export default function HomeroomPage() {
  useDocumentTitle('Kelas Perwalian | Kelasku');
  const homerooms = useMyHomerooms();
  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>Kelas Perwalian</Title>
        <Button component={Link} to="/perwalian/leger" variant="light" leftSection={<IconTable size={16} />}>
          Leger Nilai
        </Button>
      </Group>
      <QueryState query={homerooms}>{(list) => <Homerooms list={list} />}</QueryState>
    </Stack>
  );
}
