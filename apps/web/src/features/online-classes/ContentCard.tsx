import { useState, type ReactNode } from 'react';
import { ActionIcon, Anchor, Box, Button, Collapse, Flex, Group, Menu, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import {
  IconChevronDown,
  IconChevronRight,
  IconClipboardText,
  IconEdit,
  IconFile,
  IconMessages,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import type { ClassContentDetail } from '@kelasku/contract';
import { useContent, useDeleteContent, useDeleteMaterial } from '../../api/teacher-classes';
import { confirmDelete } from '../../components/ConfirmDelete';
import { formatDate } from '../../lib/format';
import { toastSuccess } from '../../lib/toast';
import { AssignmentFormModal } from '../assignments/AssignmentFormModal';
import { ForumFormModal } from '../forums/ForumFormModal';
import { MaterialFormModal } from './MaterialFormModal';
import { FileLink } from '../../components/FileLink';

type SubModal = 'material' | 'assignment' | 'forum' | null;

function SubList({ title, empty, children, count }: { title: string; empty: string; count: number; children: ReactNode }) {
  return (
    <Box>
      <Title order={4} size="h6" mb={4}>
        {title}
      </Title>
      {count === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }}>
          {children}
        </Stack>
      )}
    </Box>
  );
}

/** Forums and assignments: links to their pages. */
function LinkList({ title, empty, items }: { title: string; empty: string; items: { id: number; label: string; to: string }[] }) {
  return (
    <SubList title={title} empty={empty} count={items.length}>
      {items.map((item) => (
        <li key={item.id}>
          <Anchor component={Link} to={item.to} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {item.label}
          </Anchor>
        </li>
      ))}
    </SubList>
  );
}

export interface ContentCardProps {
  classId: number;
  /** 1-based position: "Pembelajaran N". */
  position: number;
  seed: ClassContentDetail;
  onEdit: (content: ClassContentDetail) => void;
  /** An archived class: no add, edit or delete buttons. */
  readOnly?: boolean;
}

/** One "Pembelajaran N" card: collapsible, with edit/delete on hover, the Sub konten menu and its three lists. */
export function ContentCard({ classId, position, seed, onEdit, readOnly = false }: ContentCardProps) {
  const { data: content } = useContent(classId, seed.id, seed);
  const [opened, setOpened] = useState(true);
  const [sub, setSub] = useState<SubModal>(null);
  const del = useDeleteContent(classId);
  const delMaterial = useDeleteMaterial(classId, content.id);
  const bodyId = `content-${content.id}-body`;
  const heading = `Pembelajaran ${position}`;
  const base = `/online-class/${classId}/contents/${content.id}`;

  const removeContent = () =>
    confirmDelete({
      title: 'Hapus Konten',
      message: `Hapus "${content.title}"? Materi, forum dan tugas di dalamnya ikut terhapus.`,
      onConfirm: () => del.mutate(content.id, { onSuccess: (res) => toastSuccess(res.message ?? 'Konten berhasil dihapus') }),
    });

  const removeMaterial = (m: { id: number; title: string }) =>
    confirmDelete({
      title: 'Hapus Materi',
      message: `Hapus materi "${m.title}"?`,
      onConfirm: () => delMaterial.mutate(m.id, { onSuccess: (res) => toastSuccess(res.message ?? 'Materi berhasil dihapus') }),
    });

  const closeSub = () => setSub(null);

  return (
    <Paper withBorder p="md" component="section" aria-label={heading} className="kls-hover-parent">
      <Flex direction={{ base: 'column', xs: 'row' }} justify="space-between" align={{ base: 'stretch', xs: 'flex-start' }} gap="xs">
        <UnstyledButton onClick={() => setOpened((o) => !o)} aria-expanded={opened} aria-controls={bodyId} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <Box mt={4} c="dimmed">
              {opened ? <IconChevronDown size={18} aria-hidden /> : <IconChevronRight size={18} aria-hidden />}
            </Box>
            <div style={{ minWidth: 0 }}>
              <Title order={3} size="h5">
                {heading}
              </Title>
              <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                {content.title}
              </Text>
              <Text size="xs" c="dimmed">
                Dibuat {formatDate(content.created_at)}
              </Text>
            </div>
          </Group>
        </UnstyledButton>
        {!readOnly && (
          <Group gap={4} wrap="nowrap" justify="flex-end">
            <Group gap={4} wrap="nowrap" className="kls-hover-actions">
              <ActionIcon variant="subtle" aria-label={`Edit ${heading}`} onClick={() => onEdit(content)}>
                <IconEdit size={18} />
              </ActionIcon>
              <ActionIcon variant="subtle" color="red" aria-label={`Hapus ${heading}`} onClick={removeContent} loading={del.isPending}>
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} aria-label={`Sub konten ${heading}`}>
                  Sub konten
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconFile size={16} />} onClick={() => setSub('material')}>
                  Add Material
                </Menu.Item>
                <Menu.Item leftSection={<IconClipboardText size={16} />} onClick={() => setSub('assignment')}>
                  Add Assignment
                </Menu.Item>
                <Menu.Item leftSection={<IconMessages size={16} />} onClick={() => setSub('forum')}>
                  Add Forum
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        )}
      </Flex>
      <Collapse expanded={opened} id={bodyId}>
        <Stack mt="md" gap="md" pl={{ base: 0, sm: 30 }}>
          {content.description && (
            <Text size="sm" className="kls-pre">
              {content.description}
            </Text>
          )}
          <SubList title="Material" empty="Belum ada materi." count={content.materials.length}>
            {content.materials.map((m) => (
              <Group component="li" key={m.id} gap="xs" wrap="nowrap" justify="space-between">
                <FileLink href={m.file} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  <Group gap={6} wrap="nowrap" component="span">
                    <IconFile size={16} aria-hidden />
                    <span>{m.title}</span>
                  </Group>
                </FileLink>
                {!readOnly && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="sm"
                    aria-label={`Hapus materi ${m.title}`}
                    onClick={() => removeMaterial(m)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                )}
              </Group>
            ))}
          </SubList>
          <LinkList
            title="Forum Diskusi"
            empty="Belum ada forum."
            items={content.forums.map((f) => ({ id: f.id, label: f.topic, to: `${base}/forums/${f.id}` }))}
          />
          <LinkList
            title="Tugas"
            empty="Belum ada tugas."
            items={content.assignment.map((a) => ({ id: a.id, label: a.title, to: `${base}/assignment/${a.id}` }))}
          />
        </Stack>
      </Collapse>
      <MaterialFormModal classId={classId} contentId={content.id} opened={sub === 'material'} onClose={closeSub} />
      <AssignmentFormModal classId={classId} contentId={content.id} opened={sub === 'assignment'} onClose={closeSub} />
      <ForumFormModal classId={classId} contentId={content.id} opened={sub === 'forum'} onClose={closeSub} />
    </Paper>
  );
}
