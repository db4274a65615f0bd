import { useQuery } from '@tanstack/react-query';
import type { UpcomingAssignment, UpcomingQuiz } from '@kelasku/contract';
import { api } from './client';
import { keys } from './keys';

export function useUpcomingAssignments() {
  return useQuery({
    queryKey: keys.upcomingAssignments,
    queryFn: () => api.get<UpcomingAssignment[]>('/api/student/upcoming-assignments'),
  });
}

/** The quizzes the student can still take (open or opening later, not closed, attempts left), by closing time. */
export function useUpcomingQuizzes() {
  return useQuery({
    queryKey: keys.upcomingQuizzes,
    queryFn: () => api.get<UpcomingQuiz[]>('/api/student/upcoming-quizzes'),
  });
}
