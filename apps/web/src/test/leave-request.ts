/** A leave request as the API answers it, for page tests. */
import type { LeaveRequest } from '@kelasku/contract';

export const leaveRequest = (id: number, over: Partial<LeaveRequest> = {}): LeaveRequest => ({
  id,
  student: { id: 50 + id, name: `Siswa ${id}`, nis: null },
  rombel: { id: 1, name: 'X TKJ 1' },
  kind: 'S',
  starts_on: '2026-11-30',
  ends_on: '2026-12-01',
  days: 2,
  reason: 'Demam',
  file: { filename: 'surat.jpg', mime_type: 'image/jpeg', size: 1000 },
  status: 'pending',
  requested_by: null,
  decided_by: null,
  decided_at: null,
  decision_note: null,
  created_at: `2026-11-2${id}T01:00:00Z`,
  ...over,
});
