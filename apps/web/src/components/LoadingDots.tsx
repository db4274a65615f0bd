import { Center, Loader } from '@mantine/core';

/** The loading-dots indicator shown while data loads (SPEC §2 layout). */
export function LoadingDots({ label = 'Memuat…' }: { label?: string }) {
  return (
    <Center py="xl" role="status" aria-label={label}>
      <Loader type="dots" />
    </Center>
  );
}
