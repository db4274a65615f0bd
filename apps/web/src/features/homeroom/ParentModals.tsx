import { useState } from 'react';
import { Alert, Button, Code, Group, Modal, Paper, Radio, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconDownload } from '@tabler/icons-react';
import {
  homeroomParentBody,
  PARENT_MESSAGE_MAX,
  PARENT_MSG,
  PARENT_RELATION_LABELS,
  PARENT_RELATIONS,
  parentMessageBody,
  type CreatedParent,
  type OverviewStudent,
} from '@kelasku/contract';
import { downloadParentSlips, useAddParent, useParentMessages, useSendParentMessage } from '../../api/homeroom';
import { FactsTable } from '../../components/FactsTable';
import { FormModal } from '../../components/FormModal';
import { QueryState } from '../../components/QueryState';
import { formatDateTimeWib } from '../../lib/format';
import { formFailure } from '../../lib/form-errors';
import { usePhone } from '../../lib/use-phone';
import { errorMessage, toastError, toastSuccess } from '../../lib/toast';

interface Props {
  rombelId: number;
  student: OverviewStudent;
  opened: boolean;
  onClose: () => void;
}

/** The messages sent to the student's parents, newest first. */
function MessageHistory({ rombelId, studentId }: { rombelId: number; studentId: number }) {
  const messages = useParentMessages(rombelId, studentId);
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        Riwayat pesan
      </Title>
      <QueryState query={messages}>
        {(list) =>
          list.length === 0 ? (
            <Text size="sm" c="dimmed">
              Belum ada pesan untuk orang tua siswa ini.
            </Text>
          ) : (
            <Stack component="ul" aria-label="Riwayat pesan" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
              {list.map((m) => (
                <Paper component="li" key={m.id} withBorder p="xs">
                  <Text size="xs" c="gray.7">
                    {m.sender?.name ?? 'Wali kelas'} · {formatDateTimeWib(m.created_at)}
                  </Text>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {m.body}
                  </Text>
                </Paper>
              ))}
            </Stack>
          )
        }
      </QueryState>
    </Stack>
  );
}

/** "Kirim pesan di Kelasku": a message to every parent of the student (they are notified), and the history. */
export function MessageModal({ rombelId, student, opened, onClose }: Props) {
  const send = useSendParentMessage(rombelId, student.id);
  const phone = usePhone();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const noParents = student.parents.length === 0;
  const submit = () => {
    const parsed = parentMessageBody.safeParse({ body });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? PARENT_MSG.messageRequired);
    setError(null);
    send.mutate(parsed.data.body, {
      onSuccess: (res) => {
        toastSuccess(res.message ?? PARENT_MSG.messageSent);
        setBody('');
      },
      onError: (err) => setError(formFailure(err, ['body']).fields.body ?? errorMessage(err)),
    });
  };
  return (
    <Modal opened={opened} onClose={onClose} title={`Pesan untuk orang tua ${student.name}`} fullScreen={phone} size="lg">
      <Stack>
        {noParents ? (
          <Alert color="gray">{PARENT_MSG.noParents}</Alert>
        ) : (
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            <Stack gap="xs">
              <Textarea
                label="Pesan"
                description={`Dikirim ke ${student.parents.map((p) => p.name).join(', ')} di Kelasku`}
                required
                autosize
                minRows={3}
                maxLength={PARENT_MESSAGE_MAX}
                value={body}
                onChange={(e) => setBody(e.currentTarget.value)}
                error={error}
                data-autofocus
              />
              <Group justify="flex-end">
                <Button variant="default" onClick={onClose}>
                  Tutup
                </Button>
                <Button type="submit" loading={send.isPending}>
                  Kirim pesan
                </Button>
              </Group>
            </Stack>
          </form>
        )}
        <MessageHistory rombelId={rombelId} studentId={student.id} />
      </Stack>
    </Modal>
  );
}

interface ParentForm extends Record<string, unknown> {
  name: string;
  relation: string;
  telpon: string;
  email: string;
}

const initialValues: ParentForm = { name: '', relation: '', telpon: '', email: '' };

/** The new account's username and first password, shown once, and the rombel's parent slips. */
function CreatedParentModal({ rombelId, created, onClose }: { rombelId: number; created: CreatedParent | null; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  const download = () => {
    setBusy(true);
    downloadParentSlips(rombelId)
      .catch((err: unknown) => toastError(errorMessage(err)))
      .finally(() => setBusy(false));
  };
  return (
    <Modal opened={created !== null} onClose={onClose} title="Akun orang tua dibuat">
      {created && (
        <Stack>
          <Text size="sm">
            Berikan username dan password awal ini kepada {created.contact.parent.name}. Password awal hanya ditampilkan sekali ini; slip
            orang tua rombel ini bisa diunduh sampai akun dipakai masuk.
          </Text>
          <FactsTable
            labelWidth={130}
            rows={[
              ['Username', <Code key="u">{created.username}</Code>],
              ['Password awal', <Code key="p">{created.password}</Code>],
            ]}
          />
          <Group justify="flex-end">
            <Button variant="default" leftSection={<IconDownload size={16} />} loading={busy} onClick={download}>
              Unduh slip orang tua (PDF)
            </Button>
            <Button onClick={onClose}>Selesai</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** "Tambah orang tua": an account for a parent of the student, made by the wali kelas. */
export function AddParentModal({ rombelId, student, opened, onClose }: Props) {
  const add = useAddParent(rombelId, student.id);
  const [created, setCreated] = useState<CreatedParent | null>(null);
  const form = useForm<ParentForm>({ initialValues, validate: schemaResolver(homeroomParentBody, { sync: true }) });
  const save = async (v: ParentForm) => {
    const res = await add.mutateAsync(homeroomParentBody.parse(v));
    setCreated(res.data);
    return res;
  };
  return (
    <>
      <FormModal
        opened={opened}
        onClose={onClose}
        title={`Tambah orang tua ${student.name}`}
        form={form}
        initialValues={initialValues}
        draft={`orang-tua-${student.id}`}
        savedMessage={PARENT_MSG.parentCreated}
        ready={form.values.name.trim() !== '' && form.values.relation !== ''}
        submitLabel="Buat akun"
        save={save}
      >
        <TextInput label="Nama" required maxLength={255} data-autofocus {...form.getInputProps('name')} />
        <Radio.Group label="Hubungan" required {...form.getInputProps('relation')}>
          <Group mt="xs">
            {PARENT_RELATIONS.map((r) => (
              <Radio key={r} value={r} label={PARENT_RELATION_LABELS[r]} />
            ))}
          </Group>
        </Radio.Group>
        <TextInput label="Nomor HP (WhatsApp)" type="tel" inputMode="tel" placeholder="0812-3456-7890" {...form.getInputProps('telpon')} />
        <TextInput label="Email" type="email" placeholder="opsional" {...form.getInputProps('email')} />
      </FormModal>
      <CreatedParentModal rombelId={rombelId} created={created} onClose={() => setCreated(null)} />
    </>
  );
}
