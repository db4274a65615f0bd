import { Button, Group } from '@mantine/core';

/** The Batal / submit row at the bottom of a dialog's form. */
export function FormActions({ onCancel, submit, disabled, loading }: { onCancel: () => void; submit: string; disabled: boolean; loading: boolean }) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        Batal
      </Button>
      <Button type="submit" disabled={disabled} loading={loading}>
        {submit}
      </Button>
    </Group>
  );
}
