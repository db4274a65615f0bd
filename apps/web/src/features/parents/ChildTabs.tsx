import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { MyClassGrades, MyWorkItem, MyWorkTab, ParentChild, StudentReportCard, Today } from '@kelasku/contract';
import { useChildGrades, useChildReportGrades, useChildToday, useChildWork } from '../../api/parents';
import { QueryState } from '../../components/QueryState';
import { WorkBadge } from '../../components/WorkBadge';
import { formatClockWib, formatDateTimeWib, formatRelativeDeadline } from '../../lib/format';
import { useNow } from '../../lib/now';
import { StudentReportCardView } from '../report-grades/StudentReportCard';
import { GradesByClass } from '../report-grades/GradesByClass';
import { formatScore } from '../report-grades/format';
import { periodsLabel, timeRange } from '../schedule/week';

const listStyle = { listStyle: 'none', padding: 0, margin: 0 } as const;

/** Rows of a list, each a bordered card (`label` names the list for screen readers). */
function RowList({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack component="ul" gap="xs" aria-label={label} style={listStyle}>
      {children}
    </Stack>
  );
}

const STATE_LABEL: Partial<Record<Today['lessons'][number]['state'], string>> = { now: 'Sedang berlangsung', next: 'Berikutnya' };

/** "Hari ini": the child's lessons (time, subject, teachers) and what is due today; nothing links into the child's pages. */
function TodayView({ today }: { today: Today }) {
  return (
    <Stack gap="md">
      <Title order={3} size="h4">
        Pelajaran hari ini
      </Title>
      {today.lessons.length === 0 ? (
        <Text c="dimmed">Tidak ada pelajaran hari ini.</Text>
      ) : (
        <RowList label="Pelajaran hari ini">
          {today.lessons.map((l) => (
            <Card key={`${l.class_id}-${l.periods.join('-')}`} component="li" withBorder padding="sm" data-state={l.state}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <div style={{ minWidth: 0 }}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {timeRange(l.starts_at, l.ends_at)} · {l.subject.name}
                  </Text>
                  <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                    {[l.teachers.map((t) => t.name).join(', '), periodsLabel(l.periods)].filter(Boolean).join(' · ')}
                  </Text>
                </div>
                {STATE_LABEL[l.state] && (
                  <Badge color="teal" variant={l.state === 'now' ? 'filled' : 'outline'} tt="none" style={{ flexShrink: 0 }}>
                    {STATE_LABEL[l.state]}
                  </Badge>
                )}
              </Group>
            </Card>
          ))}
        </RowList>
      )}
      <Title order={3} size="h4">
        Tenggat hari ini
      </Title>
      {today.due.length === 0 ? (
        <Text c="dimmed">Tidak ada tenggat hari ini.</Text>
      ) : (
        <RowList label="Tenggat hari ini">
          {today.due.map((d) => (
            <Card key={`${d.kind}-${d.id}`} component="li" withBorder padding="sm">
              <Group gap={6} wrap="nowrap" align="flex-start">
                <Badge size="sm" variant="light" color={d.kind === 'quiz' ? 'violet' : 'orange'} mt={3} style={{ flexShrink: 0 }}>
                  {d.kind === 'quiz' ? 'Kuis' : 'Tugas'}
                </Badge>
                <div style={{ minWidth: 0 }}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {d.title}
                  </Text>
                  <Text size="sm" c="gray.7">
                    {d.class_name} · {formatClockWib(d.due_at)}
                  </Text>
                </div>
              </Group>
            </Card>
          ))}
        </RowList>
      )}
    </Stack>
  );
}

export function ChildTodayTab({ child }: { child: ParentChild }) {
  const today = useChildToday(child.id);
  return <QueryState query={today}>{(t) => <TodayView today={t} />}</QueryState>;
}

const WORK_SECTIONS: { tab: MyWorkTab; title: string; empty: string }[] = [
  { tab: 'late', title: 'Terlambat', empty: 'Tidak ada tugas yang terlambat.' },
  { tab: 'todo', title: 'Belum dikerjakan', empty: 'Tidak ada tugas yang harus dikerjakan.' },
  { tab: 'done', title: 'Selesai', empty: 'Belum ada tugas yang selesai.' },
];

/** One assignment, read only: title, class, deadline or hand-in time, its state. */
function WorkRow({ w, tab, now }: { w: MyWorkItem; tab: MyWorkTab; now: number }) {
  return (
    <Card component="li" withBorder padding="sm">
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {w.title}
          </Text>
          <Text size="sm" c="gray.7">
            {w.online_class.name}
          </Text>
          <Text size="sm" c={tab === 'late' ? 'red.8' : undefined} fw={tab === 'late' ? 600 : undefined}>
            {tab === 'done' ? `Diserahkan ${formatDateTimeWib(w.submitted_at)}` : `Tenggat ${formatRelativeDeadline(w.deadline, now)}`}
          </Text>
        </div>
        <WorkBadge work={w} waiting={w.results_visible} />
      </Group>
    </Card>
  );
}

function WorkSection({ childId, tab, title, empty }: { childId: number; tab: MyWorkTab; title: string; empty: string }) {
  const work = useChildWork(childId, tab);
  const now = useNow();
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={3} size="h4">
        {title}
        {work.data ? ` (${work.data.length})` : ''}
      </Title>
      <QueryState query={work}>
        {(list) =>
          list.length === 0 ? (
            <Text c="dimmed">{empty}</Text>
          ) : (
            <RowList label={title}>
              {list.map((w) => (
                <WorkRow key={`${w.kind}-${w.id}`} w={w} tab={tab} now={now} />
              ))}
            </RowList>
          )
        }
      </QueryState>
    </Stack>
  );
}

/** "Tugas": late (missing) work first, then what is due, then what is done; no hand-in, no link into the child's pages. */
export function ChildWorkTab({ childId }: { childId: number }) {
  return (
    <Stack gap="lg">
      {WORK_SECTIONS.map((s) => (
        <WorkSection key={s.tab} childId={childId} {...s} />
      ))}
    </Stack>
  );
}

function ClassGradesCard({ c, report }: { c: MyClassGrades; report: StudentReportCard | undefined }) {
  const graded = c.items.filter((w) => w.score !== null || w.last_score !== null || w.state !== 'todo');
  return (
    <Card withBorder padding="md" component="section" aria-label={`Nilai ${c.online_class.name}`}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" mb="xs">
        <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
          {c.online_class.name}
        </Title>
        <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
          <Text size="xs" c="gray.7">
            Rata-rata
          </Text>
          <Text fw={700} size="xl">
            {formatScore(c.average)}
          </Text>
        </Stack>
      </Group>
      {report && <StudentReportCardView card={report} />}
      {graded.length === 0 ? (
        <Text size="sm" c="dimmed" mt="xs">
          Belum ada tugas yang dinilai.
        </Text>
      ) : (
        <Stack component="ul" gap={0} mt="xs" style={listStyle} aria-label={`Tugas ${c.online_class.name}`}>
          {graded.map((w) => (
            <Stack component="li" key={`${w.kind}-${w.id}`} gap={2} py="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
              <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {w.title}
                </Text>
                <WorkBadge work={w} waiting={w.results_visible} />
              </Group>
              {w.feedback && (
                <Text size="sm" c="gray.7" className="kls-pre">
                  Masukan: {w.feedback}
                </Text>
              )}
            </Stack>
          ))}
        </Stack>
      )}
    </Card>
  );
}

/** "Nilai": per class the scores of assignments and quizzes with the teacher's feedback, and the report grade once released. */
export function ChildGradesTab({ childId }: { childId: number }) {
  return (
    <GradesByClass
      grades={useChildGrades(childId)}
      reports={useChildReportGrades(childId)}
      card={(c, report) => <ClassGradesCard key={c.online_class.id} c={c} report={report} />}
    />
  );
}
