import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, Group, List, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { AdminUser, FetPreview, FetResult, FetTeacher } from '@kelasku/contract';
import { SlipDownloads } from '../../components/SlipButtons';
import { NEW_ACCOUNT, type FetPage } from './useFetImportPage';

function Stat({ label, value, note }: { label: string; value: number; note?: string }) {
  return (
    <Card withBorder padding="sm">
      <Text size="xl" fw={700}>
        {value.toLocaleString('id-ID')}
      </Text>
      <Text size="sm">{label}</Text>
      {note && (
        <Text size="xs" c="gray.7">
          {note}
        </Text>
      )}
    </Card>
  );
}

/** The school, its days and hours, and what the file holds. */
export function FetSummary({ preview }: { preview: FetPreview }) {
  const newRombels = preview.rombels.filter((r) => !r.exists).length;
  const newSubjects = preview.subjects.filter((s) => !s.exists).length;
  const matched = preview.teachers.filter((t) => t.match).length;
  return (
    <Stack gap="sm">
      <div>
        <Text fw={700}>{preview.institution}</Text>
        <Text size="sm" c="gray.7">
          {`${preview.days.length} hari (${preview.days.join(', ')}), ${preview.hours} jam pelajaran per hari`}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs" role="group" aria-label="Ringkasan FET">
        <Stat label="rombel" value={preview.rombels.length} note={`${newRombels} baru`} />
        <Stat label="guru" value={preview.teachers.length} note={`${matched} sudah punya akun`} />
        <Stat label="mata pelajaran" value={preview.subjects.length} note={`${newSubjects} baru`} />
        <Stat label="tugas mengajar" value={preview.assignments} note={`${preview.totals.hours_per_week} jam per minggu`} />
        <Stat label="jam pelajaran terjadwal" value={preview.slots} note={preview.slots ? undefined : 'tanpa berkas jadwal'} />
      </SimpleGrid>
    </Stack>
  );
}

/** A list that shows its first ten items, the rest on request. */
function ShortList({ items, label }: { items: string[]; label: string }) {
  const [all, setAll] = useState(false);
  const shown = all ? items : items.slice(0, 10);
  return (
    <>
      <List size="sm" aria-label={label}>
        {shown.map((w, i) => (
          <List.Item key={i}>{w}</List.Item>
        ))}
      </List>
      {items.length > 10 && (
        <Anchor component="button" size="sm" onClick={() => setAll(!all)}>
          {all ? 'Tampilkan lebih sedikit' : `Tampilkan semua (${items.length})`}
        </Anchor>
      )}
    </>
  );
}

/** The errors that stop the import, and the warnings (skipped activities, oddities). */
export function FetNotes({ preview }: { preview: FetPreview }) {
  return (
    <Stack gap="sm">
      {preview.errors.length > 0 && (
        <Alert color="red" title={`Berkas belum dapat diimpor (${preview.errors.length} kesalahan)`}>
          <ShortList items={preview.errors} label="Kesalahan impor FET" />
        </Alert>
      )}
      {preview.warnings.length > 0 && (
        <Alert color="yellow" title={`${preview.warnings.length} catatan`}>
          <ShortList items={preview.warnings} label="Catatan impor FET" />
        </Alert>
      )}
    </Stack>
  );
}

const accountLabel = (u: { name: string; nip?: string | null }) => (u.nip ? `${u.name} (NIP ${u.nip})` : u.name);

function teacherOptions(t: FetTeacher, accounts: AdminUser[]) {
  const options = [{ value: NEW_ACCOUNT, label: 'Buat akun baru' }];
  const seen = new Set<number>();
  if (t.match) {
    options.push({ value: String(t.match.id), label: accountLabel(t.match) });
    seen.add(t.match.id);
  }
  for (const u of accounts)
    if (!seen.has(u.id)) options.push({ value: String(u.id), label: accountLabel({ name: u.name, nip: u.teacher?.nip }) });
  return options;
}

/** Each FET teacher → an account of the school, or a new one (the default when no account matched). */
export function FetTeacherList({ page, preview }: { page: FetPage; preview: FetPreview }) {
  const accounts = page.teachers.data ?? [];
  return (
    <Stack gap={0} aria-label="Guru dari FET" role="list">
      {preview.teachers.map((t) => (
        <Group
          key={t.fet_name}
          role="listitem"
          justify="space-between"
          py="xs"
          gap="xs"
          style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
        >
          <div style={{ minWidth: 0, flex: '1 1 220px' }}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {t.name}
            </Text>
            <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
              {`Di FET: ${[t.fet_name, ...t.also].join(' / ')} · ${t.activities} aktivitas`}
            </Text>
          </div>
          <Select
            aria-label={`Akun untuk ${t.fet_name}`}
            value={page.choices[t.fet_name] ?? NEW_ACCOUNT}
            onChange={(v) => page.choose(t.fet_name, v)}
            data={teacherOptions(t, accounts)}
            searchable
            allowDeselect={false}
            w={{ base: '100%', sm: 320 }}
            nothingFoundMessage="Tidak ditemukan"
          />
        </Group>
      ))}
    </Stack>
  );
}

/** What the import made, and the new teachers' first-password slips. */
export function FetResultCard({ result, onAgain }: { result: FetResult; onAgain: () => void }) {
  return (
    <Card withBorder>
      <Stack>
        <Title order={3}>Impor selesai</Title>
        <Group gap="xs" role="group" aria-label="Hasil impor FET">
          <Badge variant="light" color="teal">{`${result.assignments} tugas mengajar`}</Badge>
          <Badge variant="light" color="teal">{`${result.slots} jam pelajaran terjadwal`}</Badge>
          <Badge variant="light">{`${result.rombels_created} rombel baru`}</Badge>
          <Badge variant="light">{`${result.subjects_created} mata pelajaran baru`}</Badge>
          <Badge variant="light">{`${result.teachers_created} guru baru`}</Badge>
        </Group>
        {result.slips_import_id !== null && result.teachers_created > 0 && (
          <Stack gap="xs">
            <Text fw={600}>Slip akun guru baru</Text>
            <Text size="sm" c="gray.7">
              Berisi username dan password awal guru baru; guru mengganti password saat pertama masuk. Unduh dan bagikan slip sebelum
              meninggalkan halaman ini.
            </Text>
            <SlipDownloads importId={result.slips_import_id} />
          </Stack>
        )}
        <Group>
          <Button component={Link} to="/school/timetable" variant="light">
            Lihat jadwal
          </Button>
          <Button variant="default" onClick={onAgain}>
            Impor berkas lain
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
