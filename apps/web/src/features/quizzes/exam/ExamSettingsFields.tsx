import { NumberInput, Stack, Switch } from '@mantine/core';
import { QUIZ_LIMITS } from '@kelasku/contract';
import type { QuizFormType } from '../teacher/useQuizForm';

/** Issue 41, the quiz form's "Mode ujian": a token to start, full screen, leaves logged; optionally submitted after N leaves. */
export function ExamSettingsFields({ form }: { form: QuizFormType }) {
  const on = form.values.exam_mode;
  return (
    <Stack gap="xs">
      <Switch
        label="Mode ujian"
        description="Siswa butuh token dari pengawas untuk mulai, diminta layar penuh, dan setiap kali keluar dari halaman ujian tercatat."
        {...form.getInputProps('exam_mode', { type: 'checkbox' })}
      />
      {on && (
        <NumberInput
          label="Kumpulkan otomatis setelah keluar … kali"
          description="Kosongkan bila tidak pernah dikumpulkan otomatis."
          placeholder="Tidak pernah"
          min={1}
          max={QUIZ_LIMITS.leaveLimitMax}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          rightSection="kali"
          rightSectionWidth={44}
          maw={360}
          {...form.getInputProps('exam_leave_limit')}
        />
      )}
    </Stack>
  );
}
