import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { ClassLessonQuiz } from '@kelasku/contract';
import { QuizStatusBadge, quizWindowText } from './QuizStatus';
import { quizPath } from './paths';

/** A quiz in its content's "Kuis" list: a link to its page, its window in WIB and whether it is open now. */
export function QuizItem({ classId, lessonId, quiz }: { classId: number; lessonId: number; quiz: ClassLessonQuiz }) {
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Group gap="xs" wrap="wrap">
        <Anchor component={Link} to={quizPath({ classId, lessonId, id: quiz.id })} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {quiz.title}
        </Anchor>
        <QuizStatusBadge quiz={quiz} />
      </Group>
      <Text size="xs" c="dimmed">
        {quizWindowText(quiz)}
      </Text>
    </Stack>
  );
}
