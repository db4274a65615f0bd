import { Badge } from '@mantine/core';
import { formatRelativeDeadline } from '../../../lib/format';
import { useNow } from '../../../lib/now';
import type { ClassLessonQuiz } from './types';

/** Beside a quiz link of a content: not open yet, open (until when), or closed. */
export function QuizBadge({ quiz }: { quiz: Pick<ClassLessonQuiz, 'opens_at' | 'closes_at'> }) {
  const now = useNow();
  if (quiz.opens_at && Date.parse(quiz.opens_at) > now) {
    return (
      <Badge variant="light" color="gray" size="sm">
        Dibuka {formatRelativeDeadline(quiz.opens_at, now)}
      </Badge>
    );
  }
  if (quiz.closes_at && Date.parse(quiz.closes_at) <= now) {
    return (
      <Badge variant="light" color="gray" size="sm">
        Ditutup
      </Badge>
    );
  }
  return (
    <Badge variant="light" color="teal" size="sm">
      {quiz.closes_at ? `Dibuka · tutup ${formatRelativeDeadline(quiz.closes_at, now)}` : 'Dibuka'}
    </Badge>
  );
}
