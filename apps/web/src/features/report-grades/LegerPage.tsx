import { useState, type CSSProperties } from 'react';
import { Badge, Button, Group, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useLocation } from 'react-router';
import type { Leger } from '@kelasku/contract';
import { useMyHomerooms } from '../../api/leave-requests';
import { downloadLeger, useLeger, type LegerScope } from '../../api/report-grades';
import { useRombels } from '../../api/rombels';
import { QueryState } from '../../components/QueryState';
import { errorMessage, toastError } from '../../lib/toast';
import { formatScore } from './format';

/** The student column stays in view while a phone scrolls the subjects sideways. */
const sticky: CSSProperties = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
  minWidth: 150,
  maxWidth: 220,
  boxShadow: 'inset -1px 0 0 var(--mantine-color-gray-3)',
};

function LegerTable({ leger }: { leger: Leger }) {
  if (leger.students.length === 0)
    return (
      <Text c="dimmed" ta="center" py="lg">
        Belum ada siswa di rombel ini.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={300 + 110 * leger.subjects.length} type="native" tabIndex={0}>
      <Table withTableBorder withColumnBorders striped aria-label={`Leger nilai ${leger.rombel.name}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th style={{ ...sticky, zIndex: 2 }}>Nama</Table.Th>
            {leger.subjects.map((s) => (
              <Table.Th key={s.class_id} ta="center" style={{ verticalAlign: 'top' }}>
                <Text size="sm" fw={600}>
                  {s.subject}
                </Text>
                <Text size="xs" c="dimmed" fw={400}>
                  {s.teachers.join(', ')}
                </Text>
                {!s.released && (
                  <Badge size="xs" color="gray" variant="light">
                    Belum ditampilkan ke siswa
                  </Badge>
                )}
              </Table.Th>
            ))}
            <Table.Th ta="center">Rata-rata</Table.Th>
            <Table.Th ta="center">Peringkat</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {leger.students.map((st) => (
            <Table.Tr key={st.id}>
              <Table.Th scope="row" style={sticky}>
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {st.name}
                </Text>
                <Text size="xs" c="dimmed" fw={400}>
                  NISN {st.nisn ?? '-'}
                </Text>
              </Table.Th>
              {st.finals.map((f, i) => (
                <Table.Td key={leger.subjects[i]?.class_id ?? i} ta="center">
                  {formatScore(f)}
                </Table.Td>
              ))}
              <Table.Td ta="center" fw={700}>
                {formatScore(st.average)}
              </Table.Td>
              <Table.Td ta="center">{st.rank ?? '–'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function RombelLeger({ scope, rombelId }: { scope: LegerScope; rombelId: number }) {
  const leger = useLeger(scope, rombelId);
  const [busy, setBusy] = useState(false);
  const download = () => {
    setBusy(true);
    downloadLeger(scope, rombelId)
      .catch((err) => toastError(errorMessage(err)))
      .finally(() => setBusy(false));
  };
  return (
    <QueryState query={leger}>
      {(data) => (
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap">
            <Text size="sm" c="gray.7">
              {data.rombel.name} · semester {data.semester.label} · {data.subjects.length} mata pelajaran
            </Text>
            <Button leftSection={<IconFileSpreadsheet size={16} />} loading={busy} onClick={download}>
              Unduh XLSX
            </Button>
          </Group>
          <LegerTable leger={data} />
        </Stack>
      )}
    </QueryState>
  );
}

/** The rombel select (when there are several) and the chosen rombel's leger. */
function Rombels({ scope, rombels, empty }: { scope: LegerScope; rombels: Array<{ id: number; name: string }>; empty: string }) {
  const [chosen, setChosen] = useState<number | null>(null);
  const first = rombels[0];
  if (!first)
    return (
      <Text c="dimmed" ta="center" py="xl">
        {empty}
      </Text>
    );
  const rombel = rombels.find((r) => r.id === chosen) ?? first;
  return (
    <Stack>
      {(scope === 'admin' || rombels.length > 1) && (
        <NativeSelect
          label="Rombel"
          w={{ base: '100%', sm: 260 }}
          value={String(rombel.id)}
          onChange={(e) => setChosen(Number(e.currentTarget.value))}
          data={rombels.map((r) => ({ value: String(r.id), label: r.name }))}
        />
      )}
      <RombelLeger key={rombel.id} scope={scope} rombelId={rombel.id} />
    </Stack>
  );
}

function TeacherLeger() {
  const homerooms = useMyHomerooms();
  return (
    <QueryState query={homerooms}>
      {(list) => <Rombels scope="teacher" rombels={list.map((h) => h.rombel)} empty="Kamu bukan wali kelas di semester ini." />}
    </QueryState>
  );
}

function AdminLeger() {
  const rombels = useRombels();
  return <QueryState query={rombels}>{(list) => <Rombels scope="admin" rombels={list} empty="Belum ada rombel." />}</QueryState>;
}

/** "Leger Nilai": students × subjects of a rombel with their Nilai Akhir, mean and rank — the wali kelas's (/perwalian/leger) or any rombel's (admin, /school/leger). */
export default function LegerPage() {
  useDocumentTitle('Leger Nilai | Kelasku');
  const admin = useLocation().pathname.startsWith('/school');
  return (
    <Stack>
      <Title order={2}>Leger Nilai</Title>
      {admin ? <AdminLeger /> : <TeacherLeger />}
    </Stack>
  );
}
