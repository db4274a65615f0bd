import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeed } from '@kelasku/contract';
import { api } from './client';

// Issue 42: the caller's secret calendar address (GET, POST a new one, DELETE to revoke).

/** The calendar address's query key (the caller's own; no other list depends on it). */
export const calendarKeys = { feed: ['calendar-feed'] as const };

export function useCalendarFeed() {
  return useQuery({ queryKey: calendarKeys.feed, queryFn: () => api.get<CalendarFeed>('/api/calendar') });
}

/** "Buat alamat kalender" / "Buat alamat baru": the old address stops working. */
export function useMakeCalendarFeed() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<CalendarFeed>('/api/calendar'),
    onSuccess: (res) => qc.setQueryData(calendarKeys.feed, res.data),
  });
}

/** "Cabut": the address answers 404 from now on. */
export function useRevokeCalendarFeed() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete('/api/calendar'),
    onSuccess: () => qc.invalidateQueries({ queryKey: calendarKeys.feed }),
  });
}
