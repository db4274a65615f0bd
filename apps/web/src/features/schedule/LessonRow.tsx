import { Badge, Button, Group, Text, UnstyledButton } from '@mantine/core';
import { IconChevronRight, IconUserCheck } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import type { TimetableSlot, TodayLesson } from '@kelasku/contract';
import type { ScheduleRole } from '../../api/schedule';
import { classLink, lessonWho, periodsLabel, timeRange } from './week';
import classes from './schedule.module.css';

// The app's teal (shade 9) keeps both badges' text at AA contrast.
const STATE_BADGE: Partial<Record<TodayLesson['state'], { label: string; variant: 'filled' | 'outline' }>> = {
  now: { label: 'Sedang berlangsung', variant: 'filled' },
  next: { label: 'Berikutnya', variant: 'outline' },
};

export interface LessonRowProps {
  starts_at: string;
  ends_at: string;
  periods: readonly number[];
  subject: string;
  /** The rombel (teacher) or the teachers (student). */
  who: string;
  to: string;
  state?: TodayLesson['state'];
  /** The teacher's "Presensi" beside the row (today's lessons): the lesson's meeting, or the class's meetings. */
  attendanceTo?: string;
}

/** Beside the row's link, not inside it (no control within a control). */
const WITH_ACTION = { display: 'flex', alignItems: 'center', gap: 6 } as const;

/** One lesson as a compact row, the whole row a link to its class: time, subject, who, and "now"/"next". */
export function LessonRow({ starts_at, ends_at, periods, subject, who, to, state, attendanceTo }: LessonRowProps) {
  const badge = state ? STATE_BADGE[state] : undefined;
  const done = state === 'done';
  const navigate = useNavigate();
  return (
    <li className={classes.row} data-state={state} style={attendanceTo ? WITH_ACTION : undefined}>
      <UnstyledButton component={Link} to={to} className={classes.link} aria-current={state === 'now' ? 'time' : undefined}>
        {/* A lesson that is over is greyed (gray 7, still AA: no opacity). */}
        <Group wrap="nowrap" gap="sm" align="flex-start">
          <Text size="sm" fw={done ? 400 : 600} c={done ? 'dimmed' : undefined} className={classes.time}>
            {timeRange(starts_at, ends_at)}
          </Text>
          <div style={{ flex: 1, minWidth: 0 }}>
            <Group gap={6} wrap="wrap">
              <Text fw={done ? 500 : 600} c={done ? 'dimmed' : undefined} style={{ overflowWrap: 'anywhere' }}>
                {subject}
              </Text>
              {badge && (
                <Badge size="sm" color="teal" variant={badge.variant} tt="none">
                  {badge.label}
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {who}
              {who && periods.length > 0 && ' · '}
              <span className={classes.nowrap}>{periodsLabel(periods)}</span>
            </Text>
          </div>
          <IconChevronRight size={18} aria-hidden style={{ flexShrink: 0, marginTop: 3, color: 'var(--mantine-color-dimmed)' }} />
        </Group>
      </UnstyledButton>
      {attendanceTo && (
        // A button (the row is the lesson's one link): it opens the lesson's meeting.
        <Button
          onClick={() => navigate(attendanceTo)}
          variant="light"
          h={40}
          px="xs"
          leftSection={<IconUserCheck size={16} aria-hidden />}
          aria-label={`Presensi ${subject} ${who}`}
          style={{ flexShrink: 0 }}
        >
          Presensi
        </Button>
      )}
    </li>
  );
}

/** What a list row needs of a lesson (of the week or of today). */
type ListedLesson = Pick<TimetableSlot, 'starts_at' | 'ends_at' | 'class_id' | 'rombel' | 'teachers'> & {
  periods: readonly number[];
  subject: { name: string };
  state?: TodayLesson['state'];
};

/** A day's lessons as rows, each opening its class (`label` names the list). */
export function LessonList<L extends ListedLesson>({
  role,
  label,
  lessons,
  keyOf,
  attendanceLink,
}: {
  role: ScheduleRole;
  label: string;
  lessons: L[];
  keyOf: (lesson: L) => string;
  /** The teacher's "Presensi" of a lesson (today's lessons only). */
  attendanceLink?: (lesson: L) => string;
}) {
  return (
    <ul className={classes.list} aria-label={label}>
      {lessons.map((l) => (
        <LessonRow
          key={keyOf(l)}
          starts_at={l.starts_at}
          ends_at={l.ends_at}
          periods={l.periods}
          subject={l.subject.name}
          who={lessonWho(role, l)}
          to={classLink(role, l.class_id)}
          state={l.state}
          attendanceTo={attendanceLink?.(l)}
        />
      ))}
    </ul>
  );
}
