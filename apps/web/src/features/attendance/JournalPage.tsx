import { useState } from 'react';
import { Anchor, Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { JournalRow } from '@kelasku/contract';
import { downloadJournal, useJournal } from '../../api/meetings';
import { MonthField } from '../../components/MonthField';
import { QueryState } from '../../components/QueryState';
import { toastApiError } from '../../lib/toast';
import { usePhone } from '../../lib/use-phone';
import { meetingDay, meetingTime, monthName, thisMonthWib } from '../../lib/meeting-dates';

const meetingLink = (r: JournalRow) => `/online-class/${r.class_id}/presensi/${r.meeting_id}`;

/** "Hadir 33 · Tidak hadir 3", "Belum diisi" or "Dibatalkan". */
function AttendanceCell({ row }: { row: JournalRow }) {
  if (row.cancelled)
    return (
      <Badge color="gray" variant="light" tt="none">
        Dibatalkan
      </Badge>
    );
  if (!row.attendance_taken)
    return (
      <Badge color="orange" variant="light" tt="none">
        Belum diisi
      </Badge>
    );
  return (
    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
      Hadir {row.present} · Tidak hadir {row.absent}
    </Text>
  );
}

const topicOf = (r: JournalRow) => (r.cancelled ? `Dibatalkan: ${r.cancel_reason ?? '-'}` : (r.topic ?? r.lesson ?? '-'));

function JournalTable({ rows }: { rows: JournalRow[] }) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Tanggal</Table.Th>
            <Table.Th scope="col">Jam ke-</Table.Th>
            <Table.Th scope="col">Rombel</Table.Th>
            <Table.Th scope="col">Mapel</Table.Th>
            <Table.Th scope="col">Topik</Table.Th>
            <Table.Th scope="col">Presensi</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.meeting_id}>
              <Table.Td>
                <Anchor component={Link} to={meetingLink(r)} size="sm">
                  {meetingDay(r.date)}
                </Anchor>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{meetingTime(r)}</Table.Td>
              <Table.Td>{r.rombel}</Table.Td>
              <Table.Td>{r.subject ?? r.class_name}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{topicOf(r)}</Table.Td>
              <Table.Td>
                <AttendanceCell row={r} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function JournalCards({ rows }: { rows: JournalRow[] }) {
  return (
    <Stack gap="sm" component="ul" aria-label="Pertemuan bulan ini" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {rows.map((r) => (
        <Card key={r.meeting_id} withBorder padding="sm" component="li">
          <Anchor component={Link} to={meetingLink(r)} fw={600}>
            {meetingDay(r.date)}
          </Anchor>
          <Text size="sm">
            {meetingTime(r)} · {r.rombel} · {r.subject ?? r.class_name}
          </Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {topicOf(r)}
          </Text>
          <Group mt={4}>
            <AttendanceCell row={r} />
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

/**
 * /jurnal — "Jurnal Mengajar": the teacher's meetings of a month (date, jam ke-, rombel, mapel,
 * topic, present and absent) as a table on a desktop and cards on a phone, and "Unduh XLSX", the
 * document the school asks for.
 */
export default function JournalPage() {
  useDocumentTitle('Teacher | Jurnal Mengajar');
  const [month, setMonth] = useState(() => thisMonthWib());
  const journal = useJournal(month);
  const phone = usePhone();
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadJournal(month);
    } catch (err) {
      toastApiError(err, undefined, '');
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Stack>
      <Title order={2}>Jurnal Mengajar</Title>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <MonthField month={month} onChange={setMonth} />
        <Button variant="light" leftSection={<IconDownload size={16} />} loading={downloading} onClick={() => void download()}>
          Unduh XLSX
        </Button>
      </Group>
      <QueryState query={journal}>
        {(data) =>
          data.rows.length === 0 ? (
            <Text c="dimmed">Tidak ada pertemuan pada {monthName(month)}.</Text>
          ) : phone ? (
            <JournalCards rows={data.rows} />
          ) : (
            <JournalTable rows={data.rows} />
          )
        }
      </QueryState>
    </Stack>
  );
}
