import { Stack, Tabs, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { BellTimesTab } from './BellTimesTab';
import { WeekTab } from './WeekTab';

/** /school/timetable — bell times and the weekly timetable (issue 37); ?tab=jam opens the bell times. */
export default function TimetablePage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'jam' ? 'jam' : 'jadwal';
  return (
    <Stack maw={1200}>
      <Title order={2}>Jadwal Pelajaran</Title>
      <Tabs value={tab} onChange={(v) => setParams(v === 'jam' ? { tab: 'jam' } : {}, { replace: true })} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="jadwal">Jadwal</Tabs.Tab>
          <Tabs.Tab value="jam">Jam pelajaran</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="jadwal" pt="md">
          <WeekTab />
        </Tabs.Panel>
        <Tabs.Panel value="jam" pt="md">
          <BellTimesTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
