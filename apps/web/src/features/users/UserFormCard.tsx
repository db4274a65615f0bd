import { useState } from 'react';
import { Button, Card, Grid, Group, NativeSelect, PasswordInput, TextInput, Textarea } from '@mantine/core';
import { useNavigate } from 'react-router';
import { LIMITS, MSG, RELIGIONS, type AdminUser, type UserCreateBody, type UserUpdateBody } from '@kelasku/contract';
import { useSaveUser } from '../../api/admin';
import { ApiError } from '../../api/client';
import { useRombelOptions } from '../../api/profile';
import { toastApiError, toastError, toastSuccess } from '../../lib/toast';
import { goBack } from '../admin-dashboard/parts';

/** The values of the create and edit forms, as the inputs hold them (strings). */
interface UserForm {
  role: string;
  name: string;
  gender: string;
  email: string;
  username: string;
  password: string;
  confirm_password: string;
  birthday: string;
  religion: string;
  telpon: string;
  address: string;
  rombel_id: string;
}
type UserErrors = Partial<Record<keyof UserForm, string>>;

const emptyUserForm: UserForm = {
  role: '',
  name: '',
  gender: '',
  email: '',
  username: '',
  password: '',
  confirm_password: '',
  birthday: '',
  religion: '',
  telpon: '',
  address: '',
  rombel_id: '',
};

const userToForm = (u: AdminUser): UserForm => ({
  ...emptyUserForm,
  role: String(u.role_id),
  name: u.name,
  gender: u.gender ?? '',
  email: u.email ?? '',
  username: u.username,
  birthday: u.birthday ?? '',
  religion: u.religion ?? '',
  telpon: u.telpon ?? '',
  address: u.address ?? '',
  rombel_id: u.student?.rombel_id ? String(u.student.rombel_id) : '',
});

/** A name the server would refuse as "Masukkan nama yang benar". */
const isNumericName = (name: string) => name.trim() !== '' && !Number.isNaN(Number(name.trim()));

/** The messages shown under the inputs (SPEC §5); the server checks the same and has the last word. */
function userFormErrors(f: UserForm, mode: 'create' | 'edit'): UserErrors {
  const e: UserErrors = {};
  if (f.name.length > LIMITS.nameMax) e.name = MSG.nameMax;
  if (f.username && (f.username.trim().length < LIMITS.usernameMin || f.username.trim().length > LIMITS.usernameMax)) e.username = MSG.usernameLength;
  if (mode === 'edit' && !f.username.trim()) e.username = MSG.required;
  if (f.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(f.email.trim())) e.email = MSG.emailFormat;
  if (f.password && (f.password.length < LIMITS.passwordMin || f.password.length > LIMITS.passwordMax)) e.password = MSG.passwordLength;
  if (f.confirm_password && f.password !== f.confirm_password) e.confirm_password = MSG.passwordMismatch;
  if (mode === 'edit' && f.password && !f.confirm_password) e.confirm_password = MSG.required;
  if (f.birthday && f.birthday > LIMITS.birthdayMax) e.birthday = MSG.birthdayMax;
  if (f.telpon && !/^\d{4}-\d{4}-\d{4}$/.test(f.telpon)) e.telpon = MSG.telponFormat;
  return e;
}

/** Form state plus the server's field messages of the last failed save. */
function useUserForm(initial: UserForm) {
  const [form, setForm] = useState<UserForm>(initial);
  const [serverErrors, setServerErrors] = useState<Record<string, string[]>>({});
  const set = (k: keyof UserForm) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
    const value = e.currentTarget.value;
    setForm((f) => ({ ...f, [k]: value }));
    setServerErrors((s) => (s[k] ? { ...s, [k]: [] } : s));
  };
  const takeServerErrors = (err: unknown) => setServerErrors(err instanceof ApiError ? err.errors : {});
  return { form, set, serverErrors, takeServerErrors };
}

type Props = ReturnType<typeof useUserForm> & { mode: 'create' | 'edit'; errors: UserErrors };

/** A hint under an input, dark enough to read (Mantine's dimmed grey fails the contrast check). */
const hint = (description: string) => ({ description, styles: { description: { color: 'var(--mantine-color-gray-7)' } } });

const GENDERS = [
  { value: 'L', label: 'Laki-laki' },
  { value: 'P', label: 'Perempuan' },
];

/** The inputs of Create User and Edit User. */
function UserFields({ form, set, serverErrors, mode, errors }: Props) {
  const rombels = useRombelOptions();
  const err = (k: keyof UserForm) => errors[k] ?? serverErrors[k]?.[0];
  // aria-invalid too: PasswordInput marks its inner input only with data-invalid.
  const text = (k: keyof UserForm) => ({ value: form[k], onChange: set(k), error: err(k), 'aria-invalid': !!err(k) });
  const select = (placeholder: string, data: { value: string; label: string }[]) => [{ value: '', label: placeholder }, ...data];
  const col = { base: 12, sm: 6 };
  return (
    <Grid>
      {mode === 'create' && (
        <Grid.Col span={col}>
          <NativeSelect
            label="Role"
            required
            data={select('Pilih role', [
              { value: '1', label: 'Admin' },
              { value: '2', label: 'Guru' },
              { value: '3', label: 'Siswa' },
            ])}
            {...text('role')}
          />
        </Grid.Col>
      )}
      <Grid.Col span={col}>
        <TextInput label="Nama" required autoComplete="off" maxLength={LIMITS.nameMax} {...text('name')} />
      </Grid.Col>
      <Grid.Col span={col}>
        <NativeSelect label="Jenis kelamin" required data={select('Pilih jenis kelamin', GENDERS)} {...text('gender')} />
      </Grid.Col>
      <Grid.Col span={col}>
        <TextInput label="Email" type="email" autoComplete="off" {...text('email')} />
      </Grid.Col>
      <Grid.Col span={col}>
        <TextInput
          label="Username"
          required={mode === 'edit'}
          {...hint('3 sampai 50 karakter')}
          autoComplete="off"
          maxLength={LIMITS.usernameMax}
          {...text('username')}
        />
      </Grid.Col>
      {form.role === '3' && (
        <Grid.Col span={col}>
          <NativeSelect
            label="Rombel"
            data={select('Belum ada rombel', (rombels.data ?? []).map((r) => ({ value: String(r.id), label: r.name })))}
            {...text('rombel_id')}
          />
        </Grid.Col>
      )}
      {mode === 'edit' && (
        <>
          <Grid.Col span={col}>
            <TextInput label="Tanggal lahir" type="date" max={LIMITS.birthdayMax} {...text('birthday')} />
          </Grid.Col>
          <Grid.Col span={col}>
            <NativeSelect label="Agama" data={select('Pilih agama', RELIGIONS.map((r) => ({ value: r, label: r })))} {...text('religion')} />
          </Grid.Col>
          <Grid.Col span={col}>
            <TextInput
              label="Telepon"
              placeholder="08xx-xxxx-xxxx"
              {...hint('Format 08xx-xxxx-xxxx')}
              maxLength={LIMITS.telponMax}
              inputMode="tel"
              {...text('telpon')}
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <Textarea label="Alamat" autosize minRows={2} {...text('address')} />
          </Grid.Col>
        </>
      )}
      <Grid.Col span={col}>
        <PasswordInput
          label="Password"
          required={mode === 'create'}
          {...hint(mode === 'edit' ? 'Kosongkan jika tidak ingin mengubah password' : '5 sampai 12 karakter')}
          autoComplete="new-password"
          visibilityToggleButtonProps={{ 'aria-label': 'Tampilkan atau sembunyikan password' }}
          {...text('password')}
        />
      </Grid.Col>
      <Grid.Col span={col}>
        <PasswordInput
          label="Konfirmasi password"
          required={mode === 'create'}
          autoComplete="new-password"
          visibilityToggleButtonProps={{ 'aria-label': 'Tampilkan atau sembunyikan konfirmasi password' }}
          {...text('confirm_password')}
        />
      </Grid.Col>
    </Grid>
  );
}

/** What the form sends: create (SPEC §7 POST) or edit (PUT: status always 1, password only when filled). */
function toBody(f: UserForm, user: AdminUser | undefined): UserCreateBody | UserUpdateBody {
  const common = {
    name: f.name.trim(),
    gender: f.gender as 'L' | 'P',
    email: f.email.trim() || null,
    username: f.username.trim(),
  };
  const rombel = f.role === '3' ? { rombel_id: f.rombel_id ? Number(f.rombel_id) : null } : {};
  if (!user) return { ...common, role: Number(f.role), password: f.password, confirm_password: f.confirm_password, ...rombel };
  return {
    ...common,
    birthday: f.birthday || null,
    religion: (f.religion || null) as UserUpdateBody['religion'],
    address: f.address.trim() || null,
    telpon: f.telpon || null,
    status: 1,
    ...(f.password ? { password: f.password, confirm_password: f.confirm_password } : {}),
    ...rombel,
  };
}

/**
 * Create User (no `user`) or Edit User. Green toast with the server's message and back one page on
 * success; red toast with the message plus " please try again!" on failure, the form stays.
 */
export function UserFormCard({ user }: { user?: AdminUser }) {
  const mode = user ? 'edit' : 'create';
  const navigate = useNavigate();
  const save = useSaveUser();
  const state = useUserForm(user ? userToForm(user) : emptyUserForm);
  const { form } = state;
  const errors = userFormErrors(form, mode);
  const filled = !!form.gender && !!form.name.trim();
  // SPEC §5 create: role, gender, name, password and its confirmation set, and the two passwords equal.
  const ready =
    mode === 'create'
      ? filled && !!form.role && !!form.password && !!form.confirm_password && form.password === form.confirm_password
      : filled && Object.keys(errors).length === 0;
  const back = () => goBack(navigate, '/resources/users');

  const submit = () => {
    if (!ready || save.isPending) return;
    if (isNumericName(form.name)) {
      toastError(MSG.nameNumeric);
      return;
    }
    save.mutate(
      { id: user?.id, body: toBody(form, user) },
      {
        onSuccess: (res) => {
          toastSuccess(res.message ?? MSG.saved);
          back();
        },
        onError: (err) => {
          state.takeServerErrors(err);
          toastApiError(err);
        },
      },
    );
  };

  return (
    <Card withBorder>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <UserFields {...state} mode={mode} errors={errors} />
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={back}>
            Cancel
          </Button>
          <Button type="submit" disabled={!ready || save.isPending} loading={save.isPending}>
            {mode === 'create' ? 'Simpan' : 'Simpan Perubahan'}
          </Button>
        </Group>
      </form>
    </Card>
  );
}
