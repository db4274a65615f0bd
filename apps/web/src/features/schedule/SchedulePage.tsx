import { useState } from 'react';
import { Anchor, Badge, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from 'react-router';
import { dayName, type TimetableWeek } from '@kelasku/contract';
import { useWeek, type ScheduleRole } from '../../api/schedule';
import { useSessionUser } from '../../api/session';
import { QueryState } from '../../components/QueryState';
import { usePhone } from '../../lib/use-phone';
import { LessonList } from './LessonRow';
import { classLink, dayLessons, lessonWho, periodTimes, timeRange, weekDays, weekRows, wibWeekday, type WeekRow } from './week';
import classes from './schedule.module.css';

interface WeekProps {
  role: ScheduleRole;
  week: TimetableWeek;
  days: number[];
  today: number;
}

/** One cell of the week's table: the lessons of that day and period, each a link to its class. */
function Cell({
  role,
  week,
  day,
  row,
}: {
  role: ScheduleRole;
  week: TimetableWeek;
  day: number;
  row: Extract<WeekRow, { kind: 'period' }>;
}) {
  const slots = week.slots.filter((s) => s.day === day && s.period === row.period);
  const own = periodTimes(week, day, row.period);
  const shifted = own !== '' && own !== timeRange(row.starts_at, row.ends_at);
  return (
    <Stack gap={2}>
      {slots.map((s) => (
        <div key={s.id}>
          <Anchor component={Link} to={classLink(role, s.class_id)} fw={600} size="sm">
            {s.subject.name}
          </Anchor>
          <Text size="xs" c="dimmed">
            {lessonWho(role, s)}
          </Text>
        </div>
      ))}
      {shifted && slots.length > 0 && (
        <Text size="xs" c="dimmed">
          {own}
        </Text>
      )}
    </Stack>
  );
}

/** The desktop's week: days across, periods down with their times, a break as a thin "Istirahat" row. */
function WeekTable({ role, week, days, today }: WeekProps) {
  const rows = weekRows(week);
  return (
    <Table.ScrollContainer minWidth={160 + days.length * 140}>
      <Table withTableBorder withColumnBorders verticalSpacing="xs" bg="var(--mantine-color-body)" aria-label="Jadwal minggu ini">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={130}>Jam</Table.Th>
            {days.map((d) => (
              <Table.Th key={d} className={d === today ? classes.today : undefined}>
                {dayName(d)}{' '}
                {d === today && (
                  <Badge size="xs" variant="light" tt="none">
                    hari ini
                  </Badge>
                )}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) =>
            r.kind === 'break' ? (
              <Table.Tr key={`break-${r.starts_at}`} className={classes.breakRow}>
                <Table.Td colSpan={days.length + 1}>Istirahat {timeRange(r.starts_at, r.ends_at)}</Table.Td>
              </Table.Tr>
            ) : (
              <Table.Tr key={`period-${r.period}`}>
                <Table.Th scope="row" fw={500}>
                  <Text size="sm" fw={600}>
                    Jam ke-{r.period}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {timeRange(r.starts_at, r.ends_at)}
                  </Text>
                </Table.Th>
                {days.map((d) => (
                  <Table.Td key={d}>
                    <Cell role={role} week={week} day={d} row={r} />
                  </Table.Td>
                ))}
              </Table.Tr>
            ),
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The phone's week: one day at a time behind day tabs (today first chosen), its lessons as rows. */
function WeekDays({ role, week, days, today }: WeekProps) {
  const [chosen, setChosen] = useState<number | null>(null);
  const day = chosen ?? (days.includes(today) ? today : days[0]!);
  const lessons = dayLessons(week, day);
  return (
    <Tabs value={String(day)} onChange={(v) => v && setChosen(Number(v))} keepMounted={false}>
      <Tabs.List grow>
        {days.map((d) => (
          <Tabs.Tab key={d} value={String(d)} px={4} aria-label={d === today ? `${dayName(d)} (hari ini)` : dayName(d)}>
            <Text span size="sm" fw={d === today ? 700 : undefined} td={d === today ? 'underline' : undefined}>
              {dayName(d).slice(0, 3)}
            </Text>
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value={String(day)} pt="sm">
        <Text fw={600} mb={4}>
          {dayName(day)}
          {day === today ? ' · hari ini' : ''}
        </Text>
        {lessons.length === 0 ? (
          <Text c="dimmed" size="sm">
            Tidak ada pelajaran.
          </Text>
        ) : (
          <LessonList role={role} label={`Pelajaran hari ${dayName(day)}`} lessons={lessons} keyOf={(l) => l.key} />
        )}
      </Tabs.Panel>
    </Tabs>
  );
}

function Week({ role, week }: { role: ScheduleRole; week: TimetableWeek }) {
  const isPhone = usePhone();
  const days = weekDays(week);
  const today = wibWeekday();
  if (days.length === 0) return <Text c="dimmed">Jam pelajaran sekolah belum diatur.</Text>;
  const props = { role, week, days, today };
  return (
    <Stack gap="sm">
      {week.slots.length === 0 && <Text c="dimmed">Belum ada pelajaran di jadwal minggu ini.</Text>}
      {isPhone ? <WeekDays {...props} /> : <WeekTable {...props} />}
    </Stack>
  );
}

/** /jadwal — the teacher's or student's week (issue 37): a table on a desktop, one day at a time on a phone. */
export default function SchedulePage() {
  useDocumentTitle('Jadwal | Kelasku');
  const role: ScheduleRole = useSessionUser()?.role === 'teacher' ? 'teacher' : 'student';
  const week = useWeek(role);
  return (
    <Stack>
      <Title order={2}>Jadwal</Title>
      <Text c="dimmed" size="sm">
        {role === 'teacher' ? 'Jadwal mengajarmu minggu ini.' : 'Jadwal pelajaran rombelmu minggu ini.'}
      </Text>
      <QueryState query={week}>{(w) => <Week role={role} week={w} />}</QueryState>
    </Stack>
  );
}
