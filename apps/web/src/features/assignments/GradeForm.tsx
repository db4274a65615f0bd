import { useState } from 'react';
import { Button, Group, NumberInput, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import {
  ASSIGNMENT_MSG,
  GRADING_STATUS,
  LIMITS,
  MSG,
  RUBRIC_MSG,
  TOAST_MS,
  rubricScore,
  type Rubric,
  type RubricMark,
  type SubmissionDetail,
} from '@kelasku/contract';
import { ApiError } from '../../api/client';
import type { AssignmentRef } from '../../api/assignments';
import { useGrade, useReturnWork } from '../../api/grading';
import { errorMessage, toastApiError, toastError, toastSuccess } from '../../lib/toast';
import { RubricGrader, marksFor } from '../rubrics/RubricGrader';

const SCORE_ERROR = `${MSG.scoreRange} please try again!`;

/**
 * Score and "Masukan" with "Simpan nilai", and "Kembalikan". The grade carries the revision of the
 * work on screen: when the student handed in again meanwhile the server refuses it (409), its message
 * is shown and the fresh work loads (the lists and this view are refreshed after every grade).
 */
export function GradeForm({
  r,
  studentId,
  sub,
  rubric,
}: {
  r: AssignmentRef;
  studentId: number;
  sub: SubmissionDetail;
  /** Issue 39: with a rubric the teacher chooses a level per criterion and the score follows them. */
  rubric?: Rubric | null;
}) {
  const grade = useGrade(r);
  const giveBack = useReturnWork(r, studentId);
  const [score, setScore] = useState<string | number>(sub.score ?? '');
  const [marks, setMarks] = useState<RubricMark[]>(() => (rubric ? marksFor(rubric, sub.rubric_marks) : []));
  const chooseMarks = (next: RubricMark[]) => {
    setMarks(next);
    if (rubric && next.every((m) => m.level !== null)) setScore(rubricScore(rubric, next));
  };
  const [feedback, setFeedback] = useState(sub.feedback ?? '');
  const [returnMessage, setReturnMessage] = useState('');

  const save = () => {
    if (rubric && marks.some((m) => m.level === null)) {
      toastError(RUBRIC_MSG.marksCount(rubric.criteria.length), TOAST_MS.long);
      return;
    }
    if (score === '' || grade.isPending) return;
    const n = typeof score === 'number' ? score : Number(score);
    // Checked here too, so an out-of-range score is never sent (SPEC §8).
    if (!Number.isInteger(n) || n < LIMITS.scoreMin || n > LIMITS.scoreMax) {
      toastError(SCORE_ERROR, TOAST_MS.short);
      return;
    }
    const rubricMarks = rubric ? { rubric_marks: marks } : {};
    grade.mutateAsync({ student_id: studentId, score: n, feedback: feedback.trim(), revision: sub.revision, ...rubricMarks }).then(
      (res) => toastSuccess(res.message ?? ASSIGNMENT_MSG.graded, TOAST_MS.short),
      (err: unknown) => (err instanceof ApiError && err.status === 409 ? toastError(err.message, TOAST_MS.long) : toastApiError(err)),
    );
  };

  const returned = sub.grading_status === GRADING_STATUS.returned;
  const graded = sub.score !== null;
  const giveBackNow = () =>
    giveBack.mutateAsync(returnMessage.trim() || undefined).then(
      (res) => {
        setReturnMessage('');
        toastSuccess(res.message ?? ASSIGNMENT_MSG.returned, TOAST_MS.short);
      },
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
        {rubric && <RubricGrader rubric={rubric} marks={marks} onChange={chooseMarks} />}
        <NumberInput
          label="Nilai (0–100)"
          description={rubric ? 'Mengikuti level yang dipilih pada rubrik' : undefined}
          readOnly={!!rubric}
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
          <Button type="submit" disabled={score === '' && !rubric} loading={grade.isPending}>
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
        {graded && !returned && (
          <TextInput
            label="Pesan saat dikembalikan (opsional)"
            description="Dikirim kepada siswa di percakapan pribadi bersama tugasnya"
            value={returnMessage}
            onChange={(e) => setReturnMessage(e.currentTarget.value)}
          />
        )}
        {(!graded || returned) && (
          <Text id={`kembalikan-${studentId}`} size="xs" c="dimmed">
            {returned ? 'Tugas ini sudah dikembalikan ke siswa.' : ASSIGNMENT_MSG.returnUngraded}
          </Text>
        )}
      </Stack>
    </form>
  );
}
