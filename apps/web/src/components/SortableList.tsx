import type { CSSProperties, ReactNode } from 'react';
import { ActionIcon, Group } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical } from '@tabler/icons-react';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';

export interface SortableListProps<T extends { id: number }> {
  items: T[];
  /** The accessible name of a row ("Pembelajaran 3", "materi Modul 1"), for its handle and buttons. */
  labelOf: (item: T) => string;
  /** Every id in the new order, after a drag or an up/down button. */
  onReorder: (ids: number[]) => void;
  /** Read-only (an archived class): rows without handle and buttons. */
  disabled?: boolean;
  /** The list element: `ul` (rows are `li`) or `div`. */
  component?: 'ul' | 'div';
  gap?: number | string;
  /** One row; `controls` (the drag handle and the up/down buttons) goes where the row wants it. */
  children: (item: T, controls: ReactNode) => ReactNode;
}

const INSTRUCTIONS =
  'Tekan spasi atau Enter untuk mengangkat. Gunakan panah atas dan bawah untuk memindahkan, ' +
  'spasi atau Enter untuk meletakkan, Escape untuk membatalkan.';

function MoveButton({ label, disabled, onClick, icon }: { label: string; disabled: boolean; onClick: () => void; icon: ReactNode }) {
  return (
    <ActionIcon variant="subtle" color="gray" aria-label={label} disabled={disabled} onClick={onClick}>
      {icon}
    </ActionIcon>
  );
}

function Row({
  id,
  label,
  index,
  count,
  disabled,
  as,
  move,
  children,
}: {
  id: number;
  label: string;
  index: number;
  count: number;
  disabled: boolean;
  as: 'li' | 'div';
  move: (from: number, to: number) => void;
  children: (controls: ReactNode) => ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    disabled,
    attributes: { roleDescription: 'dapat diurutkan' },
  });
  const style: CSSProperties = {
    transform: CSS.Translate.toString(transform),
    transition,
    position: 'relative',
    zIndex: isDragging ? 2 : undefined,
    listStyle: 'none',
  };
  const controls = disabled ? null : (
    <Group gap={2} wrap="nowrap" style={{ flexShrink: 0 }}>
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={`Pindahkan ${label}`}
        ref={setActivatorNodeRef}
        style={{ cursor: 'grab', touchAction: 'none' }}
        {...attributes}
        {...listeners}
      >
        <IconGripVertical size={16} aria-hidden />
      </ActionIcon>
      <MoveButton
        label={`Naikkan ${label}`}
        disabled={index === 0}
        onClick={() => move(index, index - 1)}
        icon={<IconArrowUp size={16} aria-hidden />}
      />
      <MoveButton
        label={`Turunkan ${label}`}
        disabled={index === count - 1}
        onClick={() => move(index, index + 1)}
        icon={<IconArrowDown size={16} aria-hidden />}
      />
    </Group>
  );
  const Tag = as;
  return (
    <Tag ref={setNodeRef} style={style}>
      {children(controls)}
    </Tag>
  );
}

/**
 * A list the teacher puts in order: drag a row by its handle (mouse, touch, or the keyboard: focus
 * the handle, Space, arrows, Space), or press its "Naikkan" / "Turunkan" buttons. Each move calls
 * `onReorder` with the whole new order; the caller saves it.
 */
export function SortableList<T extends { id: number }>({
  items,
  labelOf,
  onReorder,
  disabled = false,
  component = 'ul',
  gap = 4,
  children,
}: SortableListProps<T>) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map((i) => i.id);
  const labelOfId = (id: UniqueIdentifier) => {
    const item = items.find((i) => i.id === id);
    return item ? labelOf(item) : '';
  };
  const place = (id: UniqueIdentifier) => `posisi ${ids.indexOf(Number(id)) + 1} dari ${ids.length}`;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `${labelOfId(active.id)} diangkat, di ${place(active.id)}.`,
    onDragOver: ({ active, over }) => (over ? `${labelOfId(active.id)} dipindah ke ${place(over.id)}.` : undefined),
    onDragEnd: ({ active, over }) => (over ? `${labelOfId(active.id)} diletakkan di ${place(over.id)}.` : undefined),
    onDragCancel: ({ active }) => `Pemindahan ${labelOfId(active.id)} dibatalkan.`,
  };
  const move = (from: number, to: number) => {
    if (to < 0 || to >= ids.length || from === to) return;
    onReorder(arrayMove(ids, from, to));
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over) move(ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id)));
  };
  const List = component;
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: INSTRUCTIONS } }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={disabled}>
        <List style={{ display: 'flex', flexDirection: 'column', gap, margin: 0, padding: 0, listStyle: 'none' }}>
          {items.map((item, index) => (
            <Row
              key={item.id}
              id={item.id}
              label={labelOf(item)}
              index={index}
              count={items.length}
              disabled={disabled}
              as={component === 'ul' ? 'li' : 'div'}
              move={move}
            >
              {(controls) => children(item, controls)}
            </Row>
          ))}
        </List>
      </SortableContext>
    </DndContext>
  );
}
