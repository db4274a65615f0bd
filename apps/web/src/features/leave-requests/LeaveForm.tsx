import { useRef, useState } from 'react';
import { Alert, Button, Card, FileButton, Group, Input, SegmentedControl, Stack, Text, Textarea, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconCamera, IconSend } from '@tabler/icons-react';
import { LEAVE_FILE_MAX_MB, LEAVE_MSG, leaveRequestBody } from '@kelasku/contract';
import { useSendLeaveRequest } from '../../api/leave-requests';
import { DateField } from '../../components/DateFields';
import { FileDropzone } from '../../components/FileDropzone';
import { showFailure } from '../../lib/form-errors';
import { shrinkPhoto } from '../../lib/photos';
import { toastSuccess } from '../../lib/toast';
import { LETTER_ACCEPT, LETTER_MAX_BYTES, letterDropMessage, letterFailure, letterProblem, wibDay } from './letter';

type LeaveForm = { kind: 'S' | 'I'; starts_on: string; ends_on: string; reason: string } & Record<string, unknown>;

const FIELDS = ['kind', 'starts_on', 'ends_on', 'reason'] as const;

/** The letter: a photo (big ones made lighter first, lib/photos.ts) or a PDF, checked as the server will. */
function useLetter() {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [shrinking, setShrinking] = useState(false);
  const resetCamera = useRef<() => void>(null);
  const pick = (picked: File | null) => {
    resetCamera.current?.();
    if (!picked) return;
    setShrinking(true);
    void shrinkPhoto(picked).then((f) => {
      setShrinking(false);
      const problem = letterProblem(f);
      setFile(problem ? null : f);
      setError(problem);
    });
  };
  return { file, setFile, error, setError, shrinking, resetCamera, pick };
}

/** How the form sends a request: the student's own by default; a parent's for their child (issue 40). */
export type LeaveSender = Pick<ReturnType<typeof useSendLeaveRequest>, 'mutateAsync' | 'isPending'>;

/** "Ajukan izin / sakit": Sakit or Izin, the dates, the reason and the letter; the server's messages under the fields. */
export function LeaveForm({ sender }: { sender?: LeaveSender } = {}) {
  const own = useSendLeaveRequest();
  const send = sender ?? own;
  const letter = useLetter();
  const [message, setMessage] = useState<string | null>(null);
  const initial: LeaveForm = { kind: 'S', starts_on: wibDay(), ends_on: wibDay(), reason: '' };
  const form = useForm<LeaveForm>({ initialValues: initial, validate: schemaResolver(leaveRequestBody, { sync: true }) });

  const submit = async (values: LeaveForm) => {
    const problem = letterProblem(letter.file);
    letter.setError(problem);
    if (problem || !letter.file) return;
    setMessage(null);
    try {
      const res = await send.mutateAsync({ body: values, file: letter.file });
      toastSuccess(res.message ?? LEAVE_MSG.created);
      form.setValues(initial);
      letter.setFile(null);
    } catch (err) {
      const fileMessage = letterFailure(err);
      letter.setError(fileMessage);
      const other = showFailure(form, err, FIELDS);
      setMessage(fileMessage && other === fileMessage ? null : other);
    }
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="ajukan-title">
      <form
        noValidate
        onSubmit={form.onSubmit(
          (v) => void submit(v),
          () => letter.setError(letterProblem(letter.file)),
        )}
      >
        <Stack>
          <Title order={3} size="h4" id="ajukan-title">
            Ajukan izin / sakit
          </Title>
          <Input.Wrapper label="Jenis" error={form.errors.kind}>
            <SegmentedControl
              fullWidth
              aria-label="Jenis permohonan"
              data={[
                { value: 'S', label: 'Sakit' },
                { value: 'I', label: 'Izin' },
              ]}
              {...form.getInputProps('kind')}
            />
          </Input.Wrapper>
          <Group grow align="flex-start" wrap="wrap">
            <DateField label="Tanggal mulai" required clearable={false} miw={150} {...form.getInputProps('starts_on')} />
            <DateField label="Tanggal selesai" required clearable={false} miw={150} {...form.getInputProps('ends_on')} />
          </Group>
          <Textarea
            label="Keterangan"
            required
            placeholder="Contoh: demam sejak semalam, istirahat di rumah"
            autosize
            minRows={2}
            maxRows={6}
            maxLength={1000}
            {...form.getInputProps('reason')}
          />
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              Surat (foto atau PDF)
            </Text>
            <FileDropzone
              file={letter.file}
              onChange={(f) => (f ? letter.pick(f) : letter.setFile(null))}
              maxBytes={LETTER_MAX_BYTES}
              tooLargeMessage={LEAVE_MSG.fileTooLarge}
              label="Surat izin atau surat dokter"
              hint={`JPG, PNG, WebP atau PDF, maksimal ${LEAVE_FILE_MAX_MB} MB`}
              accept={LETTER_ACCEPT}
              error={letter.error}
              onError={(m) => letter.setError(letterDropMessage(m))}
              disabled={send.isPending}
            />
            <Group>
              <FileButton
                onChange={letter.pick}
                accept="image/*"
                capture="environment"
                resetRef={letter.resetCamera}
                disabled={send.isPending}
                inputProps={{ 'aria-label': 'Foto surat dengan kamera' }}
              >
                {(props) => (
                  <Button {...props} size="xs" variant="default" leftSection={<IconCamera size={14} />} disabled={send.isPending}>
                    Foto surat
                  </Button>
                )}
              </FileButton>
              {letter.shrinking && (
                <Text size="xs" c="gray.7" role="status">
                  Memperkecil foto…
                </Text>
              )}
            </Group>
          </Stack>
          {message && (
            <Alert color="red" role="alert">
              {message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" leftSection={<IconSend size={16} />} loading={send.isPending} disabled={letter.shrinking}>
              Kirim permohonan
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
