import { useState } from 'react';
import { Button, Group, Menu, Paper, Select, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconChevronDown } from '@tabler/icons-react';
import { SlipButtons } from '../../components/SlipButtons';
import type { UserBulkBody } from '@kelasku/contract';
import { useBulkUsers } from '../../api/users';
import { useRombelOptions } from '../../api/profile';
import { errorMessage, toastError, toastSuccess } from '../../lib/toast';

type Action = UserBulkBody['action'];

/** What each action asks before it runs. */
const QUESTIONS: Record<Exclude<Action, 'move_rombel'>, { title: string; text: (n: number) => string; confirm: string }> = {
  deactivate: {
    title: 'Nonaktifkan user terpilih?',
    text: (n) =>
      `${n} user tidak dapat masuk sampai diaktifkan lagi; sesi mereka langsung berakhir. Tugas, nilai dan komentar mereka tetap ada.`,
    confirm: 'Nonaktifkan',
  },
  activate: { title: 'Aktifkan user terpilih?', text: (n) => `${n} user dapat masuk lagi.`, confirm: 'Aktifkan' },
  force_password_change: {
    title: 'Wajibkan ganti password?',
    text: (n) => `${n} user harus membuat password baru saat masuk berikutnya sebelum dapat memakai Kelasku.`,
    confirm: 'Wajibkan',
  },
  reset_password: {
    title: 'Buat ulang password?',
    text: (n) =>
      `${n} user mendapat password baru yang dibuat otomatis; password lama tidak berlaku lagi dan sesi mereka berakhir. Setelah ini unduh slip akunnya untuk dibagikan.`,
    confirm: 'Buat ulang password',
  },
};

/** Picks the rombel the selected students move to. */
function MoveDialog({ count, onMove }: { count: number; onMove: (rombelId: number) => void }) {
  const rombels = useRombelOptions();
  const [rombel, setRombel] = useState<string | null>(null);
  return (
    <Stack>
      <Text size="sm">{`${count} siswa dipindahkan ke rombel yang dipilih. Hanya siswa yang dapat dipindahkan.`}</Text>
      <Select
        label="Rombel tujuan"
        searchable
        data={(rombels.data ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
        value={rombel}
        onChange={setRombel}
        comboboxProps={{ withinPortal: false }}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={() => modals.closeAll()}>
          Batal
        </Button>
        <Button disabled={!rombel} onClick={() => rombel && onMove(Number(rombel))}>
          Pindahkan
        </Button>
      </Group>
    </Stack>
  );
}

/** The bar above the user list while users are selected: how many, and what to do with all of them. */
export function BulkActions({ ids, onDone }: { ids: number[]; onDone: () => void }) {
  const bulk = useBulkUsers();
  const run = (body: UserBulkBody) =>
    bulk.mutate(body, {
      onSuccess: (res) => {
        modals.closeAll();
        toastSuccess(res.message ?? '');
        onDone();
        if (res.data.import_id !== null) {
          modals.open({ title: 'Slip akun', children: <SlipButtons importId={res.data.import_id} />, closeOnClickOutside: false });
        }
      },
      onError: (err) => toastError(errorMessage(err)),
    });
  const ask = (action: Exclude<Action, 'move_rombel'>) => {
    const q = QUESTIONS[action];
    modals.openConfirmModal({
      title: q.title,
      children: <Text size="sm">{q.text(ids.length)}</Text>,
      labels: { confirm: q.confirm, cancel: 'Batal' },
      onConfirm: () => run({ ids, action }),
    });
  };
  return (
    <Paper withBorder p="xs" bg="teal.0" role="region" aria-label="Aksi untuk user terpilih">
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>{`${ids.length} user dipilih`}</Text>
        <Group gap="xs">
          <Button size="xs" variant="subtle" onClick={onDone}>
            Batalkan pilihan
          </Button>
          <Menu position="bottom-end">
            <Menu.Target>
              <Button size="xs" rightSection={<IconChevronDown size={14} />} loading={bulk.isPending}>
                Aksi
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => ask('deactivate')}>Nonaktifkan</Menu.Item>
              <Menu.Item onClick={() => ask('activate')}>Aktifkan</Menu.Item>
              <Menu.Item
                onClick={() =>
                  modals.open({
                    title: 'Pindahkan ke rombel',
                    children: (
                      <MoveDialog count={ids.length} onMove={(rombelId) => run({ ids, action: 'move_rombel', rombel_id: rombelId })} />
                    ),
                  })
                }
              >
                Pindahkan ke rombel…
              </Menu.Item>
              <Menu.Item onClick={() => ask('force_password_change')}>Wajibkan ganti password</Menu.Item>
              <Menu.Item onClick={() => ask('reset_password')}>Buat ulang password…</Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>
    </Paper>
  );
}
