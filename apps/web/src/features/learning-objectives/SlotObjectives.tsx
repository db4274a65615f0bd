import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { GRADE_MSG, TOAST_MS, type Quiz, type QuizSlot } from '@kelasku/contract';
import { api } from '../../api/client';
import { quizKeys, type QuizRef } from '../../api/quizzes';
import { errorMessage, toastError, toastSuccess } from '../../lib/toast';
import { objectiveKeys } from './api';
import { ObjectivePicker } from './ObjectivePicker';

const slotUrl = (r: QuizRef, slotId: number) =>
  `/api/teacher/online-classes/${r.classId}/contents/${r.lessonId}/quizzes/${r.id}/slots/${slotId}/objectives`;

/** The quiz's questions in order; a fixed question can be tagged with TPs of the class (issue 39). */
export function SlotObjectives({ r, quiz, readOnly }: { r: QuizRef; quiz: Quiz; readOnly?: boolean }) {
  if (quiz.slots.length === 0) return <Text c="dimmed">Kuis ini belum punya soal.</Text>;
  return (
    <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Soal kuis">
      {quiz.slots.map((s, i) => (
        <SlotRow key={s.id} r={r} slot={s} n={i + 1} readOnly={readOnly} />
      ))}
    </Stack>
  );
}

function SlotRow({ r, slot, n, readOnly }: { r: QuizRef; slot: QuizSlot; n: number; readOnly?: boolean }) {
  const qc = useQueryClient();
  const [ids, setIds] = useState<number[]>(slot.objective_ids);
  const save = useMutation({
    mutationFn: (objective_ids: number[]) => api.put(slotUrl(r, slot.id), { objective_ids }),
    meta: { toast: false },
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: quizKeys.quiz(r) });
      void qc.invalidateQueries({ queryKey: objectiveKeys.all });
    },
  });
  const changed = ids.length !== slot.objective_ids.length || ids.some((id, i) => id !== slot.objective_ids[i]);
  const doSave = () =>
    save.mutateAsync(ids).then(
      (res) => toastSuccess(res.message ?? GRADE_MSG.tagsSaved, TOAST_MS.short),
      (err: unknown) => toastError(errorMessage(err), TOAST_MS.long),
    );
  return (
    <Card component="li" withBorder padding="sm" aria-label={`Soal ${n}`}>
      <Stack gap="xs">
        <Group gap={6} wrap="nowrap" align="flex-start">
          <Text fw={600} size="sm">{`${n}.`}</Text>
          <Text size="sm" lineClamp={3} style={{ overflowWrap: 'anywhere', flex: 1 }}>
            {slot.question ? slot.question.text : `${slot.count ?? 0} soal acak dari kategori ${slot.category_name ?? ''}`}
          </Text>
          {slot.question && <Badge variant="outline" color="gray">{`${slot.question.points} poin`}</Badge>}
        </Group>
        {slot.question ? (
          <Group align="flex-end" gap="xs" wrap="wrap">
            <div style={{ flex: '1 1 240px', minWidth: 0 }}>
              <ObjectivePicker classId={r.classId} label={`TP soal ${n}`} value={ids} onChange={setIds} disabled={readOnly} />
            </div>
            {!readOnly && (
              <Button variant="light" disabled={!changed} loading={save.isPending} onClick={() => void doSave()}>
                {`Simpan TP soal ${n}`}
              </Button>
            )}
          </Group>
        ) : (
          <Text size="xs" c="dimmed">
            Soal acak mengikuti TP kuisnya.
          </Text>
        )}
      </Stack>
    </Card>
  );
}
