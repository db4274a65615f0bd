import { useState } from 'react';
import { Button, Group, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { ASSIGNMENT_MSG, GRADING_STATUS, LIMITS, MSG, TOAST_MS, type SubmissionDetail } from '@kelasku/contract';
import { ApiError } from '../../api/client';
import type { AssignmentRef } from '../../api/assignments';
import { useGrade, useReturnWork } from '../../api/grading';
import { errorMessage, toastApiError, toastError, toastSuccess } from '../../lib/toast';

const SCORE_ERROR = `${MSG.scoreRange} please try again!`;

/**
 * Score and "Masukan" with "Simpan nilai", and "Kembalikan". The grade carries the revision of the
 * work on screen: when the student handed in again meanwhile the server refuses it (409), its message
 * is shown and the fresh work loads (the lists and this view are refreshed after every grade).
 */
export function GradeForm({ r, studentId, sub }: { r: AssignmentRef; studentId: number; sub: SubmissionDetail }) {
  const grade = useGrade(r);
  const giveBack = useReturnWork(r, studentId);
  const [score, setScore] = useState<string | number>(sub.score ?? '');
  const [feedback, setFeedback] = useState(sub.feedback ?? '');

  const save = () => {
    if (score === '' || grade.isPending) return;
    const n = typeof score === 'number' ? score : Number(score);
    // Checked here too, so an out-of-range score is never sent (SPEC §8).
    if (!Number.isInteger(n) || n < LIMITS.scoreMin || n > LIMITS.scoreMax) {
      toastError(SCORE_ERROR, TOAST_MS.short);
      return;
    }
    grade.mutateAsync({ student_id: studentId, score: n, feedback: feedback.trim(), revision: sub.revision }).then(
      (res) => toastSuccess(res.message ?? ASSIGNMENT_MSG.graded, TOAST_MS.short),
      (err: unknown) => (err instanceof ApiError && err.status === 409 ? toastError(err.message, TOAST_MS.long) : toastApiError(err)),
    );
  };

  const returned = sub.grading_status === GRADING_STATUS.returned;
  const graded = sub.score !== null;
  const giveBackNow = () =>
    giveBack.mutateAsync(undefined).then(
      (res) => toastSuccess(res.message ?? ASSIGNMENT_MSG.returned, TOAST_MS.short),
      (err: unknown) => toastError(errorMessage(err), TOAST_MS.long),
    );

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <Stack gap="sm">
        <NumberInput
          label="Nilai (0–100)"
          value={score}
          onChange={setScore}
          allowDecimal={false}
          clampBehavior="none"
          min={LIMITS.scoreMin}
          max={LIMITS.scoreMax}
          inputMode="numeric"
        />
        <Textarea
          label="Masukan"
          description="Terlihat oleh siswa bersama nilainya"
          value={feedback}
          onChange={(e) => setFeedback(e.currentTarget.value)}
          maxLength={LIMITS.textMax}
          autosize
          minRows={3}
          maxRows={10}
        />
        <Group gap="xs">
          <Button type="submit" disabled={score === ''} loading={grade.isPending}>
            Simpan nilai
          </Button>
          <Button
            variant="light"
            leftSection={<IconArrowBackUp size={16} aria-hidden />}
            disabled={!graded || returned}
            loading={giveBack.isPending}
            onClick={() => void giveBackNow()}
            aria-describedby={!graded || returned ? `kembalikan-${studentId}` : undefined}
          >
            Kembalikan
          </Button>
        </Group>
        {(!graded || returned) && (
          <Text id={`kembalikan-${studentId}`} size="xs" c="dimmed">
            {returned ? 'Tugas ini sudah dikembalikan ke siswa.' : ASSIGNMENT_MSG.returnUngraded}
          </Text>
        )}
      </Stack>
    </form>
  );
}
