import { ActionIcon, Group, Modal, Stack, Text, UnstyledButton, Alert, Badge } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { slotLabel, type TimetableSlot } from '@kelasku/contract';
import type { Week } from './useWeek';

/** One lesson in a cell: the subject's code, then the teachers (a rombel's week) or the rombel (a teacher's). */
export function SlotItem({ week, slot }: { week: Week; slot: TimetableSlot }) {
  const who = week.mode === 'rombel' ? slot.teachers.map((t) => t.name).join(', ') : slot.rombel.name;
  return (
    <Group gap={4} wrap="nowrap" justify="space-between" align="flex-start" data-testid="slot">
      <div style={{ minWidth: 0 }}>
        <Text fw={600} size="sm" title={slot.subject.name}>
          {slot.subject.code}
        </Text>
        <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
          {who}
        </Text>
      </div>
      <ActionIcon
        size="sm"
        variant="subtle"
        color="red"
        aria-label={`Hapus jadwal ${slotLabel(slot.day, slot.period)} ${slot.subject.code}`}
        onClick={() => week.askDelete(slot)}
      >
        <IconX size={14} />
      </ActionIcon>
    </Group>
  );
}

/** The cell of a period on a day: its lessons, or "+" to place one. */
export function SlotCell({ week, day, period, slots }: { week: Week; day: number; period: number; slots: TimetableSlot[] }) {
  if (slots.length)
    return (
      <Stack gap={4}>
        {slots.map((s) => (
          <SlotItem key={s.id} week={week} slot={s} />
        ))}
      </Stack>
    );
  return (
    <ActionIcon variant="light" aria-label={`Tambah jadwal ${slotLabel(day, period)}`} onClick={() => week.openPicker(day, period)}>
      <IconPlus size={16} />
    </ActionIcon>
  );
}

/** The "+" dialog: the teaching assignments of the rombel (or the teacher) to place in the period. */
export function SlotPicker({ week }: { week: Week }) {
  const p = week.picking;
  return (
    <Modal opened={p !== null} onClose={week.closePicker} title={p ? `Tambah jadwal ${slotLabel(p.day, p.period)}` : ''}>
      <Stack gap="xs">
        {week.choices.length === 0 && <Text c="gray.7">Belum ada tugas mengajar. Buat dulu di Pembagian Tugas Mengajar.</Text>}
        {week.choices.map((a) => (
          <UnstyledButton
            key={a.id}
            onClick={() => week.place(a.id)}
            disabled={week.placing}
            p="xs"
            style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 6 }}
            aria-label={`${a.subject.name} — ${a.rombel.name}`}
          >
            <Group justify="space-between" wrap="nowrap">
              <div>
                <Text fw={600}>{`${a.subject.code} · ${a.subject.name}`}</Text>
                <Text size="sm" c="gray.7">
                  {week.mode === 'rombel' ? a.teachers.map((t) => t.name).join(', ') : a.rombel.name}
                </Text>
              </div>
              <Badge variant="light" color={a.slots >= a.hours_per_week ? 'teal' : 'gray'}>
                {`${a.slots}/${a.hours_per_week} jam`}
              </Badge>
            </Group>
          </UnstyledButton>
        ))}
        {week.pickError && (
          <Alert color="red" role="alert">
            {week.pickError}
          </Alert>
        )}
      </Stack>
    </Modal>
  );
}
