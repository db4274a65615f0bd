import { useQuery } from '@tanstack/react-query';
import type { DashboardStats } from '@kelasku/contract';
import { api } from './client';
import { keys } from './keys';

export function useDashboardStats() {
  return useQuery({ queryKey: keys.admin.stats, queryFn: () => api.get<DashboardStats>('/api/admin/dashboard/users') });
}
