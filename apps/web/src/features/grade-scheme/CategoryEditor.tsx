import { ActionIcon, Button, Card, Group, NativeSelect, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { ERAPOR_PART_LABELS, ERAPOR_PARTS, type EraporPart } from '@kelasku/contract';
import { move, newCategory, totalError, weightTotal, type CategoryDraft } from './scheme-draft';

const MAX_CATEGORIES = 10;

const eraporOptions = [
  { value: '', label: 'Tidak diisi ke e-Rapor' },
  ...ERAPOR_PARTS.map((p) => ({ value: p, label: ERAPOR_PART_LABELS[p] })),
];
const missingOptions = [
  { value: 'zero', label: 'Dihitung 0' },
  { value: 'skip', label: 'Tidak dihitung' },
];

const numberOrEmpty = (v: number | string): number | '' => (typeof v === 'number' ? v : v.trim() === '' ? '' : Number(v));

function CategoryCard({
  c,
  index,
  count,
  errors,
  disabled,
  change,
  shift,
  remove,
}: {
  c: CategoryDraft;
  index: number;
  count: number;
  errors: Record<string, string>;
  disabled: boolean;
  change: (patch: Partial<CategoryDraft>) => void;
  shift: (by: -1 | 1) => void;
  remove: () => void;
}) {
  const field = (name: string) => errors[`categories.${index}.${name}`];
  const label = c.name.trim() || `Kategori ${index + 1}`;
  return (
    <Card withBorder padding="sm" component="li" aria-label={`Kategori ${index + 1}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {index + 1}. {label}
          </Text>
          <Group gap={4} wrap="nowrap">
            <ActionIcon variant="subtle" aria-label={`Naikkan ${label}`} disabled={disabled || index === 0} onClick={() => shift(-1)}>
              <IconArrowUp size={16} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              aria-label={`Turunkan ${label}`}
              disabled={disabled || index === count - 1}
              onClick={() => shift(1)}
            >
              <IconArrowDown size={16} />
            </ActionIcon>
            <ActionIcon variant="subtle" color="red" aria-label={`Hapus ${label}`} disabled={disabled || count <= 1} onClick={remove}>
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing="xs">
          <TextInput
            label="Nama kategori"
            value={c.name}
            maxLength={60}
            disabled={disabled}
            onChange={(e) => change({ name: e.currentTarget.value })}
            error={field('name')}
          />
          <NumberInput
            label="Bobot (%)"
            value={c.weight}
            min={0}
            max={100}
            allowDecimal={false}
            allowNegative={false}
            disabled={disabled}
            onChange={(v) => change({ weight: numberOrEmpty(v) })}
            error={field('weight')}
          />
          <NumberInput
            label="Buang N nilai terendah"
            value={c.drop_lowest}
            min={0}
            max={10}
            allowDecimal={false}
            allowNegative={false}
            disabled={disabled}
            onChange={(v) => change({ drop_lowest: numberOrEmpty(v) })}
            error={field('drop_lowest')}
          />
          <NativeSelect
            label="Tugas tidak dikumpulkan"
            value={c.missing_counts_zero ? 'zero' : 'skip'}
            data={missingOptions}
            disabled={disabled}
            onChange={(e) => change({ missing_counts_zero: e.currentTarget.value === 'zero' })}
            error={field('missing_counts_zero')}
          />
          <NativeSelect
            label="Kolom e-Rapor"
            value={c.erapor_part ?? ''}
            data={eraporOptions}
            disabled={disabled}
            onChange={(e) => change({ erapor_part: (e.currentTarget.value || null) as EraporPart | null })}
            error={field('erapor_part')}
          />
          {c.work_count !== undefined && (
            <Text size="xs" c="dimmed" style={{ alignSelf: 'end' }}>
              {c.work_count > 0 ? `Berisi ${c.work_count} tugas/kuis` : 'Belum berisi tugas/kuis'}
            </Text>
          )}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

/**
 * The categories of a grade scheme (a class's or the school's default): name, weight, drop the
 * lowest N, what missing work counts as, the e-Rapor column; add, remove, reorder; the running
 * total of the weights. `errors` are keyed as the API keys them ("categories", "categories.0.name").
 */
export function CategoryEditor({
  value,
  onChange,
  errors,
  disabled = false,
}: {
  value: CategoryDraft[];
  onChange: (next: CategoryDraft[]) => void;
  errors: Record<string, string>;
  disabled?: boolean;
}) {
  const total = weightTotal(value);
  // The total's message shows as the teacher types; another message on the whole list (the count) after a save.
  const totalMessage = totalError(value);
  const listMessage = errors.categories !== undefined && errors.categories !== totalMessage ? errors.categories : null;
  const off = totalMessage !== null;
  return (
    <Stack gap="xs">
      <Stack component="ul" gap="xs" aria-label="Kategori nilai" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {value.map((c, i) => (
          <CategoryCard
            key={c.key}
            c={c}
            index={i}
            count={value.length}
            errors={errors}
            disabled={disabled}
            change={(patch) => onChange(value.map((x, j) => (j === i ? { ...x, ...patch } : x)))}
            shift={(by) => onChange(move(value, i, by))}
            remove={() => onChange(value.filter((_, j) => j !== i))}
          />
        ))}
      </Stack>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          disabled={disabled || value.length >= MAX_CATEGORIES}
          onClick={() => onChange([...value, newCategory()])}
        >
          Tambah kategori
        </Button>
        <Text fw={700} c={off ? 'red' : undefined} data-testid="weight-total">
          Total bobot: {total}%
        </Text>
      </Group>
      {totalMessage && (
        <Text size="sm" c="red">
          {totalMessage}
        </Text>
      )}
      {listMessage && (
        <Text size="sm" c="red" role="alert">
          {listMessage}
        </Text>
      )}
    </Stack>
  );
}
