import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import type { ClassRecap } from '@kelasku/contract';
import { downloadClassRecap, useClassRecap } from '../../api/attendance-recaps';
import { isNotFound } from '../../api/client';
import { NotFoundPage } from '../../components/ErrorPages';
import { QueryState } from '../../components/QueryState';
import { positiveId } from '../../lib/route-params';
import { meetingDay as longDate } from '../../lib/meeting-dates';
import { shortDate } from './marks';
import { MarkLegend, RecapGrid, type RecapColumn } from './RecapGrid';
import { XlsxButton } from './RombelRecaps';

/** The meetings as the grid's columns: "P7" over its date; a cancelled one reads "Batal". */
export function meetingColumns(meetings: ClassRecap['meetings']): RecapColumn[] {
  return meetings.map((m) => ({
    key: String(m.id),
    muted: m.cancelled,
    heading: (
      <span title={`${m.number === null ? 'Dibatalkan' : `Pertemuan ${m.number}`}, ${longDate(m.date)}`}>
        {m.number === null ? 'Batal' : `P${m.number}`}
        <br />
        <Text span fz={10} c="gray.7">
          {shortDate(m.date)}
        </Text>
      </span>
    ),
  }));
}

function Recap({ recap }: { recap: ClassRecap }) {
  if (recap.meetings.length === 0)
    return (
      <Text c="dimmed" ta="center" py="xl">
        Kelas ini belum punya pertemuan.
      </Text>
    );
  return (
    <>
      <RecapGrid
        label={`Rekap presensi ${recap.class.name}, ${recap.class.rombel}`}
        columns={meetingColumns(recap.meetings)}
        rows={recap.students}
        unit="pertemuan"
      />
      <Text size="xs" c="gray.7">
        Angka di kanan adalah jumlah pertemuan per tanda; tanda – berarti belum dicatat.
      </Text>
      <MarkLegend />
    </>
  );
}

/** "Rekap Presensi" of a class (its teacher): students × meetings with totals, and the XLSX. */
export default function ClassRecapPage() {
  const classId = positiveId(useParams().classId);
  useDocumentTitle('Rekap Presensi | Kelasku');
  const recap = useClassRecap(classId);
  if (classId === null || isNotFound(recap.error)) return <NotFoundPage />;
  return (
    <Stack>
      <Anchor component={Link} to={`/online-class/${classId}?tab=presensi`} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} aria-hidden />
          Kembali ke kelas
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={2}>Rekap Presensi</Title>
          {recap.data && (
            <Text c="gray.7">
              {recap.data.class.name} · {recap.data.class.rombel}
              {recap.data.class.subject ? ` · ${recap.data.class.subject}` : ''}
            </Text>
          )}
        </div>
        <XlsxButton download={() => downloadClassRecap(classId)} />
      </Group>
      <QueryState query={recap}>{(data) => <Recap recap={data} />}</QueryState>
    </Stack>
  );
}
