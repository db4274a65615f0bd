import { Anchor, Box, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { MyClassGrades, MyWorkItem, StudentReportCard } from '@kelasku/contract';
import { useMyReportGrades } from '../../api/report-grades';
import { useMyGrades } from '../../api/submissions';
import { GradesByClass } from '../report-grades/GradesByClass';
import { WorkBadge } from '../../components/WorkBadge';
import { StudentReportCardView } from '../report-grades/StudentReportCard';
import { QuizMark, workKey, workPath } from './MyWorkPage';
import { LastGradeAwaiting } from '../../components/AwaitingRegrade';

const average = (n: number | null) => (n === null ? '-' : n.toLocaleString('id-ID', { maximumFractionDigits: 1 }));

function GradeItem({ w }: { w: MyWorkItem }) {
  return (
    <Stack component="li" gap={4} py="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <Group gap={6} wrap="nowrap" align="flex-start">
          <QuizMark w={w} />
          <Anchor component={Link} to={workPath(w)} size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {w.title}
          </Anchor>
        </Group>
        {w.score === null && w.last_score !== null ? (
          <LastGradeAwaiting score={w.last_score} />
        ) : (
          <WorkBadge work={w} waiting={w.results_visible} />
        )}
      </Group>
      {w.feedback && (
        <Text size="sm" c="dimmed" className="kls-pre">
          Masukan: {w.feedback}
        </Text>
      )}
    </Stack>
  );
}

function ClassGrades({ c, report }: { c: MyClassGrades; report: StudentReportCard | undefined }) {
  const titleId = `nilai-kelas-${c.online_class.id}`;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs">
        <Title order={3} size="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
          <Anchor component={Link} to={`/my-classes/${c.online_class.id}`} inherit>
            {c.online_class.name}
          </Anchor>
        </Title>
        <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
          <Text size="xs" c="dimmed">
            Rata-rata
          </Text>
          <Text fw={700} size="xl">
            {average(c.average)}
          </Text>
        </Stack>
      </Group>
      {report && (
        <Box mb="sm">
          <StudentReportCardView card={report} />
        </Box>
      )}
      {c.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          Belum ada tugas atau kuis di kelas ini.
        </Text>
      ) : (
        <Stack component="ul" gap={0} style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={`Tugas ${c.online_class.name}`}>
          {c.items.map((w) => (
            <GradeItem key={workKey(w)} w={w} />
          ))}
        </Stack>
      )}
    </Card>
  );
}

/**
 * /my-grades — "Nilai Saya": per class the report grade (categories, weights, the Nilai Akhir once
 * released, TPs in words), then the student's scores, the teacher's feedback and the average of the graded work.
 */
export default function MyGradesPage() {
  return (
    <Stack maw={860}>
      <Title order={2}>Nilai Saya</Title>
      <Text size="sm" c="dimmed">
        Rata-rata dihitung dari tugas dan kuis yang sudah dinilai.
      </Text>
      <GradesByClass
        grades={useMyGrades()}
        reports={useMyReportGrades()}
        card={(c, report) => <ClassGrades key={c.online_class.id} c={c} report={report} />}
      />
    </Stack>
  );
}
