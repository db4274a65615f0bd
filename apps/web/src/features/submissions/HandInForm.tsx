import { ActionIcon, Alert, Button, Card, FileButton, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowBackUp, IconCamera, IconRefresh, IconSend, IconTrash } from '@tabler/icons-react';
import { LIMITS, MB, type AssignmentWithSubmission } from '@kelasku/contract';
import { DRAFT_RESTORED } from '../../lib/drafts';
import { formatFileSize } from '../../lib/format';
import { FilesPicker } from '../../components/FilesPicker';
import { PhotoToPdf } from '../photos/PhotoToPdf';
import { PendingUploads } from '../../uploads/PendingUploads';
import { UploadStatus } from '../../uploads/UploadStatus';
import { LocalThumb, SubmittedFiles } from './SubmissionFiles';
import { submitLabel } from './hand-in';
import { useHandInForm, type HandInFormState } from './useHandInForm';

/** What a failed upload or hand-in says first: nothing was handed in. */
export const HAND_IN_FAILED = 'Gagal mengunggah — tugas BELUM terkirim';

/**
 * "Kirim tugas": the current files (each may be removed before handing in again), new files from
 * the file picker, the phone's camera, "Foto tugas" (photos joined into one PDF) or a drop, an optional text answer ("Jawaban", kept as a draft
 * while typed), the limits checked here with the server's messages.
 *
 * Each new file starts uploading (resumable, features/uploads) as soon as it is picked, so the
 * bytes go up while the student writes the answer; the button sends the form with the upload ids
 * once every file is on the server, and says why it waits until then.
 */
export function HandInForm({ a, onDone, onCancel }: { a: AssignmentWithSubmission; onDone: () => void; onCancel?: () => void }) {
  const s = a.submission;
  const state = useHandInForm(a, onDone);
  const { form, draft, uploads, refused, problem, failure, resetPick, resetPhoto, sending, count, total, waitReason, add, submit } = state;

  const { text } = form.values;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="kirim-title">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
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
          {s.files.length > 0 && <KeptFiles a={a} state={state} />}
          <FilesPicker
            onAdd={(files) => add(files)}
            disabled={sending}
            dropText="Tarik dan lepas file jawabanmu ke sini"
            inputLabel="File jawaban"
            resetRef={resetPick}
          >
            <FileButton
              onChange={(f) => add(f ? [f] : [], 'camera')}
              accept="image/*"
              capture="environment"
              resetRef={resetPhoto}
              disabled={sending}
              inputProps={{ 'aria-label': 'Foto jawaban' }}
            >
              {(props) => (
                <Button {...props} variant="default" leftSection={<IconCamera size={16} />} disabled={sending}>
                  Ambil foto
                </Button>
              )}
            </FileButton>
            <PhotoToPdf onDone={(files) => add(files, 'photos')} disabled={sending} />
          </FilesPicker>
          <Text size="xs" c="dimmed">
            Foto besar diperkecil otomatis sebelum dikirim agar hemat kuota, tulisan tetap terbaca. File mulai diunggah begitu dipilih; bila
            sinyal putus, unggahan dilanjutkan sendiri.
          </Text>
          <PendingUploads
            files={uploads.pending}
            onDismiss={uploads.dismiss}
            restore={uploads.restore}
            onResume={(file) => add([file], 'photos')}
          />
          {uploads.items.length > 0 && <NewFiles state={state} />}
          <Text size="xs" c="dimmed">
            {count} dari {LIMITS.submissionFiles} file · {formatFileSize(total)} dari {LIMITS.submissionBytes / MB} MB · paling besar{' '}
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
            disabled={sending}
            {...form.getInputProps('text')}
          />
          {failure && (
            <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={18} />} title={HAND_IN_FAILED}>
              <Stack gap="xs" align="flex-start">
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {failure}
                </Text>
                <Button size="xs" color="red" leftSection={<IconRefresh size={14} />} onClick={submit} loading={sending}>
                  Coba lagi
                </Button>
              </Stack>
            </Alert>
          )}
          {problem && !failure && (
            <Text c="red" size="sm" role="alert">
              {problem}
            </Text>
          )}
          <Stack gap={4} align="flex-end">
            <Group justify="flex-end">
              {onCancel && (
                <Button variant="default" onClick={onCancel} disabled={sending}>
                  Batal
                </Button>
              )}
              <Button
                type="submit"
                leftSection={<IconSend size={16} />}
                loading={sending}
                disabled={waitReason !== null}
                aria-describedby={waitReason ? 'kirim-menunggu' : undefined}
              >
                {submitLabel(s.submitted_at)}
              </Button>
            </Group>
            {waitReason && (
              <Text id="kirim-menunggu" size="xs" c="dimmed" ta="right">
                {waitReason}
              </Text>
            )}
          </Stack>
        </Stack>
      </form>
    </Card>
  );
}

/** "File yang sudah diunggah": the files of the last hand-in, each with its remove (or undo) button. */
function KeptFiles({ a, state }: { a: AssignmentWithSubmission; state: HandInFormState }) {
  const { removed, toggle, sending } = state;
  const s = a.submission;
  return (
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
            <ActionIcon variant="subtle" aria-label={`Batal hapus ${f.filename}`} onClick={() => toggle(f.file_id)} disabled={sending}>
              <IconArrowBackUp size={18} />
            </ActionIcon>
          ) : (
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Hapus ${f.filename}`}
              onClick={() => toggle(f.file_id)}
              disabled={sending}
            >
              <IconTrash size={18} />
            </ActionIcon>
          )
        }
      />
    </Stack>
  );
}

/** "File baru": the files picked now, each with its upload's state and a remove button. */
function NewFiles({ state }: { state: HandInFormState }) {
  const { uploads, sending } = state;
  return (
    <Stack component="ul" gap="sm" aria-label="File baru" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {uploads.items.map((item) => (
        <li key={item.key}>
          <UploadStatus
            name={item.file.name}
            state={item.state}
            failedTitle={HAND_IN_FAILED}
            doneText="Selesai diunggah, siap diserahkan"
            onRetry={() => uploads.retry(item.key)}
            thumb={<LocalThumb file={item.file} />}
            action={
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Hapus ${item.file.name}`}
                onClick={() => uploads.remove(item.key)}
                disabled={sending}
              >
                <IconTrash size={18} />
              </ActionIcon>
            }
          />
        </li>
      ))}
    </Stack>
  );
}
