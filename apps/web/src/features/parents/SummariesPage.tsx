import { Card, Stack, Switch, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { ATTENDANCE_LABELS, PARENT_MSG, type ParentSummary } from '@kelasku/contract';
import { useParentSettings, useParentSummaries, useSaveParentSettings } from '../../api/parents';
import { QueryState } from '../../components/QueryState';
import { formatDate, formatDateTimeWib } from '../../lib/format';
import { formatScore } from '../report-grades/format';
import { toastSuccess } from '../../lib/toast';
import { PrivacyGate } from './PrivacyGate';

/** A date of the calendar ("2026-11-27") as "27 November 2026". */
const dayText = (date: string) => formatDate(`${date}T12:00:00+07:00`);

function ChildWeek({ c }: { c: ParentSummary['children'][number] }) {
  const nothing = c.missing.length === 0 && c.new_grades.length === 0 && c.absences.length === 0;
  return (
    <Stack gap={4}>
      <Text fw={600}>{c.student.name}</Text>
      {nothing && (
        <Text size="sm" c="gray.7">
          Tidak ada tugas yang terlewat, nilai baru, atau ketidakhadiran.
        </Text>
      )}
      {c.missing.length > 0 && (
        <Text size="sm">
          <Text span fw={600}>
            Belum dikumpulkan:
          </Text>{' '}
          {c.missing.map((m) => `${m.title} (${m.class_name})`).join('; ')}
        </Text>
      )}
      {c.new_grades.length > 0 && (
        <Text size="sm">
          <Text span fw={600}>
            Nilai baru:
          </Text>{' '}
          {c.new_grades.map((g) => `${g.title} (${g.class_name}): ${formatScore(g.score)}`).join('; ')}
        </Text>
      )}
      {c.absences.length > 0 && (
        <Text size="sm">
          <Text span fw={600}>
            Tidak hadir:
          </Text>{' '}
          {c.absences.map((a) => `${dayText(a.date)} ${ATTENDANCE_LABELS[a.mark]}`).join('; ')}
        </Text>
      )}
    </Stack>
  );
}

function Summaries({ list }: { list: ParentSummary[] }) {
  if (list.length === 0) return <Text c="dimmed">Belum ada ringkasan. Ringkasan dibuat setiap Jumat sore untuk minggu itu.</Text>;
  return (
    <Stack component="ul" gap="md" aria-label="Ringkasan mingguan" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {list.map((s) => (
        <Card key={s.id} component="li" withBorder padding="md">
          <Title order={3} size="h4">
            Minggu {dayText(s.week_start)}
          </Title>
          <Text size="xs" c="gray.7" mb="sm">
            Dibuat {formatDateTimeWib(s.created_at)}
          </Text>
          <Stack gap="sm">
            {s.children.map((c) => (
              <ChildWeek key={c.student.id} c={c} />
            ))}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

const toastSaved = (message: string | undefined) => toastSuccess(message ?? PARENT_MSG.settingsSaved);

function EmailSwitch() {
  const settings = useParentSettings();
  const save = useSaveParentSettings();
  const checked = save.isPending ? (save.variables?.weekly_summary_email ?? false) : (settings.data?.weekly_summary_email ?? false);
  return (
    <Switch
      label="Kirim ringkasan mingguan ke email saya"
      description="Sama dengan pilihan Email untuk ringkasan mingguan di Profil, bagian Pengaturan notifikasi."
      checked={checked}
      disabled={!settings.data || save.isPending}
      onChange={(e) => save.mutate({ weekly_summary_email: e.currentTarget.checked }, { onSuccess: (res) => toastSaved(res.message) })}
    />
  );
}

function SummariesBody() {
  const summaries = useParentSummaries();
  return (
    <Stack>
      <EmailSwitch />
      <QueryState query={summaries}>{(list) => <Summaries list={list} />}</QueryState>
    </Stack>
  );
}

/** Issue 40: /ringkasan — the weekly summaries, and whether they also go by e-mail. */
export default function SummariesPage() {
  useDocumentTitle('Ringkasan Mingguan | Kelasku');
  return (
    <Stack maw={860}>
      <Title order={2}>Ringkasan Mingguan</Title>
      <PrivacyGate>
        <SummariesBody />
      </PrivacyGate>
    </Stack>
  );
}
