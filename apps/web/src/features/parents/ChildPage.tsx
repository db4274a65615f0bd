import { Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useParams, useSearchParams } from 'react-router';
import type { ParentChild } from '@kelasku/contract';
import { useMyChildren } from '../../api/parents';
import { NotFoundPage } from '../../components/ErrorPages';
import { QueryState } from '../../components/QueryState';
import { UserAvatar } from '../../components/UserAvatar';
import { ChildAttendanceTab } from './ChildAttendanceTab';
import { ChildAnnouncementsTab, ChildMessagesTab } from './ChildNewsTabs';
import { ChildGradesTab, ChildTodayTab, ChildWorkTab } from './ChildTabs';
import { childIdParam } from './child-summary';
import { PrivacyGate } from './PrivacyGate';

export const CHILD_TABS = [
  { value: 'hari-ini', label: 'Hari ini' },
  { value: 'tugas', label: 'Tugas' },
  { value: 'nilai', label: 'Nilai' },
  { value: 'presensi', label: 'Presensi' },
  { value: 'pengumuman', label: 'Pengumuman' },
  { value: 'pesan', label: 'Pesan' },
] as const;
type ChildTab = (typeof CHILD_TABS)[number]['value'];

const isTab = (v: string | null): v is ChildTab => CHILD_TABS.some((t) => t.value === v);

function TabBody({ tab, child }: { tab: ChildTab; child: ParentChild }) {
  if (tab === 'hari-ini') return <ChildTodayTab child={child} />;
  if (tab === 'tugas') return <ChildWorkTab childId={child.id} />;
  if (tab === 'nilai') return <ChildGradesTab childId={child.id} />;
  if (tab === 'presensi') return <ChildAttendanceTab child={child} />;
  if (tab === 'pengumuman') return <ChildAnnouncementsTab childId={child.id} />;
  return <ChildMessagesTab childId={child.id} />;
}

/** The child's heading and tabs; a tab asks for its data only once it is opened (the tab is in the address). */
function ChildView({ child }: { child: ParentChild }) {
  useDocumentTitle(`${child.name} | Kelasku`);
  const [params, setParams] = useSearchParams();
  const current = params.get('tab');
  const tab: ChildTab = isTab(current) ? current : 'hari-ini';
  return (
    <Stack maw={900}>
      <Group gap="sm" wrap="nowrap">
        <UserAvatar src={child.avatar} name={child.name} size="lg" />
        <div style={{ minWidth: 0 }}>
          <Title order={2} style={{ overflowWrap: 'anywhere' }}>
            {child.name}
          </Title>
          <Text size="sm" c="gray.7">
            {child.rombel?.name ?? 'Belum punya rombel'}
            {child.homeroom_teacher ? ` · Wali kelas: ${child.homeroom_teacher.name}` : ''}
          </Text>
        </div>
      </Group>
      <Tabs value={tab} onChange={(v) => isTab(v) && setParams(v === 'hari-ini' ? {} : { tab: v }, { replace: true })} keepMounted={false}>
        <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
          {CHILD_TABS.map((t) => (
            <Tabs.Tab key={t.value} value={t.value} style={{ flexShrink: 0 }}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {CHILD_TABS.map((t) => (
          <Tabs.Panel key={t.value} value={t.value} pt="md">
            {tab === t.value && <TabBody tab={t.value} child={child} />}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

/** The parent's children decide: a child who is not theirs (or no number at all) is not found. */
function ChildOf({ id }: { id: number }) {
  const children = useMyChildren();
  return (
    <QueryState query={children}>
      {(list) => {
        const child = list.find((c) => c.id === id);
        return child ? <ChildView key={child.id} child={child} /> : <NotFoundPage />;
      }}
    </QueryState>
  );
}

/** Issue 40: /anak/:studentId — one child's today, work, grades, attendance and izin, announcements, messages (read only). */
export default function ChildPage() {
  const id = childIdParam(useParams().studentId);
  if (id === null) return <NotFoundPage />;
  return (
    <PrivacyGate>
      <ChildOf id={id} />
    </PrivacyGate>
  );
}
