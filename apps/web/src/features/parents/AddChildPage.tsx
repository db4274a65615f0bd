import { useState } from 'react';
import { Alert, Button, Card, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { useNavigate } from 'react-router';
import { PARENT_MSG, pairBody, type PairBody } from '@kelasku/contract';
import { usePairChild } from '../../api/parents';
import { showFailure } from '../../lib/form-errors';
import { toastSuccess } from '../../lib/toast';
import { PrivacyGate } from './PrivacyGate';
import { RelationField } from './RelationField';

type PairForm = { code: string; relation: string } & Record<string, unknown>;

function AddChildForm() {
  const pair = usePairChild();
  const navigate = useNavigate();
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm<PairForm>({ initialValues: { code: '', relation: '' }, validate: schemaResolver(pairBody, { sync: true }) });
  const submit = async (values: PairForm) => {
    setMessage(null);
    try {
      const res = await pair.mutateAsync(values as PairBody);
      toastSuccess(res.message ?? PARENT_MSG.paired);
      navigate(`/anak/${res.data.id}`);
    } catch (err) {
      setMessage(showFailure(form, err, ['code', 'relation']));
    }
  };
  return (
    <Card withBorder padding="lg" maw={520}>
      <form noValidate onSubmit={form.onSubmit((v) => void submit(v))}>
        <Stack>
          <Text size="sm" c="gray.7">
            Minta anak Anda membuat kode di halaman profilnya (berlaku 7 hari, sekali pakai), lalu masukkan kodenya di sini.
          </Text>
          <TextInput
            label="Kode dari anak"
            placeholder="Contoh: K7P2-XM4Q"
            required
            autoComplete="off"
            autoCapitalize="characters"
            {...form.getInputProps('code')}
          />
          <RelationField {...form.getInputProps('relation')} />
          {message && (
            <Alert color="red" role="alert">
              {message}
            </Alert>
          )}
          <Button type="submit" loading={pair.isPending}>
            Tambah Anak
          </Button>
        </Stack>
      </form>
    </Card>
  );
}

/** Issue 40: /tambah-anak — a parent pairs another child (a sibling) with the child's code. */
export default function AddChildPage() {
  useDocumentTitle('Tambah Anak | Kelasku');
  return (
    <Stack>
      <Title order={2}>Tambah Anak</Title>
      <PrivacyGate>
        <AddChildForm />
      </PrivacyGate>
    </Stack>
  );
}
