import { useEffect, type ReactNode } from 'react';
import { ActionIcon, Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { FactsTable } from '../../../components/FactsTable';
import { modals } from '@mantine/modals';
import { IconArrowLeft, IconInfoCircle, IconLock, IconPlayerPlay, IconShieldLock } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { TOAST_MS } from '@kelasku/contract';
import { isNotFound } from '../../../api/client';
import { useStartAttempt, useStudentQuiz, type StudentQuizRef as QuizRef } from '../../../api/quizzes';
import { QueryState } from '../../../components/QueryState';
import { formatDateTimeWib } from '../../../lib/format';
import { toastApiError } from '../../../lib/toast';
import { NotFoundPage } from '../../../components/ErrorPages';
import { ExamStart } from '../exam/TokenField';
import { attemptsText, hiddenScoreText, RESULTS_WHEN, scoreText, whyNot } from './format';
import { attemptPath, resultPath, useQuizParams } from './paths';
import type { QuizAttemptSummary, StudentQuizView } from './types';
import { useStudentClass } from '../../../api/student-classes';
import { WhatsAppShareButton } from '../../../components/WhatsAppShareButton';
import { appLink, quizShareLink, studentPaths } from '../../../lib/whatsapp';

function InfoTable({ v }: { v: StudentQuizView }) {
  const q = v.quiz;
  const rows: [string, ReactNode][] = [
    ['Dibuka', q.opens_at ? formatDateTimeWib(q.opens_at) : 'Sudah dibuka'],
    ['Ditutup', q.closes_at ? formatDateTimeWib(q.closes_at) : 'Tidak ada batas'],
    ['Batas waktu', q.time_limit_minutes ? `${q.time_limit_minutes} menit` : 'Tanpa batas waktu'],
    ['Soal', `${q.question_count} soal${q.total_points !== null ? ` · ${q.total_points} poin` : ''}`],
    ['Kesempatan', attemptsText(v.attempts.length, q.attempts_allowed)],
    ...(q.attempts_allowed !== 1
      ? ([['Nilai yang dihitung', q.grading_method === 'highest' ? 'Nilai tertinggi' : 'Percobaan terakhir']] as [string, ReactNode][])
      : []),
    ['Nilai', RESULTS_WHEN[q.show_results]],
  ];
  return <FactsTable rows={rows} labelWidth={140} />;
}

function AttemptRow({ r, a, v }: { r: QuizRef; a: QuizAttemptSummary; v: StudentQuizView }) {
  const open = a.finished_at === null;
  return (
    <Card component="li" withBorder padding="sm" radius="sm">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Stack gap={2}>
          <Text fw={600}>Percobaan ke-{a.number}</Text>
          <Text size="xs" c="dimmed">
            {open
              ? `Dimulai ${formatDateTimeWib(a.started_at)}`
              : `${a.timed_out ? 'Ditutup otomatis (waktu habis)' : 'Dikumpulkan'} ${formatDateTimeWib(a.finished_at)}`}
          </Text>
          {!open && (
            <Text size="sm">
              {a.score !== null ? (
                <>
                  {scoreText(a)}
                  {a.grade !== null && (
                    <Text component="span" fw={700}>
                      {' '}
                      · Nilai {a.grade}
                    </Text>
                  )}
                </>
              ) : (
                <Text component="span" size="sm" c="dimmed">
                  {hiddenScoreText(v.quiz)}
                </Text>
              )}
            </Text>
          )}
        </Stack>
        {open ? (
          <Badge variant="light" color="orange">
            Sedang dikerjakan
          </Badge>
        ) : (
          <Button component={Link} to={resultPath(r, a.id)} variant="light" size="xs" aria-label={`Lihat hasil percobaan ke-${a.number}`}>
            Lihat hasil
          </Button>
        )}
      </Group>
    </Card>
  );
}

function StartArea({ r, v }: { r: QuizRef; v: StudentQuizView }) {
  const navigate = useNavigate();
  const start = useStartAttempt(r);
  const limit = v.quiz.time_limit_minutes;
  const begin = () =>
    start.mutate(undefined, {
      onSuccess: (attempt) => navigate(attemptPath(r, attempt.id)),
      onError: (err) => toastApiError(err, TOAST_MS.long, ''),
    });
  const confirmBegin = () =>
    modals.openConfirmModal({
      title: 'Mulai mengerjakan?',
      children: (
        <Stack gap="xs">
          <Text size="sm">
            {limit
              ? `Waktumu ${limit} menit, mulai dihitung sekarang dan terus berjalan walaupun halaman ditutup.`
              : 'Kerjakan sebelum kuis ditutup.'}
            {v.quiz.closes_at ? ` Kuis ditutup ${formatDateTimeWib(v.quiz.closes_at)}.` : ''}
          </Text>
          <Text size="sm">Setiap jawaban langsung tersimpan. Saat waktu habis, jawaban yang tersimpan otomatis dikumpulkan.</Text>
        </Stack>
      ),
      labels: { confirm: 'Mulai', cancel: 'Nanti saja' },
      onConfirm: begin,
    });

  if (v.quiz.exam_mode && (v.open_attempt_id !== null || v.can_start)) return <ExamStart r={r} v={v} />;
  if (v.open_attempt_id !== null) {
    return (
      <Button size="md" leftSection={<IconPlayerPlay size={18} />} component={Link} to={attemptPath(r, v.open_attempt_id)}>
        Lanjutkan
      </Button>
    );
  }
  if (v.can_start) {
    return (
      <Button size="md" leftSection={<IconPlayerPlay size={18} />} onClick={confirmBegin} loading={start.isPending}>
        {v.attempts.length > 0 ? 'Kerjakan lagi' : 'Mulai mengerjakan'}
      </Button>
    );
  }
  return (
    <Alert color="gray" icon={<IconLock size={18} />}>
      {whyNot(v)}
    </Alert>
  );
}

/** Issue 41: what exam mode asks of the student, before the token. */
function ExamNotice({ limit }: { limit: number | null }) {
  return (
    <Alert color="indigo" variant="light" icon={<IconShieldLock size={18} />} title="Mode ujian">
      <Text size="sm">
        Minta token ujian ke pengawas. Ujian dikerjakan dalam layar penuh; setiap kali kamu keluar dari halaman ujian (pindah aplikasi atau
        tab) tercatat dan terlihat oleh pengawas.
        {limit !== null ? ` Setelah keluar ${limit} kali, jawabanmu otomatis dikumpulkan.` : ''}
      </Text>
    </Alert>
  );
}

/** A quiz not open yet opens on this page by itself when its time comes (on the server's clock). */
function useRefetchWhenOpens(v: StudentQuizView | undefined, refetch: () => unknown) {
  const opensAt = v?.quiz.opens_at;
  const serverNow = v?.server_now;
  useEffect(() => {
    if (!opensAt || !serverNow) return;
    const wait = Date.parse(opensAt) - Date.parse(serverNow) + 500;
    if (wait <= 0 || wait > 24 * 3600_000) return;
    const timer = setTimeout(() => void refetch(), wait);
    return () => clearTimeout(timer);
  }, [opensAt, serverNow, refetch]);
}

function QuizIntro({ r, v }: { r: QuizRef; v: StudentQuizView }) {
  const q = v.quiz;
  // Issue 42: a student shares the quiz with a classmate.
  const klass = useStudentClass(r.classId).data;
  return (
    <Stack>
      <Card withBorder padding="lg" component="section" aria-labelledby="kuis-title">
        <Stack gap="sm">
          <Badge variant="light" color="violet" w="fit-content">
            Kuis
          </Badge>
          <Title order={2} id="kuis-title" style={{ overflowWrap: 'anywhere' }}>
            {q.title}
          </Title>
          {q.description && <Text className="kls-pre">{q.description}</Text>}
          <InfoTable v={v} />
          {q.exam_mode && <ExamNotice limit={q.exam_leave_limit} />}
          {v.grade !== null && (
            <Text fw={700} size="lg">
              Nilaimu: {v.grade}
            </Text>
          )}
          {q.attempts_allowed === 1 && v.attempts.length === 0 && v.can_start && (
            <Group gap={6} wrap="nowrap">
              <IconInfoCircle size={16} color="var(--mantine-color-blue-8)" aria-hidden style={{ flexShrink: 0 }} />
              <Text size="sm">Kuis ini hanya dapat dikerjakan satu kali.</Text>
            </Group>
          )}
          <Group>
            <StartArea r={r} v={v} />
            {klass && (
              <WhatsAppShareButton
                what={q.title}
                href={quizShareLink(klass, q, appLink(studentPaths.quiz(r.classId, r.lessonId, r.quizId)))}
              />
            )}
          </Group>
        </Stack>
      </Card>
      {v.attempts.length > 0 && (
        <Card withBorder padding="lg" component="section" aria-labelledby="riwayat-kuis">
          <Title order={3} size="h4" id="riwayat-kuis" mb="sm">
            Percobaanmu
          </Title>
          <Stack component="ul" gap="sm" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {[...v.attempts]
              .sort((a, b) => b.number - a.number)
              .map((a) => (
                <AttemptRow key={a.id} r={r} a={a} v={v} />
              ))}
          </Stack>
        </Card>
      )}
    </Stack>
  );
}

/** /my-classes/:classId/contents/:lessonId/quizzes/:quizId — the quiz's intro: times, limit, attempts, start or resume. */
export default function QuizIntroPage() {
  const { ref } = useQuizParams();
  const query = useStudentQuiz(ref);
  useRefetchWhenOpens(query.data, query.refetch);
  const valid = [ref.classId, ref.lessonId, ref.quizId].every((n) => Number.isInteger(n) && n > 0);
  if (!valid) return <NotFoundPage />;
  if (isNotFound(query.error)) return <NotFoundPage />;
  return (
    <Stack maw={860}>
      <Group gap="sm" wrap="nowrap">
        <ActionIcon component={Link} to={`/my-classes/${ref.classId}`} variant="subtle" size="lg" aria-label="Kembali ke kelas">
          <IconArrowLeft size={20} />
        </ActionIcon>
        <Text fw={600}>Kuis</Text>
      </Group>
      <QueryState query={query}>{(v) => <QuizIntro r={ref} v={v} />}</QueryState>
    </Stack>
  );
}
