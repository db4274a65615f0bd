import { useState } from 'react';
import { NativeSelect, Stack, Tabs, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { RombelClass } from '@kelasku/contract';
import { useRombels } from '../../api/rombels';
import { QueryState } from '../../components/QueryState';
import { SchoolLeaveRequests } from '../leave-requests/SchoolLeaveRequests';
import { AlpaAlertCard } from './AlpaAlertCard';
import { MonthRecapPanel, SemesterRecapPanel } from './RombelRecaps';

/** The rombel select and the two recaps of the chosen rombel. */
function RombelRecaps({ rombels }: { rombels: RombelClass[] }) {
  const [chosen, setChosen] = useState<number | null>(null);
  const [tab, setTab] = useState<string | null>('bulanan');
  const first = rombels[0];
  if (!first)
    return (
      <Text c="dimmed" ta="center" py="lg">
        Belum ada rombel.
      </Text>
    );
  const rombel = rombels.find((r) => r.id === chosen) ?? first;
  return (
    <Stack>
      <NativeSelect
        label="Rombel"
        w={260}
        value={String(rombel.id)}
        onChange={(e) => setChosen(Number(e.currentTarget.value))}
        data={rombels.map((r) => ({ value: String(r.id), label: r.name }))}
      />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="bulanan">Rekap bulanan</Tabs.Tab>
          <Tabs.Tab value="semester">Rekap semester</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="bulanan" pt="md">
          <MonthRecapPanel key={rombel.id} scope="admin" rombelId={rombel.id} />
        </Tabs.Panel>
        <Tabs.Panel value="semester" pt="md">
          <SemesterRecapPanel key={rombel.id} scope="admin" rombelId={rombel.id} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** "Presensi" of the school (admin): each rombel's recaps, the school's izin requests, the Alpa alert setting. */
export default function AdminAttendancePage() {
  useDocumentTitle('Presensi | Kelasku');
  const rombels = useRombels();
  return (
    <Stack>
      <Title order={2}>Presensi</Title>
      <QueryState query={rombels}>
        {(list) => (
          <>
            <RombelRecaps rombels={list} />
            <Title order={3} size="h4" mt="md">
              Permohonan izin
            </Title>
            <SchoolLeaveRequests rombels={list} />
          </>
        )}
      </QueryState>
      <AlpaAlertCard />
    </Stack>
  );
}
