import { useEffect, useState } from 'react';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle, useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconKey, IconPencil } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { ApiError, isNotFound } from '../../../api/client';
import { useExamToken, useProctorBoard } from '../../../api/exams';
import type { QuizRef } from '../../../api/quizzes';
import { NotFoundPage } from '../../../components/ErrorPages';
import { QueryState } from '../../../components/QueryState';
import { lessonItemRef } from '../../../lib/route-params';
import { formatCountdown, remainingMs } from '../../../lib/quiz-clock';
import { errorMessage } from '../../../lib/toast';
import { useLiveTopic } from '../../../live/useLiveTopic';
import { editQuizPath, quizPath } from '../teacher/paths';
import { BoardSummary, ProctorBoardView } from './ProctorBoard';
import { ProctorDialogs, type ProctorDialog } from './ProctorActions';

/** This browser's clock, renewed every second (the token's and the students' countdowns). */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** "123 456": the token as the proctor reads it aloud. */
const spaced = (token: string) => (token.length === 6 ? `${token.slice(0, 3)} ${token.slice(3)}` : token);

/** The current token, very large, and when it changes; it is fetched again at that moment. */
function TokenCard({ r, now }: { r: QuizRef; now: number }) {
  const token = useExamToken(r);
  const { data, refetch } = token;
  const validUntil = data?.valid_until;
  const offset = data?.clock_offset_ms ?? 0;
  useEffect(() => {
    if (!validUntil) return;
    const wait = Math.max(0, (remainingMs(validUntil, offset) ?? 0) + 500);
    const timer = setTimeout(() => void refetch(), wait);
    return () => clearTimeout(timer);
  }, [validUntil, offset, refetch]);

  if (token.error instanceof ApiError && token.error.status === 409) {
    return (
      <Alert color="orange" title="Mode ujian belum aktif">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorMessage(token.error)}</Text>
          <Button component={Link} to={editQuizPath(r)} size="xs" variant="light" leftSection={<IconPencil size={14} />}>
            Edit kuis
          </Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="token-ujian">
      <QueryState query={token}>
        {(t) => {
          const left = remainingMs(t.valid_until, t.clock_offset_ms, now) ?? 0;
          return (
            <Stack gap={4} align="center">
              <Group gap={6}>
                <IconKey size={18} aria-hidden />
                <Text fw={600} id="token-ujian">
                  Token ujian
                </Text>
              </Group>
              <Text
                data-testid="exam-token"
                data-token={t.token}
                aria-label={`Token ujian ${t.token.split('').join(' ')}`}
                ff="monospace"
                fw={800}
                lh={1.1}
                style={{ fontSize: 'clamp(3rem, 14vw, 6.5rem)', letterSpacing: '0.08em', whiteSpace: 'nowrap' }}
              >
                {spaced(t.token)}
              </Text>
              <Text size="sm" c="dimmed" role="timer" aria-live="off">
                {left > 0 ? `Berganti dalam ${formatCountdown(left)}` : 'Mengambil token baru…'}
              </Text>
            </Stack>
          );
        }}
      </QueryState>
    </Card>
  );
}

function Board({ r, now }: { r: QuizRef; now: number }) {
  const board = useProctorBoard(r);
  const isPhone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false }) ?? false;
  const [dialog, setDialog] = useState<ProctorDialog>(null);
  // The dialog shows the row as the board has it now (a live event may have changed it).
  const current = dialog && board.data ? board.data.rows.find((row) => row.student.id === dialog.row.student.id) : undefined;
  return (
    <QueryState query={board}>
      {(b) => (
        <Stack gap="sm">
          <BoardSummary rows={b.rows} />
          {b.quiz.exam_leave_limit !== null && (
            <Text size="sm" c="dimmed">{`Ujian dikumpulkan otomatis setelah siswa keluar ${b.quiz.exam_leave_limit} kali.`}</Text>
          )}
          <ProctorBoardView r={r} board={b} now={now} isPhone={isPhone} onOpen={setDialog} />
          <ProctorDialogs r={r} dialog={dialog && current ? { ...dialog, row: current } : null} onClose={() => setDialog(null)} />
        </Stack>
      )}
    </QueryState>
  );
}

function Proctor({ r }: { r: QuizRef }) {
  const now = useNow();
  const board = useProctorBoard(r);
  useLiveTopic({ exam: r });
  useDocumentTitle(board.data ? `Pengawas Ujian | ${board.data.quiz.title}` : 'Pengawas Ujian');
  if (isNotFound(board.error)) return <NotFoundPage />;
  return (
    <Stack maw={1200}>
      <Group>
        <Button component={Link} to={quizPath(r)} variant="subtle" leftSection={<IconArrowLeft size={18} />}>
          Kembali ke kuis
        </Button>
      </Group>
      <div>
        <Title order={2}>Pengawas Ujian</Title>
        {board.data && (
          <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {board.data.quiz.title}
          </Text>
        )}
      </div>
      <TokenCard r={r} now={now} />
      <Board r={r} now={now} />
    </Stack>
  );
}

/** /online-class/:classId/contents/:lessonId/quizzes/:quizId/pengawas — the proctor board of an exam-mode quiz (issue 41). */
export default function ProctorPage() {
  const r = lessonItemRef(useParams(), 'quizId');
  return r ? <Proctor r={r} /> : <NotFoundPage />;
}
