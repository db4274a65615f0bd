import type { LeaveRequest } from '@kelasku/contract';

/** Pending first (oldest first: the longest waiting), then the decided ones, newest first. */
export function homeroomOrder(list: LeaveRequest[]): LeaveRequest[] {
  const pending = list.filter((r) => r.status === 'pending').sort((a, b) => a.created_at.localeCompare(b.created_at));
  const rest = list.filter((r) => r.status !== 'pending').sort((a, b) => b.created_at.localeCompare(a.created_at));
  return [...pending, ...rest];
}
