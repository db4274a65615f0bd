import { useMemo, useState } from 'react';
import { Alert, Badge, Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconArrowRight, IconEye, IconPlus, IconSearch } from '@tabler/icons-react';
import { matches } from '../../components/AdminParts';
import { LULUS, type PromotionBody, type PromotionPreview, type RombelClass } from '@kelasku/contract';
import { useApplyPromotion, usePromotionPreview } from '../../api/promotion';
import { useRombels } from '../../api/rombels';
import { QueryState } from '../../components/QueryState';
import { toastSuccess } from '../../lib/toast';
import { BulkRombelModal } from './BulkRombelModal';

const ROMAN: Record<number, string> = { 10: 'X', 11: 'XI', 12: 'XII' };

/**
 * The suggested next rombel: grade XII graduates ("lulus"); otherwise the rombel of the next grade
 * with the same name after the grade prefix ("X TKJ 1" → "XI TKJ 1"), or none ('' = not promoted).
 */
export function suggestNext(r: RombelClass, all: RombelClass[]): string {
  if (r.grade >= 12) return LULUS;
  const prefix = `${ROMAN[r.grade]} `;
  if (!r.name.toUpperCase().startsWith(prefix)) return '';
  const wanted = `${ROMAN[r.grade + 1]} ${r.name.slice(prefix.length)}`.toLowerCase();
  const next = all.find((o) => o.grade === r.grade + 1 && o.name.toLowerCase() === wanted);
  return next ? String(next.id) : '';
}

function PreviewCard({ preview }: { preview: PromotionPreview }) {
  const { totals } = preview;
  return (
    <Paper withBorder p="md" aria-label="Pratinjau kenaikan kelas">
      <Title order={3} size="h4" mb="xs">
        Pratinjau
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 3 }} mb="sm">
        <Text>
          <b>{totals.moved}</b> siswa naik kelas
        </Text>
        <Text>
          <b>{totals.graduated}</b> siswa lulus
        </Text>
        <Text>
          <b>{totals.classes}</b> kelas online diarsipkan
        </Text>
      </SimpleGrid>
      <Stack gap={4}>
        {preview.mappings.map((m) => (
          <Text key={m.from.id} size="sm">
            {m.from.name} → {m.to ? m.to.name : 'Lulus'}: {m.students} siswa, {m.classes} kelas diarsipkan
          </Text>
        ))}
      </Stack>
    </Paper>
  );
}

function Promotion({ rombels }: { rombels: RombelClass[] }) {
  const [chosen, setChosen] = useState<Record<number, string>>({});
  const [filter, setFilter] = useState('');
  // Only the rows shown take part: a filter promotes one department (or a few rombels) at a time.
  const rows = rombels.filter((r) => r.grade in ROMAN && matches(filter, r.name));
  const preview = usePromotionPreview();
  const apply = useApplyPromotion();
  const targetOf = (r: RombelClass) => chosen[r.id] ?? suggestNext(r, rombels);
  const body: PromotionBody = useMemo(
    () => ({
      mappings: rows
        .map((r) => ({ from_rombel_id: r.id, to: chosen[r.id] ?? suggestNext(r, rombels) }))
        .filter((m) => m.to !== '')
        .map((m) => ({ from_rombel_id: m.from_rombel_id, to: m.to === LULUS ? LULUS : Number(m.to) })),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [rombels, chosen, filter],
  );
  // A preview answers for the mappings it was asked about; a change of a select asks again.
  const previewed = preview.data && JSON.stringify(preview.variables) === JSON.stringify(body) ? preview.data.data : null;
  const choose = (id: number, value: string) => {
    setChosen((c) => ({ ...c, [id]: value }));
    preview.reset();
  };
  const confirmApply = () =>
    modals.openConfirmModal({
      title: 'Terapkan kenaikan kelas?',
      children: (
        <Text size="sm">
          {previewed
            ? `${previewed.totals.moved} siswa naik kelas, ${previewed.totals.graduated} siswa lulus (akunnya dinonaktifkan) dan ${previewed.totals.classes} kelas online diarsipkan. `
            : ''}
          Langkah ini tidak dapat dibatalkan.
        </Text>
      ),
      labels: { confirm: 'Terapkan', cancel: 'Batal' },
      onConfirm: () =>
        apply.mutate(body, {
          onSuccess: (res) => {
            toastSuccess(
              `${res.message ?? 'Kenaikan kelas berhasil diterapkan'}: ${res.data.moved} siswa naik, ${res.data.graduated} lulus, ${res.data.archived} kelas diarsipkan.`,
              5000,
            );
            setChosen({});
            preview.reset();
          },
        }),
    });

  return (
    <Stack>
      <TextInput
        label="Saring rombel"
        description="Hanya rombel yang tampil yang ikut dinaikkan"
        placeholder="Misalnya TKJ"
        leftSection={<IconSearch size={16} />}
        value={filter}
        onChange={(e) => {
          setFilter(e.currentTarget.value);
          preview.reset();
        }}
        w={{ base: '100%', sm: 320 }}
      />
      {rows.map((r) => {
        const options = [
          { value: '', label: 'Tidak dinaikkan' },
          { value: LULUS, label: 'Lulus' },
          ...rombels.filter((o) => o.id !== r.id).map((o) => ({ value: String(o.id), label: `${o.name} (kelas ${o.grade})` })),
        ];
        return (
          <Paper key={r.id} withBorder p="sm" component="section" aria-label={`Rombel ${r.name}`}>
            <Group justify="space-between" align="flex-end" gap="sm">
              <div>
                <Text fw={600}>{r.name}</Text>
                <Group gap={6}>
                  <Badge variant="light">Kelas {r.grade}</Badge>
                  <Text size="sm" c="dimmed">
                    {r.total_student} siswa
                  </Text>
                </Group>
              </div>
              <Group gap="xs" wrap="nowrap" style={{ flex: '1 1 240px' }}>
                <IconArrowRight size={18} aria-hidden />
                <NativeSelect
                  style={{ flex: 1 }}
                  aria-label={`Rombel berikutnya untuk ${r.name}`}
                  data={options}
                  value={targetOf(r)}
                  onChange={(e) => choose(r.id, e.currentTarget.value)}
                />
              </Group>
            </Group>
          </Paper>
        );
      })}
      {previewed && <PreviewCard preview={previewed} />}
      <Group justify="flex-end">
        <Button
          variant="default"
          leftSection={<IconEye size={16} />}
          onClick={() => preview.mutate(body)}
          loading={preview.isPending}
          disabled={body.mappings.length === 0}
        >
          Pratinjau
        </Button>
        <Button onClick={confirmApply} loading={apply.isPending} disabled={!previewed}>
          Terapkan
        </Button>
      </Group>
    </Stack>
  );
}

/** /resources/promotion — Kenaikan Kelas: map each rombel to the next, preview the counts, apply in one go. */
export default function PromotionPage() {
  useDocumentTitle('Kenaikan Kelas');
  const rombels = useRombels();
  const [bulk, setBulk] = useState(false);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Kenaikan Kelas</Title>
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setBulk(true)}>
          Buat rombel baru sekaligus
        </Button>
      </Group>
      <Alert color="blue" variant="light">
        Pilih rombel berikutnya untuk setiap rombel, lalu tekan Pratinjau untuk melihat jumlah siswa yang pindah. Siswa rombel kelas XII
        yang dipilih &ldquo;Lulus&rdquo; dinonaktifkan. Kelas online rombel yang dinaikkan diarsipkan: tetap bisa dibaca guru, beserta
        nilainya.
      </Alert>
      <QueryState query={rombels}>{(all) => <Promotion rombels={all} />}</QueryState>
      <BulkRombelModal opened={bulk} onClose={() => setBulk(false)} />
    </Stack>
  );
}
