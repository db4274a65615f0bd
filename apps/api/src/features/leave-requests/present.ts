/** Rows → the contract's leaveRequest and homeroomSummary (contract schemas/leave-requests.ts). */
import { semesterLabel, type HomeroomSummary, type LeaveRequest } from '@kelasku/contract';
import type { homeroomSummaries, LeaveListRow } from './queries.js';

export function toLeaveRequest(r: LeaveListRow): LeaveRequest {
  const lr = r.lr;
  return {
    id: lr.id,
    student: { id: lr.studentId, name: r.studentName, nis: r.nis ?? null },
    rombel: { id: lr.rombelClassId, name: r.rombelName },
    kind: lr.kind as LeaveRequest['kind'],
    starts_on: lr.startsOn,
    ends_on: lr.endsOn,
    days: r.days,
    reason: lr.reason,
    file: r.fileName === null ? null : { filename: r.fileName, mime_type: r.fileType ?? '', size: Number(r.fileSize ?? 0) },
    status: lr.status as LeaveRequest['status'],
    requested_by: lr.requestedBy === null || r.requesterName === null ? null : { id: lr.requestedBy, name: r.requesterName },
    decided_by: lr.decidedBy === null || r.deciderName === null ? null : { id: lr.decidedBy, name: r.deciderName },
    decided_at: lr.decidedAt ? lr.decidedAt.toISOString() : null,
    decision_note: lr.decisionNote,
    created_at: lr.createdAt.toISOString(),
  };
}

type SummaryRow = Awaited<ReturnType<typeof homeroomSummaries>>[number];

export function toHomeroomSummary(r: SummaryRow): HomeroomSummary {
  return {
    rombel: { id: r.rombelId, name: r.rombelName },
    semester: { id: r.semesterId, label: semesterLabel({ school_year: r.schoolYear, term: r.term }) },
    students: r.students,
    pending_requests: r.pending,
  };
}
