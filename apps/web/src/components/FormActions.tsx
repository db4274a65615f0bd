import { Button, Group } from '@mantine/core';

/** The Batal / submit row at the bottom of a form; `submit` null leaves only Batal. */
export function FormActions({
  onCancel,
  submit,
  disabled,
  loading,
}: {
  onCancel: () => void;
  submit: string | null;
  disabled: boolean;
  loading: boolean;
}) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        Batal
      </Button>
      {submit !== null && (
        <Button type="submit" disabled={disabled} loading={loading}>
          {submit}
        </Button>
      )}
    </Group>
  );
}
