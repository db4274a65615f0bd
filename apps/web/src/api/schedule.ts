import { useQuery } from '@tanstack/react-query';
import type { TimetableWeek, Today } from '@kelasku/contract';
import { api } from './client';

/** Whose day and week: the teacher's own lessons, or the student's rombel's. */
export type ScheduleRole = 'teacher' | 'student';

/** Under the role's key (['teacher', …], ['student', …]), so clearing a role's data clears these too. */
export const scheduleKeys = {
  today: (role: ScheduleRole) => [role, 'today'] as const,
  week: (role: ScheduleRole) => [role, 'timetable'] as const,
};

/** A lesson's "now" and "next" move during the day: the answer is renewed every five minutes while the page is open. */
const TODAY_REFRESH_MS = 5 * 60_000;

/** "Hari ini": today's lessons in order (with their state at the time of the answer), what is due today, wali kelas. */
export function useToday(role: ScheduleRole) {
  return useQuery({
    queryKey: scheduleKeys.today(role),
    queryFn: () => api.get<Today>(`/api/${role}/today`),
    refetchInterval: TODAY_REFRESH_MS,
  });
}

/** The week ("Jadwal"): the bell times and the caller's slots. */
export function useWeek(role: ScheduleRole) {
  return useQuery({ queryKey: scheduleKeys.week(role), queryFn: () => api.get<TimetableWeek>(`/api/${role}/timetable`) });
}
