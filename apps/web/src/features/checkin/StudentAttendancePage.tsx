import { useState } from 'react';
import { Anchor, Button, Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { IconCalendarCheck, IconFileText, IconQrcode } from '@tabler/icons-react';
import { Link } from 'react-router';
import { CheckinCodeForm, CheckinError, CheckinSuccess, useCheckinAttempt } from './CheckinParts';
import { QrScanner } from './QrScanner';

/**
 * The student's "Presensi" (issue 38): self check-in by scanning the teacher's QR code with the
 * camera in the page, or by typing the 6-digit code beneath it; then the links to the record and
 * to izin/sakit requests.
 */
export default function StudentAttendancePage() {
  const attempt = useCheckinAttempt();
  const [scanning, setScanning] = useState(false);
  return (
    <Stack gap="lg" maw={640}>
      <Title order={2}>Presensi</Title>
      <Card withBorder padding="lg" component="section" aria-labelledby="presensi-mandiri-title">
        <Stack gap="md">
          <div>
            <Title order={3} id="presensi-mandiri-title">
              Presensi mandiri
            </Title>
            <Text size="sm" c="dimmed">
              Pindai kode QR di layar guru, atau ketik 6 angka di bawahnya.
            </Text>
          </div>
          {attempt.done && <CheckinSuccess done={attempt.done} />}
          {attempt.error && <CheckinError message={attempt.error} />}
          {scanning ? (
            <QrScanner
              onScanned={(c) => {
                setScanning(false);
                attempt.send({ code: c.code, meeting_id: c.meetingId });
              }}
              onClose={() => setScanning(false)}
            />
          ) : (
            <Button
              size="lg"
              leftSection={<IconQrcode size={22} />}
              loading={attempt.pending}
              onClick={() => {
                attempt.reset();
                setScanning(true);
              }}
            >
              Pindai kode QR
            </Button>
          )}
          <Divider label="atau ketik kode" labelPosition="center" />
          <CheckinCodeForm pending={attempt.pending} onSend={(code) => attempt.send({ code })} />
        </Stack>
      </Card>
      <Group gap="lg">
        <Anchor component={Link} to="/presensi/riwayat">
          <Group gap={6} wrap="nowrap">
            <IconCalendarCheck size={18} aria-hidden />
            Riwayat presensi
          </Group>
        </Anchor>
        <Anchor component={Link} to="/presensi/izin">
          <Group gap={6} wrap="nowrap">
            <IconFileText size={18} aria-hidden />
            Izin / sakit
          </Group>
        </Anchor>
      </Group>
    </Stack>
  );
}
