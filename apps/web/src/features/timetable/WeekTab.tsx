import { useState } from 'react';
import { Button, Card, Group, SegmentedControl, Select, Stack, Table, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { DAY_NAMES, dayName, type TimetableWeek } from '@kelasku/contract';
import { QueryState } from '../../components/QueryState';
import { usePhone } from '../../lib/use-phone';
import { SlotCell, SlotPicker } from './SlotCell';
import { TimetableImport } from './TimetableImport';
import { periodTime, slotsAt, useWeek, weekDays, weekPeriods, type Week, type WeekMode } from './useWeek';

/** Desktop: days as columns, lesson periods as rows. */
function WeekGrid({ week, data }: { week: Week; data: TimetableWeek }) {
  const days = weekDays(data);
  const periods = weekPeriods(data);
  return (
    <Table.ScrollContainer minWidth={720} type="native" tabIndex={0}>
      <Table withTableBorder withColumnBorders aria-label="Jadwal mingguan" layout="fixed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={90}>Jam ke</Table.Th>
            {days.map((d) => (
              <Table.Th key={d}>{dayName(d)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {periods.map((p) => (
            <Table.Tr key={p}>
              <Table.Th scope="row">{p}</Table.Th>
              {days.map((d) => {
                const time = periodTime(data, d, p);
                const slots = slotsAt(data, d, p);
                return (
                  <Table.Td key={d} valign="top">
                    {time === null && slots.length === 0 ? (
                      <Text c="gray.6" aria-label="Tidak ada jam">
                        –
                      </Text>
                    ) : (
                      <Stack gap={2}>
                        {time && (
                          <Text size="xs" c="gray.7">
                            {time}
                          </Text>
                        )}
                        <SlotCell week={week} day={d} period={p} slots={slots} />
                      </Stack>
                    )}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Phone: one day at a time, its periods and breaks as a list. */
function DayList({ week, data }: { week: Week; data: TimetableWeek }) {
  const days = weekDays(data);
  const [day, setDay] = useState(String(days[0] ?? 1));
  const d = Number(day);
  const bell = data.bell.find((b) => b.day === d)?.periods ?? [];
  const extra = data.slots.filter((s) => s.day === d && !bell.some((b) => b.period === s.period));
  return (
    <Stack gap="xs">
      <SegmentedControl
        value={day}
        onChange={setDay}
        fullWidth
        aria-label="Hari"
        data={days.map((x) => ({ value: String(x), label: DAY_NAMES[x - 1]!.slice(0, 3) }))}
      />
      <Text fw={600}>{dayName(d)}</Text>
      {bell.length === 0 && extra.length === 0 && <Text c="gray.7">Belum ada jam pelajaran pada hari ini.</Text>}
      {bell.map((b) => (
        <Card key={`${b.period ?? 'i'}-${b.starts_at}`} withBorder padding="xs" bg={b.period === null ? 'gray.0' : undefined}>
          {b.period === null ? (
            <Text size="sm" c="gray.7">{`Istirahat ${b.starts_at}–${b.ends_at}`}</Text>
          ) : (
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Text size="sm" fw={600} style={{ flexShrink: 0 }}>{`Jam ke-${b.period} ${b.starts_at}–${b.ends_at}`}</Text>
              <SlotCell week={week} day={d} period={b.period} slots={slotsAt(data, d, b.period)} />
            </Group>
          )}
        </Card>
      ))}
      {extra.map((s) => (
        <Card key={s.id} withBorder padding="xs">
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm" fw={600}>{`Jam ke-${s.period}`}</Text>
            <SlotCell week={week} day={d} period={s.period} slots={[s]} />
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

/** "Jadwal": a rombel's or a teacher's week; "+" places a teaching assignment, × removes it; XLSX import. */
export function WeekTab() {
  const week = useWeek();
  const phone = usePhone();
  const [importing, setImporting] = useState(false);
  return (
    <QueryState query={week.grid}>
      {(grid) => (
        <Stack>
          <Group align="flex-end" justify="space-between">
            <Group align="flex-end" w={{ base: '100%', sm: 'auto' }}>
              <SegmentedControl
                value={week.mode}
                onChange={(v) => week.switchMode(v as WeekMode)}
                aria-label="Jadwal menurut"
                data={[
                  { value: 'rombel', label: 'Rombel' },
                  { value: 'teacher', label: 'Guru' },
                ]}
              />
              <Select
                label={week.mode === 'rombel' ? 'Rombel' : 'Guru'}
                placeholder={week.mode === 'rombel' ? 'Pilih rombel' : 'Pilih guru'}
                searchable
                value={week.chosen}
                onChange={week.setChosen}
                data={
                  week.mode === 'rombel'
                    ? grid.rombels.map((r) => ({ value: String(r.id), label: r.name }))
                    : week.teachers.map((t) => ({ value: String(t.id), label: t.name }))
                }
                w={{ base: '100%', sm: 280 }}
                nothingFoundMessage="Tidak ditemukan"
              />
            </Group>
            <Button variant="default" leftSection={<IconFileSpreadsheet size={16} />} onClick={() => setImporting(true)}>
              Impor XLSX
            </Button>
          </Group>
          {week.chosen === null ? (
            <Text c="gray.7">
              {week.mode === 'rombel' ? 'Pilih rombel untuk melihat jadwalnya.' : 'Pilih guru untuk melihat jadwalnya.'}
            </Text>
          ) : (
            <QueryState query={week.week}>
              {(data) => (phone ? <DayList week={week} data={data} /> : <WeekGrid week={week} data={data} />)}
            </QueryState>
          )}
          <SlotPicker week={week} />
          <TimetableImport opened={importing} onClose={() => setImporting(false)} />
        </Stack>
      )}
    </QueryState>
  );
}
