import { useState } from 'react';
import { ActionIcon, Group, Menu } from '@mantine/core';
import { IconDots, IconEdit, IconFileUpload, IconTrash } from '@tabler/icons-react';
import type { ClassMaterial } from '@kelasku/contract';
import { MaterialView } from '../../components/MaterialView';
import { MaterialEditModal } from './MaterialEditModal';
import { ReplaceFileModal } from './ReplaceFileModal';

export interface MaterialItemProps {
  classId: number;
  lessonId: number;
  material: ClassMaterial;
  /** Null for an archived class: no edit or delete. */
  onDelete: ((m: ClassMaterial) => void) | null;
}

/** One material of a content on the teacher's page: the file, link or video, and its menu (Edit, Ganti file) and delete. */
export function MaterialItem({ classId, lessonId, material: m, onDelete }: MaterialItemProps) {
  const [modal, setModal] = useState<'edit' | 'replace' | null>(null);
  const close = () => setModal(null);
  return (
    <Group gap="xs" wrap="nowrap" justify="space-between" align="flex-start" style={{ flex: 1, minWidth: 0 }}>
      {/* The teacher's row is full of controls: the video plays on its own line below it (LessonCard). */}
      <MaterialView material={m} embed={false} />
      {onDelete && (
        <Group gap={2} wrap="nowrap">
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" size="sm" aria-label={`Aksi materi ${m.title}`}>
                <IconDots size={16} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconEdit size={16} />} onClick={() => setModal('edit')}>
                Edit
              </Menu.Item>
              {m.kind === 'file' && (
                <Menu.Item leftSection={<IconFileUpload size={16} />} onClick={() => setModal('replace')}>
                  Ganti file
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
          <ActionIcon variant="subtle" color="red" size="sm" aria-label={`Hapus materi ${m.title}`} onClick={() => onDelete(m)}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      )}
      {onDelete && (
        <>
          <MaterialEditModal classId={classId} lessonId={lessonId} material={m} opened={modal === 'edit'} onClose={close} />
          {m.kind === 'file' && (
            <ReplaceFileModal classId={classId} lessonId={lessonId} material={m} opened={modal === 'replace'} onClose={close} />
          )}
        </>
      )}
    </Group>
  );
}
