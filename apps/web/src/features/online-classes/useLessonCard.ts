import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { ClassLessonDetail, ItemKind, Visibility } from '@kelasku/contract';
import { useLesson, useDeleteLesson, useReorderItems, type VisibilityTarget } from '../../api/lessons';
import { useDeleteMaterial } from '../../api/materials';
import { confirmDelete } from '../../components/ConfirmDelete';
import { toastSuccess } from '../../lib/toast';

type SubModal = 'material' | 'link' | 'assignment' | 'forum' | null;

/** What "Atur visibilitas" is open for: the lesson or one of its items. */
interface VisibilityEdit {
  target: VisibilityTarget;
  name: string;
  current: Visibility;
}

export type Item = Visibility & { id: number };

/**
 * The logic of one "Pembelajaran N" card: the lesson (kept current from the seed), open or closed,
 * which Sub konten dialog or "Atur visibilitas" is open, copying, reordering and deleting.
 */
export function useLessonCard(classId: number, seed: ClassLessonDetail) {
  const { data: content } = useLesson(classId, seed.id, seed);
  const [opened, setOpened] = useState(true);
  const [sub, setSub] = useState<SubModal>(null);
  const [visibility, setVisibility] = useState<VisibilityEdit | null>(null);
  const [copying, setCopying] = useState(false);
  const del = useDeleteLesson(classId);
  const delMaterial = useDeleteMaterial(classId, content.id);
  const reorder = useReorderItems(classId, content.id);
  const bodyId = `content-${content.id}-body`;
  const heading = `Pembelajaran ${content.number}`;
  const sortBy = (kind: ItemKind) => (ids: number[]) => reorder.mutate({ kind, ids });
  const visibilityOf = (kind: ItemKind) => (item: Item, name: string) =>
    setVisibility({ target: { kind, id: item.id }, name, current: item });
  const base = `/online-class/${classId}/contents/${content.id}`;
  const navigate = useNavigate();

  const removeLesson = () =>
    confirmDelete({
      title: 'Hapus Konten',
      message: `Hapus "${content.title}"? Materi, forum, tugas dan kuis di dalamnya ikut terhapus.`,
      onConfirm: () => del.mutate(content.id, { onSuccess: (res) => toastSuccess(res.message ?? 'Konten berhasil dihapus') }),
    });

  const removeMaterial = (m: { id: number; title: string }) =>
    confirmDelete({
      title: 'Hapus Materi',
      message: `Hapus materi "${m.title}"?`,
      onConfirm: () => delMaterial.mutate(m.id, { onSuccess: (res) => toastSuccess(res.message ?? 'Materi berhasil dihapus') }),
    });

  const closeSub = () => setSub(null);

  return {
    content,
    opened,
    setOpened,
    sub,
    setSub,
    visibility,
    setVisibility,
    copying,
    setCopying,
    del,
    bodyId,
    heading,
    sortBy,
    visibilityOf,
    base,
    navigate,
    removeLesson,
    removeMaterial,
    closeSub,
  };
}

export type LessonCardState = ReturnType<typeof useLessonCard>;
