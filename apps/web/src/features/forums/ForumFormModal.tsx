/**
 * "Buat Forum" (create) and edit of a forum, opened from the class page's Sub konten menu and
 * from the teacher forum page. Built by the forums issue.
 */
export interface ForumFormModalProps {
  classId: number;
  contentId: number;
  opened: boolean;
  onClose: () => void;
  /** Present when editing. */
  forum?: { id: number; topic: string; description: string | null };
}

export function ForumFormModal(_props: ForumFormModalProps) {
  return null;
}
