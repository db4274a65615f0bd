import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { TOAST_MS, TP_MSG, objectiveUpdateBody, type LearningObjective } from '@kelasku/contract';
import { formFailure } from '../../lib/form-errors';
import { usePhone } from '../../lib/use-phone';
import { toastSuccess } from '../../lib/toast';
import { useSaveObjective, type ObjectivesRole, type ObjectivesScope } from './api';

const FIELDS = ['code', 'description'] as const;

/** Kode and Deskripsi of a TP; the contract's messages show before sending, the server's after. */
function useObjectiveFields(role: ObjectivesRole, scope: ObjectivesScope, objective?: LearningObjective) {
  const save = useSaveObjective(role, scope);
  const [code, setCode] = useState(objective?.code ?? '');
  const [description, setDescription] = useState(objective?.description ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const submit = async (): Promise<boolean> => {
    setMessage(null);
    const parsed = objectiveUpdateBody.safeParse({ code, description });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const i of parsed.error.issues) next[String(i.path[0])] ??= i.message;
      setErrors(next);
      return false;
    }
    setErrors({});
    try {
      const res = await save.mutateAsync({ id: objective?.id, code, description });
      toastSuccess(res.message ?? (objective ? TP_MSG.updated : TP_MSG.created), TOAST_MS.short);
      return true;
    } catch (err) {
      const f = formFailure(err, FIELDS);
      setErrors(f.fields);
      setMessage(f.message);
      return false;
    }
  };
  const reset = () => {
    setCode('');
    setDescription('');
    setErrors({});
    setMessage(null);
  };
  return { code, setCode, description, setDescription, errors, message, submit, reset, pending: save.isPending };
}

function Fields({ f, idPrefix }: { f: ReturnType<typeof useObjectiveFields>; idPrefix: string }) {
  return (
    <>
      <TextInput
        id={`${idPrefix}-kode`}
        label="Kode TP"
        required
        maxLength={20}
        w={{ base: '100%', sm: 140 }}
        value={f.code}
        onChange={(e) => f.setCode(e.currentTarget.value)}
        error={f.errors.code}
      />
      <Textarea
        id={`${idPrefix}-deskripsi`}
        label="Deskripsi TP"
        required
        autosize
        minRows={1}
        maxRows={6}
        maxLength={500}
        style={{ flex: 1, minWidth: 200 }}
        value={f.description}
        onChange={(e) => f.setDescription(e.currentTarget.value)}
        error={f.errors.description}
      />
    </>
  );
}

/** "Tambah TP": a new TP at the end of the list. */
export function AddObjective({ role, scope }: { role: ObjectivesRole; scope: ObjectivesScope }) {
  const f = useObjectiveFields(role, scope);
  return (
    <form
      noValidate
      aria-label="Tambah TP"
      onSubmit={(e) => {
        e.preventDefault();
        void f.submit().then((ok) => ok && f.reset());
      }}
    >
      <Stack gap="xs">
        <Group align="flex-start" gap="xs" wrap="wrap">
          <Fields f={f} idPrefix="tp-baru" />
        </Group>
        {f.message && (
          <Text c="red" size="sm" role="alert">
            {f.message}
          </Text>
        )}
        <Group>
          <Button type="submit" loading={f.pending}>
            Tambah TP
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "Ubah TP": its code and description. */
export function EditObjective({
  role,
  scope,
  objective,
  onClose,
}: {
  role: ObjectivesRole;
  scope: ObjectivesScope;
  objective: LearningObjective;
  onClose: () => void;
}) {
  const phone = usePhone();
  const f = useObjectiveFields(role, scope, objective);
  return (
    <Modal opened onClose={onClose} title={`Ubah TP ${objective.code}`} fullScreen={phone}>
      <form
        noValidate
        aria-label="Ubah TP"
        onSubmit={(e) => {
          e.preventDefault();
          void f.submit().then((ok) => ok && onClose());
        }}
      >
        <Stack gap="sm">
          <Fields f={f} idPrefix="tp-ubah" />
          {f.message && (
            <Text c="red" size="sm" role="alert">
              {f.message}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Batal
            </Button>
            <Button type="submit" loading={f.pending}>
              Simpan
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
