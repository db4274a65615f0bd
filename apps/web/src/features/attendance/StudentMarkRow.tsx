import { memo, useState } from 'react';
import { Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { ATTENDANCE_STATUSES, type AttendanceRow, type AttendanceStatus } from '@kelasku/contract';
import { clockOf } from '../../lib/meeting-dates';
import { statusLabel, type Choice } from './marks';
import classes from './attendance.module.css';

/** Each mark's colour when chosen: dark shades, so white letters keep AA contrast. */
const COLORS: Record<AttendanceStatus, string> = {
  H: 'teal.9',
  T: 'orange.9',
  S: 'blue.8',
  I: 'violet.8',
  D: 'cyan.9',
  A: 'red.8',
};

export interface StudentMarkRowProps {
  row: AttendanceRow;
  shown: Choice;
  /** The server's message when another device changed this student since (a conflict). */
  conflict?: string;
  /** Whether the teacher changed this student on this device (not saved yet). */
  changed: boolean;
  disabled: boolean;
  choose: (row: AttendanceRow, patch: Partial<Pick<Choice, 'status' | 'note'>>) => void;
  keepServer: (row: AttendanceRow) => void;
  keepMine: (row: AttendanceRow) => void;
}

/** What the server's record says besides the mark: a self check-in, an approved letter. */
function RowFacts({ row }: { row: AttendanceRow }) {
  return (
    <>
      {row.checked_in_at && (
        <Text size="sm" c="dimmed">
          Presensi mandiri {clockOf(row.checked_in_at)}
        </Text>
      )}
      {row.leave && (
        <Text size="sm" c="dimmed">
          {row.leave.kind === 'S' ? 'Sakit' : 'Izin'} — pengajuan disetujui wali kelas
        </Text>
      )}
    </>
  );
}

function ConflictNote({
  row,
  shown,
  conflict,
  keepServer,
  keepMine,
}: Pick<StudentMarkRowProps, 'row' | 'shown' | 'keepServer' | 'keepMine'> & { conflict: string }) {
  const server = row.status;
  return (
    <Stack gap={4} role="alert">
      <Text size="sm" c="red.9" fw={600}>
        {conflict}
      </Text>
      <Text size="sm">Pilihan di perangkat ini: {statusLabel(shown.status)}</Text>
      <Group gap="xs">
        {server && (
          <Button size="xs" variant="default" onClick={() => keepServer(row)}>
            Pakai {statusLabel(server)}
          </Button>
        )}
        <Button size="xs" color="red.8" onClick={() => keepMine(row)}>
          Tetap {statusLabel(shown.status)}
        </Button>
      </Group>
    </Stack>
  );
}

/** One student of the class list: the name, six marks H T S I D A (one pressed), a note behind "Catatan". */
export const StudentMarkRow = memo(function StudentMarkRow(props: StudentMarkRowProps) {
  const { row, shown, conflict, changed, disabled, choose } = props;
  const [noteOpen, setNoteOpen] = useState(false);
  const name = row.student.name;
  const noteId = `catatan-${row.student.id}`;
  return (
    <li className={conflict ? classes.conflict : classes.row} aria-label={name} data-status={shown.status}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <div style={{ minWidth: 0 }}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Text>
            <RowFacts row={row} />
          </div>
          {changed && !conflict && (
            <Badge size="sm" variant="outline" color="gray.7" tt="none" style={{ flexShrink: 0 }}>
              Belum disimpan
            </Badge>
          )}
        </Group>
        {conflict && <ConflictNote {...props} conflict={conflict} />}
        <div className={classes.toggles} role="group" aria-label={`Presensi ${name}`}>
          {ATTENDANCE_STATUSES.map((s) => {
            const pressed = shown.status === s;
            return (
              <Button
                key={s}
                className={classes.toggle}
                variant={pressed ? 'filled' : 'default'}
                color={pressed ? COLORS[s] : undefined}
                aria-pressed={pressed}
                aria-label={statusLabel(s)}
                title={statusLabel(s)}
                disabled={disabled}
                onClick={() => choose(row, { status: s })}
              >
                {s}
              </Button>
            );
          })}
        </div>
        {noteOpen || shown.note ? (
          <TextInput
            id={noteId}
            size="sm"
            label={`Catatan untuk ${name}`}
            maxLength={255}
            value={shown.note}
            disabled={disabled}
            onChange={(e) => choose(row, { note: e.currentTarget.value })}
          />
        ) : (
          <Button variant="subtle" size="xs" disabled={disabled} onClick={() => setNoteOpen(true)} style={{ alignSelf: 'flex-start' }}>
            + Catatan
          </Button>
        )}
      </Stack>
    </li>
  );
});
