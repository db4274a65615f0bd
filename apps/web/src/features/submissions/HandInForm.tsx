import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Alert, Button, Card, FileButton, Group, Progress, Stack, Text, Textarea, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconArrowBackUp, IconCamera, IconSend, IconTrash } from '@tabler/icons-react';
import { LIMITS, MB, TOAST_MS, handInFields, type AssignmentWithSubmission } from '@kelasku/contract';
import { ApiError } from '../../api/client';
import { getSessionUser } from '../../api/session';
import { useHandIn } from '../../api/student';
import { formatBytes } from '../../components/FileDropzone';
import { DRAFT_RESTORED, usePageDraft } from '../../lib/drafts';
import { showFailure } from '../../lib/form-errors';
import { toastApiError, toastSuccess } from '../../lib/toast';
import { FilesPicker } from '../../components/FilesPicker';
import { ChosenFiles, SubmittedFiles } from './SubmissionFiles';
import { addFiles, handInProblem } from './hand-in';
import { shrinkPhoto } from '../../lib/photos';

interface AnswerForm extends Record<string, unknown> {
  text: string;
}

/**
 * "Kirim tugas": the current files (each may be removed before handing in again), new files from
 * the file picker, the phone's camera or a drop, an optional text answer ("Jawaban", kept as a draft
 * while typed), the limits checked here with the server's messages, and the upload's progress.
 */
export function HandInForm({ a, onDone, onCancel }: { a: AssignmentWithSubmission; onDone: () => void; onCancel?: () => void }) {
  const s = a.submission;
  const handIn = useHandIn(a.id);
  const initial: AnswerForm = { text: s.text_answer ?? '' };
  const form = useForm<AnswerForm>({ initialValues: initial, validate: schemaResolver(handInFields, { sync: true }) });
  const draft = usePageDraft(form, `jawaban-${a.id}`, initial, getSessionUser()?.id);
  const [removed, setRemoved] = useState<ReadonlySet<number>>(new Set());
  const [chosen, setChosen] = useState<File[]>([]);
  const [refused, setRefused] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const abortRef = useRef<AbortController | null>(null);
  const resetPick = useRef<() => void>(null);
  const resetPhoto = useRef<() => void>(null);
  const uploading = handIn.isPending;

  // Leaving the page stops an upload under way.
  useEffect(() => () => abortRef.current?.abort(), []);

  const kept = s.files.filter((f) => !removed.has(f.file_id));
  const count = kept.length + chosen.length;
  const total = kept.reduce((n, f) => n + f.size, 0) + chosen.reduce((n, f) => n + f.size, 0);

  // Photos are made lighter first (lib/photos.ts), then checked against the limits.
  const add = (picked: File[]) => {
    void Promise.all(picked.map(shrinkPhoto)).then((files) => {
      const next = addFiles(
        chosen,
        files,
        kept.map((f) => f.size),
      );
      setChosen(next.chosen);
      setRefused(next.refused);
      setProblem(null);
      resetPick.current?.();
      resetPhoto.current?.();
    });
  };

  const toggle = (id: number) =>
    setRemoved((was) => {
      const next = new Set(was);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const send = async ({ text }: AnswerForm) => {
    const missing = handInProblem(kept.length, chosen.length, text);
    setProblem(missing);
    if (missing) return;
    const controller = new AbortController();
    abortRef.current = controller;
    setProgress(0);
    try {
      const res = await handIn.mutateAsync({
        files: chosen,
        keep: kept.map((f) => f.file_id),
        text,
        onProgress: setProgress,
        signal: controller.signal,
      });
      draft.discard();
      setChosen([]);
      setRemoved(new Set());
      setRefused([]);
      toastSuccess(`${res.message ?? 'Berhasil'}, Tugasmu berhasil dikumpulkan.`, TOAST_MS.long);
      onDone();
    } catch (err) {
      setProgress(0);
      // Leaving the page cancels the upload on purpose; that is not a failure to report.
      if (err instanceof ApiError && err.status === -1) return;
      setProblem(showFailure(form, err, ['text']));
      toastApiError(err, TOAST_MS.long);
    } finally {
      abortRef.current = null;
    }
  };

  const { text } = form.values;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="kirim-title">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!form.validate().hasErrors) void send(form.getValues());
        }}
        onInput={draft.onInput}
      >
        <Stack>
          <Title order={3} id="kirim-title">
            {s.submitted_at ? 'Ubah kiriman' : 'Kirim tugas'}
          </Title>
          {draft.restored && (
            <Text size="sm" c="dimmed" role="status">
              {DRAFT_RESTORED}
            </Text>
          )}
          {s.files.length > 0 && (
            <Stack gap={6}>
              <Text size="sm" fw={500}>
                File yang sudah diunggah
              </Text>
              <SubmittedFiles
                files={s.files}
                label="File yang sudah diunggah"
                removed={removed}
                action={(f) =>
                  removed.has(f.file_id) ? (
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Batal hapus ${f.filename}`}
                      onClick={() => toggle(f.file_id)}
                      disabled={uploading}
                    >
                      <IconArrowBackUp size={18} />
                    </ActionIcon>
                  ) : (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Hapus ${f.filename}`}
                      onClick={() => toggle(f.file_id)}
                      disabled={uploading}
                    >
                      <IconTrash size={18} />
                    </ActionIcon>
                  )
                }
              />
            </Stack>
          )}
          <FilesPicker
            onAdd={add}
            disabled={uploading}
            dropText="Tarik dan lepas file jawabanmu ke sini"
            inputLabel="File jawaban"
            resetRef={resetPick}
          >
            <FileButton
              onChange={(f) => add(f ? [f] : [])}
              accept="image/*"
              capture="environment"
              resetRef={resetPhoto}
              disabled={uploading}
              inputProps={{ 'aria-label': 'Foto jawaban' }}
            >
              {(props) => (
                <Button {...props} variant="default" leftSection={<IconCamera size={16} />} disabled={uploading}>
                  Ambil foto
                </Button>
              )}
            </FileButton>
          </FilesPicker>
          <Text size="xs" c="dimmed">
            Foto besar diperkecil otomatis sebelum dikirim agar hemat kuota, tulisan tetap terbaca.
          </Text>
          {chosen.length > 0 && (
            <ChosenFiles
              files={chosen}
              label="File baru"
              action={(f, i) => (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Hapus ${f.name}`}
                  onClick={() => setChosen((was) => was.filter((_, j) => j !== i))}
                  disabled={uploading}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              )}
            />
          )}
          <Text size="xs" c="dimmed">
            {count} dari {LIMITS.submissionFiles} file · {formatBytes(total)} dari {LIMITS.submissionBytes / MB} MB · paling besar{' '}
            {LIMITS.fileBytes / MB} MB per file
          </Text>
          {refused.length > 0 && (
            <Alert color="red" role="alert" title="File tidak ditambahkan">
              {refused.map((r) => (
                <Text key={r} size="sm">
                  {r}
                </Text>
              ))}
            </Alert>
          )}
          <Textarea
            label="Jawaban"
            description={`Tidak wajib · ${text.length.toLocaleString('id-ID')}/${LIMITS.textMax.toLocaleString('id-ID')} karakter`}
            placeholder="Tulis jawabanmu di sini"
            autosize
            minRows={3}
            maxRows={12}
            maxLength={LIMITS.textMax}
            disabled={uploading}
            {...form.getInputProps('text')}
          />
          {uploading && (
            <Stack gap={4}>
              <Progress value={progress} animated aria-label="Progres unggahan" />
              <Text size="xs" c="dimmed" ta="right">
                {progress}%
              </Text>
            </Stack>
          )}
          {problem && (
            <Text c="red" size="sm" role="alert">
              {problem}
            </Text>
          )}
          <Group justify="flex-end">
            {onCancel && (
              <Button
                variant="default"
                onClick={() => {
                  abortRef.current?.abort();
                  onCancel();
                }}
              >
                Batal
              </Button>
            )}
            <Button type="submit" leftSection={<IconSend size={16} />} loading={uploading}>
              Serahkan
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
