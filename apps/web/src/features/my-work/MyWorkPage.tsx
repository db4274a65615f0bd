import { Anchor, Badge, Card, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconAlarm } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { MY_WORK_TABS, type MyWorkItem, type MyWorkTab } from '@kelasku/contract';
import { useMyWork } from '../../api/submissions';
import { useNow } from '../../lib/now';
import { QueryState } from '../../components/QueryState';
import { WorkBadge } from '../../components/WorkBadge';
import { formatDateTimeWib, formatRelativeDeadline, isDueSoon } from '../../lib/format';

const TABS: Record<MyWorkTab, { label: string; empty: string }> = {
  todo: { label: 'Belum dikerjakan', empty: 'Tidak ada tugas atau kuis yang harus dikerjakan. Mantap!' },
  late: { label: 'Terlambat', empty: 'Tidak ada tugas yang terlambat atau kuis yang terlewat.' },
  done: { label: 'Selesai', empty: 'Belum ada tugas yang selesai.' },
};

export const submissionPath = (w: Pick<MyWorkItem, 'id' | 'online_class'>) => `/my-classes/${w.online_class.id}/submissions/${w.id}`;

/** Where a piece of work opens: an assignment's submission page, a quiz's page (its intro: start, continue or results). */
export const workPath = (w: Pick<MyWorkItem, 'kind' | 'id' | 'content_id' | 'online_class'>) =>
  w.kind === 'quiz' ? `/my-classes/${w.online_class.id}/contents/${w.content_id}/quizzes/${w.id}` : submissionPath(w);

/** A key unique across assignments and quizzes (their ids come from different tables). */
export const workKey = (w: Pick<MyWorkItem, 'kind' | 'id'>) => `${w.kind}-${w.id}`;

/** The "Kuis" mark of a quiz among the assignments. */
export function QuizMark({ w }: { w: Pick<MyWorkItem, 'kind'> }) {
  if (w.kind !== 'quiz') return null;
  return (
    <Badge color="violet" variant="light" size="sm" style={{ flexShrink: 0 }}>
      Kuis
    </Badge>
  );
}

/** The time line of an item not done: an assignment's deadline; a quiz's closing time (or opening time, before it opens). */
function dueLine(w: MyWorkItem, now: number): string {
  if (w.kind === 'assignment') return `Tenggat ${formatRelativeDeadline(w.deadline, now)}`;
  if (w.opens_at !== null) return `Dibuka ${formatRelativeDeadline(w.opens_at, now)}`;
  if (w.deadline === null) return 'Bisa dikerjakan kapan saja';
  return `Ditutup ${formatRelativeDeadline(w.deadline, now)}`;
}

/** One assignment or quiz: title (to its page), class, this student's deadline in words, and its state. */
function WorkItem({ w, tab, now }: { w: MyWorkItem; tab: MyWorkTab; now: number }) {
  const soon = tab === 'todo' && isDueSoon(w.deadline, now);
  const closed = w.closes_at !== null && Date.parse(w.closes_at) <= now;
  const quiz = w.kind === 'quiz';
  return (
    <Card
      component="li"
      withBorder
      padding="sm"
      radius="sm"
      style={soon ? { borderColor: 'var(--mantine-color-orange-6)', borderLeftWidth: 4 } : undefined}
      bg={soon ? 'orange.0' : undefined}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap={6} wrap="nowrap" align="flex-start">
            <QuizMark w={w} />
            <Anchor component={Link} to={workPath(w)} fw={600} style={{ overflowWrap: 'anywhere' }}>
              {w.title}
            </Anchor>
          </Group>
          <Text size="sm" c="dimmed">
            {w.online_class.name}
          </Text>
        </Stack>
        {tab === 'done' ? (
          <WorkBadge work={w} waiting={w.results_visible} />
        ) : tab === 'late' && quiz ? (
          <Badge variant="light" color="red" style={{ flexShrink: 0 }}>
            Terlewat
          </Badge>
        ) : soon ? (
          <Badge variant="filled" color="orange" leftSection={<IconAlarm size={12} aria-hidden />} style={{ flexShrink: 0 }}>
            Kurang dari 24 jam
          </Badge>
        ) : null}
      </Group>
      <Group gap={6} mt={4}>
        {tab === 'done' ? (
          <Text size="sm">
            {quiz ? 'Dikerjakan' : 'Diserahkan'} {formatDateTimeWib(w.submitted_at)}
          </Text>
        ) : (
          <Text size="sm" fw={soon || tab === 'late' ? 600 : undefined} c={tab === 'late' ? 'red.8' : soon ? 'orange.9' : undefined}>
            {dueLine(w, now)}
          </Text>
        )}
        {w.extended && (
          <Badge variant="light" color="violet" size="sm">
            Diperpanjang
          </Badge>
        )}
        {tab === 'late' && closed && !quiz && (
          <Badge variant="light" color="gray" size="sm">
            Ditutup
          </Badge>
        )}
      </Group>
      {tab !== 'done' && w.deadline !== null && (
        <Text size="xs" c="dimmed">
          {quiz ? `Ditutup ${formatDateTimeWib(w.deadline)}` : formatDateTimeWib(w.deadline)}
        </Text>
      )}
    </Card>
  );
}

function WorkList({ tab }: { tab: MyWorkTab }) {
  const work = useMyWork(tab);
  const now = useNow();
  return (
    <QueryState query={work}>
      {(list) =>
        list.length === 0 ? (
          <Text c="dimmed">{TABS[tab].empty}</Text>
        ) : (
          <Stack component="ul" gap="sm" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={TABS[tab].label}>
            {list.map((w) => (
              <WorkItem key={workKey(w)} w={w} tab={tab} now={now} />
            ))}
          </Stack>
        )
      }
    </QueryState>
  );
}

const isTab = (v: string | null): v is MyWorkTab => (MY_WORK_TABS as readonly string[]).includes(v ?? '');

/** /my-work — "Tugas Saya": the student's assignments and quizzes of all classes, by tab (the tab is in the address). */
export default function MyWorkPage() {
  const [params, setParams] = useSearchParams();
  const current = params.get('tab');
  const tab: MyWorkTab = isTab(current) ? current : 'todo';
  return (
    <Stack maw={860}>
      <Title order={2}>Tugas Saya</Title>
      <Tabs value={tab} onChange={(v) => isTab(v) && setParams(v === 'todo' ? {} : { tab: v }, { replace: true })} keepMounted={false}>
        <Tabs.List grow>
          {MY_WORK_TABS.map((t) => (
            <Tabs.Tab key={t} value={t}>
              {TABS[t].label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {MY_WORK_TABS.map((t) => (
          <Tabs.Panel key={t} value={t} pt="md">
            <WorkList tab={t} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
