import { Badge, Card, Group, Select, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronRight, IconPlus } from '@tabler/icons-react';
import type { TeachingGridState } from './useTeachingGrid';

/** The phone: one rombel at a time, its subjects as a list (teachers and hours), each opening its dialog. */
export function RombelSubjects({ state }: { state: TeachingGridState }) {
  const d = state.derived!;
  const rombel = state.phoneRombel;
  const subjects = rombel ? d.subjectsOf(rombel) : [];
  return (
    <Stack gap="sm">
      <Select
        label="Rombel"
        searchable
        nothingFoundMessage="Rombel tidak ditemukan"
        data={d.allRombels.map((r) => ({ value: String(r.id), label: r.name }))}
        value={rombel ? String(rombel.id) : null}
        onChange={(v) => state.setPhoneRombel(v ? Number(v) : null)}
        allowDeselect={false}
      />
      {rombel && (
        <Group justify="space-between">
          <Text fw={600}>{rombel.name}</Text>
          <Badge variant="light" size="lg">{`Jumlah ${d.hours.get(rombel.id) ?? 0} jam per minggu`}</Badge>
        </Group>
      )}
      {rombel && subjects.length === 0 && <Text c="gray.7">Belum ada mata pelajaran untuk rombel ini</Text>}
      {rombel &&
        subjects.map((s) => {
          const a = d.cell(rombel.id, s.id);
          return (
            <Card key={s.id} withBorder padding={0} component="article" aria-label={s.name}>
              <UnstyledButton
                onClick={() => state.open(rombel, s)}
                p="sm"
                w="100%"
                aria-label={
                  a ? `Ubah ${s.name}: ${a.teachers.map((t) => t.name).join(', ')}, ${a.hours_per_week} jam` : `Tambah guru ${s.name}`
                }
              >
                <Group justify="space-between" wrap="nowrap">
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600}>{s.name}</Text>
                    {a ? (
                      <Text size="sm">{`${a.teachers.map((t) => t.name).join(', ')} · ${a.hours_per_week} jam`}</Text>
                    ) : (
                      <Text size="sm" c="gray.7">
                        Belum ada guru
                      </Text>
                    )}
                  </div>
                  {a ? <IconChevronRight size={18} aria-hidden /> : <IconPlus size={18} aria-hidden />}
                </Group>
              </UnstyledButton>
            </Card>
          );
        })}
    </Stack>
  );
}
