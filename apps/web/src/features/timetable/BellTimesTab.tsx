import { useState } from 'react';
import { ActionIcon, Alert, Button, Card, Group, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { IconCopy, IconPlus, IconTrash } from '@tabler/icons-react';
import { dayName } from '@kelasku/contract';
import { QueryState } from '../../components/QueryState';
import { SCHOOL_DAYS, useBellTimesForm, type BellRow } from './useBellTimesForm';

type Form = ReturnType<typeof useBellTimesForm>;

/** The label of each row: "Jam ke-3" or "Istirahat". */
function rowLabels(rows: BellRow[]): string[] {
  let n = 0;
  return rows.map((r) => (r.kind === 'period' ? `Jam ke-${++n}` : 'Istirahat'));
}

function DayRows({ form, day }: { form: Form; day: number }) {
  const rows = form.days[day] ?? [];
  const labels = rowLabels(rows);
  const name = dayName(day);
  return (
    <Stack gap="xs">
      {rows.length === 0 && <Text c="gray.7">{`Belum ada jam pelajaran pada hari ${name}.`}</Text>}
      {rows.map((r, i) => {
        const label = labels[i]!;
        const err = (field: string) => form.errors[`${day}.${i}.${field}`];
        return (
          <Group key={r.key} gap="xs" align="flex-start" wrap="nowrap">
            <Text
              w={84}
              pt={6}
              fw={r.kind === 'period' ? 600 : 400}
              c={r.kind === 'break' ? 'gray.7' : undefined}
              style={{ flexShrink: 0 }}
            >
              {label}
            </Text>
            <TextInput
              aria-label={`${name} ${label} mulai`}
              value={r.starts_at}
              onChange={(e) => form.edit(day, r.key, 'starts_at', e.currentTarget.value)}
              error={err('starts_at')}
              w={90}
              inputMode="numeric"
            />
            <Text pt={6}>–</Text>
            <TextInput
              aria-label={`${name} ${label} selesai`}
              value={r.ends_at}
              onChange={(e) => form.edit(day, r.key, 'ends_at', e.currentTarget.value)}
              error={err('ends_at')}
              w={90}
              inputMode="numeric"
            />
            <ActionIcon variant="subtle" color="red" mt={4} aria-label={`Hapus ${name} ${label}`} onClick={() => form.remove(day, r.key)}>
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        );
      })}
      <Group gap="xs">
        <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => form.add(day, 'period')}>
          Tambah jam
        </Button>
        <Button size="xs" variant="default" leftSection={<IconPlus size={14} />} onClick={() => form.add(day, 'break')}>
          Tambah istirahat
        </Button>
        {day !== 1 && (
          <Button size="xs" variant="default" leftSection={<IconCopy size={14} />} onClick={() => form.copyMonday(day)}>
            Salin dari Senin
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** "Jam pelajaran": the periods and breaks of each school day, edited and saved as one set. */
export function BellTimesTab() {
  const form = useBellTimesForm();
  const [day, setDay] = useState<string>('1');
  return (
    <QueryState query={form.query}>
      {() => (
        <Card withBorder>
          <Stack>
            <Text size="sm" c="gray.7">
              Tulis jam seperti 07.00. Jam pelajaran diberi nomor urut (jam ke-1, ke-2, …); istirahat tidak diberi nomor.
            </Text>
            <Tabs value={day} onChange={(v) => setDay(v ?? '1')}>
              <Tabs.List>
                {SCHOOL_DAYS.map((d) => (
                  <Tabs.Tab key={d} value={String(d)}>
                    {dayName(d)}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              {SCHOOL_DAYS.map((d) => (
                <Tabs.Panel key={d} value={String(d)} pt="md">
                  <DayRows form={form} day={d} />
                </Tabs.Panel>
              ))}
            </Tabs>
            {form.message && (
              <Alert color="red" role="alert">
                {form.message}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button onClick={form.submit} loading={form.saving}>
                Simpan jam pelajaran
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
    </QueryState>
  );
}
