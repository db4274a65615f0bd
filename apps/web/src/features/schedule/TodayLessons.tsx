import { Anchor, Badge, Card, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconCalendarTime } from '@tabler/icons-react';
import { Link } from 'react-router';
import { dayName, type Today, type TodayLesson } from '@kelasku/contract';
import { useToday, type ScheduleRole } from '../../api/schedule';
import { LoadingDots } from '../../components/LoadingDots';
import { formatClockWib, formatDate } from '../../lib/format';
import { LessonList } from './LessonRow';
import { dueLink } from './week';
import classes from './schedule.module.css';

/** Where a teacher's "Presensi" of a lesson goes: its meeting of today when the answer names it, else the class's meetings. */
function attendanceLink(lesson: TodayLesson): string {
  const meetingId = 'meeting_id' in lesson && typeof lesson.meeting_id === 'number' ? lesson.meeting_id : null;
  return meetingId ? `/online-class/${lesson.class_id}/presensi/${meetingId}` : `/online-class/${lesson.class_id}?tab=presensi`;
}

/** "Senin, 30 November 2026" for the answer's WIB date. */
const longDate = (today: Today) => `${dayName(today.day)}, ${formatDate(`${today.date}T12:00:00+07:00`)}`;

/** The teacher's rombels as wali kelas ("Wali kelas X TKJ 1"), or the student's wali kelas ("Wali kelas: Bu Sari"). */
function HomeroomLine({ role, today }: { role: ScheduleRole; today: Today }) {
  if (today.homeroom.length === 0) return null;
  const text =
    role === 'teacher'
      ? `Wali kelas ${today.homeroom.map((h) => h.rombel.name).join(', ')}`
      : `Wali kelas: ${today.homeroom.map((h) => h.teacher.name).join(', ')}`;
  return (
    <Text size="sm" c="dimmed">
      {text}
    </Text>
  );
}

function DueToday({ role, today }: { role: ScheduleRole; today: Today }) {
  if (today.due.length === 0) return null;
  return (
    <Stack gap={4}>
      <Title order={4} size="h5" id={`due-today-${role}`}>
        Tenggat hari ini
      </Title>
      <ul className={classes.list} aria-labelledby={`due-today-${role}`}>
        {today.due.map((item) => (
          <li key={`${item.kind}-${item.id}`} className={classes.row}>
            <UnstyledButton component={Link} to={dueLink(role, item)} className={classes.link}>
              <Group gap={6} wrap="nowrap" align="flex-start">
                <Badge size="sm" variant="light" color={item.kind === 'quiz' ? 'violet' : 'orange'} mt={3} style={{ flexShrink: 0 }}>
                  {item.kind === 'quiz' ? 'Kuis' : 'Tugas'}
                </Badge>
                <div style={{ minWidth: 0 }}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {item.title}
                  </Text>
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {item.class_name} · {formatClockWib(item.due_at)}
                  </Text>
                </div>
              </Group>
            </UnstyledButton>
          </li>
        ))}
      </ul>
    </Stack>
  );
}

function TodayBody({ role, today }: { role: ScheduleRole; today: Today }) {
  return (
    <Stack gap="sm">
      <HomeroomLine role={role} today={today} />
      {today.lessons.length === 0 ? (
        <Text c="dimmed" size="sm">
          Tidak ada pelajaran hari ini.
        </Text>
      ) : (
        <LessonList
          role={role}
          label="Pelajaran hari ini"
          lessons={today.lessons}
          keyOf={(l) => `${l.class_id}-${l.periods.join('-')}`}
          attendanceLink={role === 'teacher' ? attendanceLink : undefined}
        />
      )}
      <DueToday role={role} today={today} />
    </Stack>
  );
}

/**
 * "Hari ini", first on the teacher's and the student's dashboards (issue 37): today's lessons in
 * order — time, subject, the rombel (teacher) or the teachers (student), "Sedang berlangsung" and
 * "Berikutnya" — each opening its class; what is due today; the wali kelas; the week's link.
 */
export function TodayLessons({ role }: { role: ScheduleRole }) {
  const today = useToday(role);
  const titleId = `today-title-${role}`;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={titleId}>
      <Group gap="xs" wrap="nowrap" mb="xs">
        <IconCalendarTime size={20} aria-hidden style={{ flexShrink: 0 }} />
        <Title order={3} size="h4" id={titleId}>
          {today.data ? `Hari ini — ${longDate(today.data)}` : 'Hari ini'}
        </Title>
      </Group>
      {today.isPending ? (
        <LoadingDots />
      ) : today.isError ? (
        <Text c="dimmed" size="sm">
          Jadwal hari ini belum dapat dimuat.
        </Text>
      ) : (
        <TodayBody role={role} today={today.data} />
      )}
      <Anchor component={Link} to="/jadwal" size="sm" mt="sm" display="inline-block">
        Lihat jadwal minggu ini
      </Anchor>
    </Card>
  );
}
