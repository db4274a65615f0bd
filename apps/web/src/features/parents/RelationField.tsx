import { Group, Radio } from '@mantine/core';
import { PARENT_RELATIONS, PARENT_RELATION_LABELS } from '@kelasku/contract';

/** "Anda adalah": Ayah, Ibu or Wali of the child (as radios: one tap each on a phone). */
export function RelationField(props: { value?: string; onChange: (value: string) => void; error?: React.ReactNode }) {
  return (
    <Radio.Group label="Hubungan dengan anak" required value={props.value} onChange={props.onChange} error={props.error}>
      <Group mt={6} gap="lg">
        {PARENT_RELATIONS.map((r) => (
          <Radio key={r} value={r} label={PARENT_RELATION_LABELS[r]} />
        ))}
      </Group>
    </Radio.Group>
  );
}
