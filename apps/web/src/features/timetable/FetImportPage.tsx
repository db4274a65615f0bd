import { Stack, Title } from '@mantine/core';

/** /school/fet-import — a FET file into the school year (issue 37). */
export default function FetImportPage() {
  return (
    <Stack>
      <Title order={2}>Impor dari FET</Title>
    </Stack>
  );
}
