import { useEffect, useRef } from 'react';
import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { LoadingDots } from '../../components/LoadingDots';
import { CheckinCodeForm, CheckinError, CheckinSuccess, useCheckinAttempt } from './CheckinParts';
import { parseCheckinQuery } from './scan';

export const BROKEN_LINK = 'Tautan presensi ini tidak lengkap. Pindai lagi kode QR di layar guru, atau ketik kodenya.';

/**
 * /presensi/masuk?m=&c=: what the phone's own camera app opens from the teacher's QR code. The
 * check-in is sent at once (once: a re-render does not send it again) and its result shown; a
 * logged-out student comes back here after the login. A refused code (it rotated meanwhile) leaves
 * the typed code at hand.
 */
export default function CheckinLinkPage() {
  const { search } = useLocation();
  const scanned = parseCheckinQuery(search);
  const attempt = useCheckinAttempt();
  const sentFor = useRef<string | null>(null);
  const { send } = attempt;

  useEffect(() => {
    if (!scanned || sentFor.current === search) return;
    sentFor.current = search;
    send({ code: scanned.code, meeting_id: scanned.meetingId });
  }, [scanned, search, send]);

  const waiting = scanned !== null && !attempt.done && !attempt.error;
  return (
    <Stack gap="lg" maw={640}>
      <Title order={2}>Presensi mandiri</Title>
      {waiting && (
        <Card withBorder padding="lg">
          <Stack align="center" gap="xs">
            <LoadingDots />
            <Text>Mencatat presensimu…</Text>
          </Stack>
        </Card>
      )}
      {attempt.done && <CheckinSuccess done={attempt.done} />}
      {!scanned && <CheckinError message={BROKEN_LINK} />}
      {attempt.error && <CheckinError message={attempt.error} />}
      {(!scanned || attempt.error) && (
        <Card withBorder padding="lg" component="section" aria-label="Ketik kode presensi">
          <CheckinCodeForm pending={attempt.pending} onSend={(code) => attempt.send({ code })} />
        </Card>
      )}
      <Anchor component={Link} to="/presensi">
        Kembali ke Presensi
      </Anchor>
    </Stack>
  );
}
