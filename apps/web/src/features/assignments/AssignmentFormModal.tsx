/**
 * "Buat Assignment" (create) and edit of an assignment, opened from the class page's Sub konten
 * menu and from the assignment page. Built by the assignments issue.
 */
export interface AssignmentFormModalProps {
  classId: number;
  contentId: number;
  opened: boolean;
  onClose: () => void;
  /** Present when editing. */
  assignment?: { id: number; title: string; description: string; deadline: string };
}

export function AssignmentFormModal(_props: AssignmentFormModalProps) {
  return null;
}
