import { useState, type FormEvent } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconKey, IconPlayerPlay } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { EXAM_MSG, type StudentQuizView } from '@kelasku/contract';
import { ApiError } from '../../../api/client';
import { useStartExamAttempt } from '../../../api/exams';
import type { StudentQuizRef as QuizRef } from '../../../api/quizzes';
import { errorMessage } from '../../../lib/toast';
import { attemptPath } from '../student/paths';
import { askFullscreen } from './fullscreen';

const TOKEN_LENGTH = 'Token ujian terdiri dari 6 angka.';

/** "Token ujian": six digits, the phone's number pad. */
export function TokenField({
  value,
  onChange,
  error,
  disabled,
}: {
  value: string;
  onChange: (v: string) => void;
  error: string | null;
  disabled?: boolean;
}) {
  return (
    <TextInput
      label="Token ujian"
      description="6 angka yang ditampilkan pengawas."
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={6}
      leftSection={<IconKey size={16} aria-hidden />}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
      error={error}
      disabled={disabled}
      w={220}
      styles={{ input: { fontSize: 22, letterSpacing: 6, fontFamily: 'monospace' } }}
    />
  );
}

/**
 * The start of an exam-mode quiz: the token, then "Mulai" (full screen is asked on that tap). With
 * an attempt open, "Lanjutkan" on this device; on another device, after the proctor's "reset login",
 * a new token continues it. The server's refusals (wrong, changed, used token, another device) show
 * under the field as they come.
 */
export function ExamStart({ r, v }: { r: QuizRef; v: StudentQuizView }) {
  const navigate = useNavigate();
  const start = useStartExamAttempt(r);
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | null>(null);
  const resume = v.open_attempt_id;

  const begin = (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d{6}$/.test(token)) {
      setError(token === '' ? EXAM_MSG.tokenRequired : TOKEN_LENGTH);
      return;
    }
    askFullscreen();
    setError(null);
    start.mutate(token, {
      onSuccess: (attempt) => navigate(attemptPath(r, attempt.id)),
      onError: (err) => {
        // 422 (no token) names the field; 403 (wrong, changed, used, another device) is the message itself.
        setError((err instanceof ApiError && err.field('token')) || errorMessage(err));
        setToken('');
      },
    });
  };

  return (
    <Stack gap="sm" w="100%">
      {resume !== null && (
        <Group>
          <Button size="md" leftSection={<IconPlayerPlay size={18} />} component={Link} to={attemptPath(r, resume)} onClick={askFullscreen}>
            Lanjutkan
          </Button>
        </Group>
      )}
      <form onSubmit={begin} noValidate aria-label="Mulai ujian">
        <Stack gap="xs">
          {resume !== null && (
            <Text size="sm" c="dimmed">
              Pindah perangkat? Setelah pengawas mereset login kamu, masukkan token terbaru.
            </Text>
          )}
          <TokenField
            value={token}
            onChange={(t) => {
              setToken(t);
              setError(null);
            }}
            error={error}
            disabled={start.isPending}
          />
          <Group>
            <Button type="submit" size="md" leftSection={<IconPlayerPlay size={18} />} loading={start.isPending}>
              {resume !== null ? 'Lanjutkan dengan token' : 'Mulai'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
