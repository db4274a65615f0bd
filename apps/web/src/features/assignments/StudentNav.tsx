import { useNavigate } from 'react-router';
import { Button, Group } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';

/**
 * "Sebelumnya" / "Berikutnya" among the students who handed in, also on the keyboard: K and J
 * (as in mail programs) while no text field has the focus, so typing feedback never moves on.
 */
export function StudentNav({ base, previousId, nextId }: { base: string; previousId: number | null; nextId: number | null }) {
  const navigate = useNavigate();
  const go = (id: number | null) => id !== null && navigate(`${base}/${id}`);
  useHotkeys([
    ['J', () => go(nextId)],
    ['K', () => go(previousId)],
  ]);
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        variant="default"
        leftSection={<IconChevronLeft size={16} aria-hidden />}
        disabled={previousId === null}
        onClick={() => go(previousId)}
        title="Siswa sebelumnya (tombol K)"
        aria-keyshortcuts="K"
      >
        Sebelumnya
      </Button>
      <Button
        variant="default"
        rightSection={<IconChevronRight size={16} aria-hidden />}
        disabled={nextId === null}
        onClick={() => go(nextId)}
        title="Siswa berikutnya (tombol J)"
        aria-keyshortcuts="J"
      >
        Berikutnya
      </Button>
    </Group>
  );
}
