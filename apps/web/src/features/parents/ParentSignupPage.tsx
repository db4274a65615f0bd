// The sign-up stands in the login layout, which has only the first screen's styles: Mantine's complete ones come with it.
import '@mantine/core/styles.layer.css';
import { useState } from 'react';
import { Alert, Anchor, Button, Card, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { PARENT_MSG, pairingCheckBody, parentSignupBody, type PairingCheck, type ParentSignupBody } from '@kelasku/contract';
import { useCheckPairingCode, useParentSignup } from '../../api/parents';
import { saveSession } from '../../api/session';
import { showFailure } from '../../lib/form-errors';
import { toastSuccess } from '../../lib/toast';
import { codeOwnerText } from './child-summary';
import { RelationField } from './RelationField';

const SIGNUP_FIELDS = ['code', 'relation', 'name', 'username', 'password', 'confirm_password', 'telpon', 'email'] as const;
type SignupForm = Record<(typeof SIGNUP_FIELDS)[number], string> & Record<string, unknown>;

/** Step 1: the code, checked before anything else is asked. */
function CodeStep({ onChecked }: { onChecked: (code: string, check: PairingCheck) => void }) {
  const check = useCheckPairingCode();
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm({ initialValues: { code: '' }, validate: schemaResolver(pairingCheckBody, { sync: true }) });
  const submit = async ({ code }: { code: string }) => {
    setMessage(null);
    try {
      const res = await check.mutateAsync(code.trim());
      onChecked(code.trim(), res.data);
    } catch (err) {
      setMessage(showFailure(form, err, ['code']));
    }
  };
  return (
    <form noValidate onSubmit={form.onSubmit((v) => void submit(v))}>
      <Stack>
        <Text size="sm" c="gray.7">
          Minta anak Anda membuat kode di halaman profilnya di Kelasku (berlaku 7 hari, sekali pakai).
        </Text>
        <TextInput label="Kode dari anak" placeholder="Contoh: K7P2-XM4Q" required autoComplete="off" {...form.getInputProps('code')} />
        {message && (
          <Alert color="red" role="alert">
            {message}
          </Alert>
        )}
        <Button type="submit" loading={check.isPending}>
          Lanjut
        </Button>
      </Stack>
    </form>
  );
}

/** Step 2: who the parent is and their account; the answer is a session, stored as the login stores it. */
function AccountStep({ code, check, onBack }: { code: string; check: PairingCheck; onBack: () => void }) {
  const signup = useParentSignup();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [message, setMessage] = useState<string | null>(null);
  const initial: SignupForm = { code, relation: '', name: '', username: '', password: '', confirm_password: '', telpon: '', email: '' };
  const form = useForm<SignupForm>({ initialValues: initial, validate: schemaResolver(parentSignupBody, { sync: true }) });
  const submit = async (values: SignupForm) => {
    setMessage(null);
    const body = { ...values, telpon: values.telpon.trim() || undefined, email: values.email.trim() || null } as ParentSignupBody;
    try {
      const res = await signup.mutateAsync(body);
      queryClient.clear();
      saveSession(res.data.token, res.data.user);
      toastSuccess(res.message ?? PARENT_MSG.signedUp);
      navigate('/dashboard', { replace: true });
    } catch (err) {
      // A refused code has no input here: its message stands above the button.
      setMessage(
        showFailure(
          form,
          err,
          SIGNUP_FIELDS.filter((f) => f !== 'code'),
        ),
      );
    }
  };
  return (
    <form noValidate onSubmit={form.onSubmit((v) => void submit(v))}>
      <Stack>
        <Alert color="teal" variant="light" role="status">
          {codeOwnerText(check)}
        </Alert>
        <RelationField {...form.getInputProps('relation')} />
        <TextInput label="Nama lengkap" required autoComplete="name" {...form.getInputProps('name')} />
        <TextInput label="Username" required autoComplete="username" autoCapitalize="none" {...form.getInputProps('username')} />
        <PasswordInput
          label="Password"
          required
          autoComplete="new-password"
          visibilityToggleButtonProps={{ 'aria-label': 'Tampilkan atau sembunyikan password' }}
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Ulangi password"
          required
          autoComplete="new-password"
          visibilityToggleButtonProps={{ 'aria-label': 'Tampilkan atau sembunyikan ulangan password' }}
          {...form.getInputProps('confirm_password')}
        />
        <TextInput label="Nomor HP" type="tel" autoComplete="tel" placeholder="0812-3456-7890" {...form.getInputProps('telpon')} />
        <TextInput label="Email (boleh dikosongkan)" type="email" autoComplete="email" {...form.getInputProps('email')} />
        {message && (
          <Alert color="red" role="alert">
            {message}
          </Alert>
        )}
        <Button type="submit" loading={signup.isPending}>
          Daftar
        </Button>
        <Button variant="subtle" onClick={onBack} disabled={signup.isPending}>
          Ganti kode
        </Button>
      </Stack>
    </form>
  );
}

/** Issue 40: /daftar-orang-tua — a parent signs up with the code their child made (public, in the login layout). */
export default function ParentSignupPage() {
  useDocumentTitle('Daftar Orang Tua | Kelasku');
  const [checked, setChecked] = useState<{ code: string; check: PairingCheck } | null>(null);
  return (
    <Card withBorder shadow="sm" p="xl" radius="md" my="md">
      <Stack>
        <div>
          <Text c="teal.9" fw={700}>
            Kelasku
          </Text>
          <Title order={1}>Daftar Orang Tua/Wali</Title>
        </div>
        {checked ? (
          <AccountStep code={checked.code} check={checked.check} onBack={() => setChecked(null)} />
        ) : (
          <CodeStep onChecked={(code, check) => setChecked({ code, check })} />
        )}
        <Anchor component={Link} to="/login" size="sm" ta="center">
          Sudah punya akun? Masuk
        </Anchor>
      </Stack>
    </Card>
  );
}
