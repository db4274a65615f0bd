import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { ATTENDANCE_LABELS, CHECKIN_MSG, type CheckinBody, type CheckinResult } from '@kelasku/contract';
import { useStudentCheckin } from '../../api/checkin';
import { errorMessage } from '../../lib/toast';
import { meetingHeading } from '../../lib/meeting-dates';
import { normalizeCode } from './scan';

/** A check-in that went through: what the server said and what it recorded. */
export interface CheckinDone {
  message: string;
  result: CheckinResult;
}

/** Sends a check-in; the last result or the server's Indonesian message of the refusal. */
export function useCheckinAttempt() {
  const mutation = useStudentCheckin();
  const [done, setDone] = useState<CheckinDone | null>(null);
  const [error, setError] = useState<string | null>(null);
  const send = (body: CheckinBody) => {
    setDone(null);
    setError(null);
    mutation.mutate(body, {
      onSuccess: (res) => {
        const label = ATTENDANCE_LABELS[res.data.status];
        setDone({ message: res.message ?? `Presensi berhasil: ${label}`, result: res.data });
      },
      onError: (err) => setError(errorMessage(err)),
    });
  };
  const reset = () => {
    setDone(null);
    setError(null);
  };
  return { send, done, error, pending: mutation.isPending, reset };
}

/** The big confirmation: "Presensi berhasil: Hadir", the class and the meeting. */
export function CheckinSuccess({ done }: { done: CheckinDone }) {
  const { result } = done;
  const late = result.status === 'T';
  return (
    <Card withBorder padding="lg" radius="md" role="status" aria-live="polite" bg={late ? 'orange.0' : 'teal.0'}>
      <Stack align="center" gap="xs" ta="center">
        <ThemeIcon size={72} radius="xl" color={late ? 'orange' : 'teal'} aria-hidden>
          <IconCircleCheck size={52} />
        </ThemeIcon>
        <Title order={2} c={late ? 'orange.9' : 'teal.9'}>
          {done.message}
        </Title>
        <Text fw={600} size="lg">
          {result.class.subject ? `${result.class.subject} · ${result.class.name}` : result.class.name}
        </Text>
        <Text>{meetingHeading(result.meeting)}</Text>
      </Stack>
    </Card>
  );
}

/** The API's refusal (wrong code, wait, not your class), in Indonesian. */
export function CheckinError({ message }: { message: string }) {
  return (
    <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Presensi belum tercatat" role="alert">
      {message}
    </Alert>
  );
}

/** "atau ketik kode": six digits, the numeric keyboard, the phone's one-time-code suggestion. */
export function CheckinCodeForm({ onSend, pending }: { onSend: (code: string) => void; pending: boolean }) {
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const code = normalizeCode(value);
    if (!code) {
      setInvalid(CHECKIN_MSG.codeFormat);
      return;
    }
    setInvalid(null);
    onSend(code);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs" align="flex-start">
        <TextInput
          label="Kode presensi"
          description="6 angka di bawah kode QR"
          placeholder="000000"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          value={value}
          onChange={(e) => setValue(e.currentTarget.value.replace(/[^\d ]/g, ''))}
          error={invalid}
          w="100%"
          maw={320}
          styles={{ input: { fontSize: '1.4rem', letterSpacing: '0.2em', fontVariantNumeric: 'tabular-nums' } }}
        />
        <Button type="submit" loading={pending}>
          Kirim
        </Button>
      </Stack>
    </form>
  );
}
