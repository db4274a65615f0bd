import type { PrivateComment } from '@kelasku/contract';
import type { AssignmentRef } from '../../api/assignments';
import { useSendPrivateComment } from '../../api/grading';
import { PrivateThread } from '../../components/PrivateThread';

/** The private thread between the teacher and one student about this assignment, with a send box. */
export function PrivateComments({
  r,
  studentId,
  comments,
  readOnly,
}: {
  r: AssignmentRef;
  studentId: number;
  comments: PrivateComment[];
  readOnly: boolean;
}) {
  const send = useSendPrivateComment(r, studentId);
  return (
    <PrivateThread
      comments={comments}
      send={(body) => send.mutateAsync(body)}
      sending={send.isPending}
      draftKey={`komentar-pribadi-${r.id}-${studentId}`}
      placeholder="Hanya terlihat oleh siswa ini dan kamu"
      readOnly={readOnly}
    />
  );
}
