import { useState } from 'react';
import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { RECAP_MSG, type MonthRecap, type SemesterRecap } from '@kelasku/contract';
import { downloadMonthRecap, downloadSemesterRecap, useMonthRecap, useSemesterRecap, type RecapScope } from '../../api/attendance-recaps';
import { MonthField } from '../../components/MonthField';
import { QueryState } from '../../components/QueryState';
import { errorMessage, toastError } from '../../lib/toast';
import { meetingDay as longDate, monthName as monthLabel, thisMonthWib as monthWib, todayWib } from '../../lib/meeting-dates';
import { dayHeading, markStyle, REPORT_CARD_ORDER } from './marks';
import { MarkLegend, RecapGrid } from './RecapGrid';

/** "Unduh XLSX": the file of a recap, with the server's message when it fails. */
export function XlsxButton({ download, label = 'Unduh XLSX' }: { download: () => Promise<void>; label?: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      leftSection={<IconFileSpreadsheet size={16} />}
      loading={busy}
      onClick={() => {
        setBusy(true);
        download()
          .catch((err) => toastError(errorMessage(err)))
          .finally(() => setBusy(false));
      }}
    >
      {label}
    </Button>
  );
}

/** The month recap's grid: students × the month's dates with meetings, today set apart. */
function MonthGrid({ recap }: { recap: MonthRecap }) {
  if (recap.dates.length === 0)
    return (
      <Text c="dimmed" ta="center" py="xl">
        {RECAP_MSG.noMeetings}
      </Text>
    );
  const columns = recap.dates.map((d) => {
    const h = dayHeading(d);
    return {
      key: d,
      heading: (
        <span title={longDate(d)}>
          {h.day}
          <br />
          <Text span fz={10} c="gray.7">
            {h.weekday}
          </Text>
        </span>
      ),
    };
  });
  return (
    <RecapGrid
      label={`Rekap presensi ${recap.rombel.name}, ${monthLabel(recap.month)}`}
      columns={columns}
      rows={recap.students}
      unit="hari"
      highlight={todayWib()}
    />
  );
}

/** "Rekap bulanan" of a rombel: a month picker, the grid of days and the XLSX. */
export function MonthRecapPanel({ scope, rombelId }: { scope: RecapScope; rombelId: number }) {
  const [month, setMonth] = useState(monthWib());
  const recap = useMonthRecap(scope, rombelId, month);
  return (
    <Stack>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <MonthField month={month} onChange={setMonth} />
        <XlsxButton download={() => downloadMonthRecap(scope, rombelId, month)} />
      </Group>
      <QueryState query={recap}>
        {(data) => (
          <>
            {data.homeroom && (
              <Text size="sm" c="gray.7">
                {data.rombel.name} · wali kelas {data.homeroom.name}
              </Text>
            )}
            <MonthGrid recap={data} />
            <Text size="xs" c="gray.7">
              Tanda sehari adalah tanda sebagian besar pertemuan hari itu; angka di kanan adalah jumlah hari per tanda.
            </Text>
            <MarkLegend />
          </>
        )}
      </QueryState>
    </Stack>
  );
}

function SemesterTable({ recap }: { recap: SemesterRecap }) {
  if (recap.students.length === 0)
    return (
      <Text c="dimmed" ta="center" py="xl">
        Belum ada siswa di rombel ini.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={520} type="native" tabIndex={0}>
      <Table withTableBorder striped aria-label={`Rekap semester ${recap.rombel.name}, ${recap.semester.label}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Nama</Table.Th>
            {REPORT_CARD_ORDER.map((t) => (
              <Table.Th key={t.status} ta="center">
                <abbr
                  title={`${t.label} (hari)`}
                  style={{ ...markStyle(t.status), padding: '2px 6px', borderRadius: 4, textDecoration: 'none' }}
                >
                  {t.status}
                </abbr>
              </Table.Th>
            ))}
            <Table.Th ta="center">Pertemuan</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {recap.students.map((s) => (
            <Table.Tr key={s.student.id} data-student={s.student.id}>
              <Table.Th scope="row" fw={500}>
                {s.student.name}
              </Table.Th>
              {REPORT_CARD_ORDER.map((t) => (
                <Table.Td key={t.status} ta="center" data-total={t.status} fw={t.report ? 700 : 400}>
                  {s.totals[t.status]}
                </Table.Td>
              ))}
              <Table.Td ta="center">{s.meetings}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** "Rekap semester" of a rombel: days per mark of each student (the report card's S, I, A) and the XLSX. */
export function SemesterRecapPanel({ scope, rombelId }: { scope: RecapScope; rombelId: number }) {
  const recap = useSemesterRecap(scope, rombelId);
  return (
    <Stack>
      <QueryState query={recap}>
        {(data) => (
          <>
            <Group justify="space-between" wrap="wrap">
              <div>
                <Text fw={600}>Semester {data.semester.label}</Text>
                {data.homeroom && (
                  <Text size="sm" c="gray.7">
                    {data.rombel.name} · wali kelas {data.homeroom.name}
                  </Text>
                )}
              </div>
              <XlsxButton download={() => downloadSemesterRecap(scope, rombelId)} />
            </Group>
            <SemesterTable recap={data} />
            <Text size="xs" c="gray.7">
              Jumlah hari per tanda. Sakit (S), Izin (I) dan Alpa (A, tanpa keterangan) adalah angka ketidakhadiran di rapor.
            </Text>
          </>
        )}
      </QueryState>
    </Stack>
  );
}
