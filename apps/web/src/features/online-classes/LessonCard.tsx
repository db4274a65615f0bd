import type { ReactNode } from 'react';
import { ActionIcon, Anchor, Box, Button, Collapse, Flex, Group, Menu, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import {
  IconChevronDown,
  IconChevronRight,
  IconClipboardText,
  IconCopy,
  IconEdit,
  IconEye,
  IconFile,
  IconLink,
  IconMessages,
  IconPlus,
  IconListCheck,
  IconTrash,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import type { ClassLessonDetail } from '@kelasku/contract';
import { SortableList } from '../../components/SortableList';
import { MathText } from '../../components/MathText';
import { formatDate } from '../../lib/format';
import { AssignmentFormModal } from '../assignments/AssignmentFormModal';
import { ForumFormModal } from '../forums/ForumFormModal';
import { LinkFormModal } from './LinkFormModal';
import { MaterialFormModal } from './MaterialFormModal';
import { MaterialItem } from './MaterialItem';
import { YouTubeEmbed } from '../../components/YouTubeEmbed';
import { shownDescription } from '../../lib/lessons';
import { VisibilityBadge } from '../../components/VisibilityBadge';
import { VisibilityModal } from './VisibilityModal';
import { CopyLessonModal } from './CopyLessonModal';
import { QuizItem } from '../quizzes/teacher/QuizItem';
import { newQuizPath } from '../quizzes/teacher/paths';
import { useLessonCard, type Item, type LessonCardState } from './useLessonCard';

/**
 * One list of the content (materials, forums or assignments) in the teacher's order: each row with
 * its drag handle and up/down buttons, the item, its visibility badge and "Atur visibilitas".
 */
function ItemList<T extends Item>({
  title,
  empty,
  items,
  nameOf,
  onReorder,
  onVisibility,
  readOnly,
  children,
  below,
}: {
  title: string;
  empty: string;
  items: T[];
  /** The item as buttons name it: "materi Modul 1". */
  nameOf: (item: T) => string;
  onReorder: (ids: number[]) => void;
  /** Opens "Atur visibilitas" of an item. */
  onVisibility: (item: T, name: string) => void;
  readOnly: boolean;
  children: (item: T) => ReactNode;
  /** Shown under the item's row at the list's full width (a video). */
  below?: (item: T) => ReactNode;
}) {
  return (
    <Box>
      <Title order={4} size="h6" mb={4}>
        {title}
      </Title>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <SortableList items={items} labelOf={nameOf} onReorder={onReorder} disabled={readOnly}>
          {(item, controls) => (
            <Stack gap={6}>
              <Group gap="xs" wrap="nowrap" align="center">
                {controls}
                <Group gap="xs" wrap="wrap" style={{ flex: 1, minWidth: 0 }}>
                  {children(item)}
                  <VisibilityBadge visibility={item} />
                </Group>
                {!readOnly && (
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="sm"
                    aria-label={`Atur visibilitas ${nameOf(item)}`}
                    onClick={() => onVisibility(item, nameOf(item))}
                  >
                    <IconEye size={16} aria-hidden />
                  </ActionIcon>
                )}
              </Group>
              {below?.(item)}
            </Stack>
          )}
        </SortableList>
      )}
    </Box>
  );
}

/** A forum or an assignment: a link to its page. */
const ItemLink = ({ to, label }: { to: string; label: string }) => (
  <Anchor component={Link} to={to} size="sm" style={{ overflowWrap: 'anywhere' }}>
    {label}
  </Anchor>
);

export interface LessonCardProps {
  classId: number;
  seed: ClassLessonDetail;
  /** The drag handle and up/down buttons of the card in the class's list (none when read-only). */
  controls?: ReactNode;
  onEdit: (content: ClassLessonDetail) => void;
  /** An archived class: no add, edit or delete buttons. */
  readOnly?: boolean;
}

/**
 * One "Pembelajaran N" card (N is the lesson's own number): collapsible, with edit/delete on
 * hover, the Sub konten menu, its visibility, and its lists, each in the teacher's order.
 */
export function LessonCard({ classId, seed, controls, onEdit, readOnly = false }: LessonCardProps) {
  const state = useLessonCard(classId, seed);
  const { content, opened, setOpened, sub, visibility, setVisibility, copying, setCopying, bodyId, heading, closeSub } = state;

  return (
    <Paper withBorder p="md" component="section" aria-label={heading} className="kls-hover-parent">
      <Flex direction={{ base: 'column', xs: 'row' }} justify="space-between" align={{ base: 'stretch', xs: 'flex-start' }} gap="xs">
        <Group gap={4} wrap="nowrap" align="flex-start" style={{ flex: 1, minWidth: 0 }}>
          {controls}
          <UnstyledButton
            onClick={() => setOpened((o) => !o)}
            aria-expanded={opened}
            aria-controls={bodyId}
            style={{ flex: 1, minWidth: 0 }}
          >
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
                <Group gap="xs">
                  <Text size="xs" c="dimmed">
                    Dibuat {formatDate(content.created_at)}
                  </Text>
                  <VisibilityBadge visibility={content} />
                </Group>
              </div>
            </Group>
          </UnstyledButton>
        </Group>
        {!readOnly && <LessonActions state={state} classId={classId} onEdit={onEdit} />}
        {readOnly && (
          // An archived class's lessons are copied into this year's classes.
          <Button variant="light" size="xs" leftSection={<IconCopy size={14} />} onClick={() => setCopying(true)}>
            Salin ke kelas lain
          </Button>
        )}
      </Flex>
      <Collapse expanded={opened} id={bodyId}>
        <Stack mt="md" gap="md" pl={{ base: 0, sm: 30 }}>
          <LessonItems state={state} classId={classId} readOnly={readOnly} />
        </Stack>
      </Collapse>
      <MaterialFormModal classId={classId} lessonId={content.id} opened={sub === 'material'} onClose={closeSub} />
      <LinkFormModal classId={classId} lessonId={content.id} opened={sub === 'link'} onClose={closeSub} />
      <AssignmentFormModal classId={classId} lessonId={content.id} opened={sub === 'assignment'} onClose={closeSub} />
      <ForumFormModal classId={classId} lessonId={content.id} opened={sub === 'forum'} onClose={closeSub} />
      {visibility && (
        <VisibilityModal
          classId={classId}
          lessonId={content.id}
          {...visibility}
          opened={visibility !== null}
          onClose={() => setVisibility(null)}
        />
      )}
      <CopyLessonModal classId={classId} content={content} heading={heading} opened={copying} onClose={() => setCopying(false)} />
    </Paper>
  );
}

/** The lesson's buttons: edit, visibility and delete (shown on hover), and the Sub konten menu. */
function LessonActions({
  state,
  classId,
  onEdit,
}: {
  state: LessonCardState;
  classId: number;
  onEdit: (content: ClassLessonDetail) => void;
}) {
  const { content, heading, setVisibility, removeLesson, del, setSub, setCopying, navigate } = state;
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Group gap={4} wrap="nowrap" className="kls-hover-actions">
        <ActionIcon variant="subtle" aria-label={`Edit ${heading}`} onClick={() => onEdit(content)}>
          <IconEdit size={18} />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          aria-label={`Atur visibilitas ${heading}`}
          onClick={() => setVisibility({ target: { kind: 'content' }, name: heading, current: content })}
        >
          <IconEye size={18} />
        </ActionIcon>
        <ActionIcon variant="subtle" color="red" aria-label={`Hapus ${heading}`} onClick={removeLesson} loading={del.isPending}>
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
          <Menu.Item leftSection={<IconLink size={16} />} onClick={() => setSub('link')}>
            Add Link
          </Menu.Item>
          <Menu.Item leftSection={<IconClipboardText size={16} />} onClick={() => setSub('assignment')}>
            Add Assignment
          </Menu.Item>
          <Menu.Item leftSection={<IconMessages size={16} />} onClick={() => setSub('forum')}>
            Add Forum
          </Menu.Item>
          <Menu.Item leftSection={<IconListCheck size={16} />} onClick={() => void navigate(newQuizPath(classId, content.id))}>
            Add Quiz
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item leftSection={<IconCopy size={16} />} onClick={() => setCopying(true)}>
            Salin ke kelas lain
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

/** The lesson's four lists: materials, forums, assignments and quizzes. */
function LessonItems({ state, classId, readOnly }: { state: LessonCardState; classId: number; readOnly: boolean }) {
  const { content, sortBy, visibilityOf, base, removeMaterial } = state;
  const description = shownDescription(content);
  return (
    <>
      {description && <MathText size="sm">{description}</MathText>}
      <ItemList
        title="Material"
        empty="Belum ada materi."
        items={content.materials}
        nameOf={(m) => `materi ${m.title}`}
        onReorder={sortBy('materials')}
        onVisibility={visibilityOf('materials')}
        readOnly={readOnly}
        below={(m) => (m.youtube_id ? <YouTubeEmbed id={m.youtube_id} title={m.title} /> : null)}
      >
        {(m) => <MaterialItem classId={classId} lessonId={content.id} material={m} onDelete={readOnly ? null : removeMaterial} />}
      </ItemList>
      <ItemList
        title="Forum Diskusi"
        empty="Belum ada forum."
        items={content.forums}
        nameOf={(f) => `forum ${f.topic}`}
        onReorder={sortBy('forums')}
        onVisibility={visibilityOf('forums')}
        readOnly={readOnly}
      >
        {(f) => <ItemLink to={`${base}/forums/${f.id}`} label={f.topic} />}
      </ItemList>
      <ItemList
        title="Tugas"
        empty="Belum ada tugas."
        items={content.assignment}
        nameOf={(a) => `tugas ${a.title}`}
        onReorder={sortBy('assignments')}
        onVisibility={visibilityOf('assignments')}
        readOnly={readOnly}
      >
        {(a) => <ItemLink to={`${base}/assignment/${a.id}`} label={a.title} />}
      </ItemList>
      <ItemList
        title="Kuis"
        empty="Belum ada kuis."
        items={content.quizzes}
        nameOf={(q) => `kuis ${q.title}`}
        onReorder={sortBy('quizzes')}
        onVisibility={visibilityOf('quizzes')}
        readOnly={readOnly}
      >
        {(q) => <QuizItem classId={classId} lessonId={content.id} quiz={q} />}
      </ItemList>
    </>
  );
}
