import { Button, Card, Grid, Group, NativeSelect, PasswordInput, TextInput, Textarea } from '@mantine/core';
import { useNavigate } from 'react-router';
import { schemaResolver, useForm } from '@mantine/form';
import {
  GENDER_LABELS,
  LIMITS,
  MSG,
  RELIGIONS,
  ROLE_IDS,
  ROLE_LABELS,
  userCreateBody,
  userUpdateBody,
  type AdminUser,
  type UserCreateBody,
  type UserUpdateBody,
} from '@kelasku/contract';
import { useSaveUser } from '../../api/admin';
import { useRombelOptions } from '../../api/profile';
import { DateField } from '../../components/DateFields';
import { formFailure } from '../../lib/form-errors';
import { toastApiError, toastError, toastSuccess } from '../../lib/toast';
import { goBack } from '../admin-dashboard/parts';

/** The values of the create and edit forms, as the inputs hold them (the date picker holds null when empty). */
interface UserForm extends Record<string, unknown> {
  role: string;
  name: string;
  gender: string;
  email: string;
  username: string;
  password: string;
  confirm_password: string;
  birthday: string | null;
  religion: string;
  telpon: string;
  address: string;
  rombel_id: string;
}

const emptyUserForm: UserForm = {
  role: '',
  name: '',
  gender: '',
  email: '',
  username: '',
  password: '',
  confirm_password: '',
  birthday: null,
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
  birthday: u.birthday,
  religion: u.religion ?? '',
  telpon: u.telpon ?? '',
  address: u.address ?? '',
  rombel_id: u.student?.rombel_id ? String(u.student.rombel_id) : '',
});

const STUDENT = String(ROLE_IDS.student);
const ROLE_OPTIONS = Object.values(ROLE_IDS).map((id) => ({ value: String(id), label: ROLE_LABELS[id]! }));
const GENDERS = Object.entries(GENDER_LABELS).map(([value, label]) => ({ value, label }));

type Mode = 'create' | 'edit';

/**
 * The form of Create User (contract: userCreateBody) or Edit User (userUpdateBody). Edit checks every
 * field as it is typed; create checks the two passwords as they are typed and the rest on submit
 * (SPEC §5: a numeric name shows a red toast then). A changed password re-checks its confirmation.
 */
function useUserForm(mode: Mode, user: AdminUser | undefined) {
  const form = useForm<UserForm>({
    initialValues: user ? userToForm(user) : emptyUserForm,
    validate: schemaResolver(mode === 'create' ? userCreateBody : userUpdateBody, { sync: true }),
    validateInputOnChange: mode === 'edit' ? true : ['password', 'confirm_password'],
    onValuesChange: (values, previous) => {
      if (values.password !== previous.password && values.confirm_password) form.validateField('confirm_password');
    },
  });
  return form;
}

type Form = ReturnType<typeof useUserForm>;

/** A hint under an input, dark enough to read (Mantine's dimmed grey fails the contrast check). */
const hint = (description: string) => ({ description, styles: { description: { color: 'var(--mantine-color-gray-7)' } } });

/** The inputs of Create User and Edit User. */
function UserFields({ form, mode }: { form: Form; mode: Mode }) {
  const rombels = useRombelOptions();
  // aria-invalid too: PasswordInput marks its inner input only with data-invalid.
  const text = (k: keyof UserForm & string) => ({ ...form.getInputProps(k), 'aria-invalid': !!form.errors[k] });
  const select = (placeholder: string, data: { value: string; label: string }[]) => [{ value: '', label: placeholder }, ...data];
  const col = { base: 12, sm: 6 };
  return (
    <Grid>
      {mode === 'create' && (
        <Grid.Col span={col}>
          <NativeSelect label="Role" required data={select('Pilih role', ROLE_OPTIONS)} {...text('role')} />
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
      {form.values.role === STUDENT && (
        <Grid.Col span={col}>
          <NativeSelect
            label="Rombel"
            data={select(
              'Belum ada rombel',
              (rombels.data ?? []).map((r) => ({ value: String(r.id), label: r.name })),
            )}
            {...text('rombel_id')}
          />
        </Grid.Col>
      )}
      {mode === 'edit' && (
        <>
          <Grid.Col span={col}>
            <DateField label="Tanggal lahir" maxDate={LIMITS.birthdayMax} {...form.getInputProps('birthday')} />
          </Grid.Col>
          <Grid.Col span={col}>
            <NativeSelect
              label="Agama"
              data={select(
                'Pilih agama',
                RELIGIONS.map((r) => ({ value: r, label: r })),
              )}
              {...text('religion')}
            />
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
  const rombel = f.role === STUDENT ? { rombel_id: f.rombel_id ? Number(f.rombel_id) : null } : {};
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
 * success; red toast with the message plus " please try again!" on failure, the form stays with the
 * server's field messages under their inputs.
 */
export function UserFormCard({ user }: { user?: AdminUser }) {
  const mode: Mode = user ? 'edit' : 'create';
  const navigate = useNavigate();
  const save = useSaveUser();
  const form = useUserForm(mode, user);
  const f = form.values;
  // SPEC §5: create needs role, gender, name and both passwords; edit needs gender and name, and a new password its confirmation.
  const ready =
    !!f.gender &&
    !!f.name.trim() &&
    (mode === 'create' ? !!f.role && !!f.password && !!f.confirm_password : !f.password || !!f.confirm_password);
  // Create waits only for equal passwords (the rest is checked on submit); edit for every rule shown.
  const blocked = mode === 'create' ? !!form.errors.confirm_password : Object.values(form.errors).some(Boolean);
  const back = () => goBack(navigate, '/resources/users');

  const submit = form.onSubmit(
    (values) =>
      save.mutate(
        { id: user?.id, body: toBody(values, user) },
        {
          onSuccess: (res) => {
            toastSuccess(res.message ?? MSG.saved);
            back();
          },
          onError: (err) => {
            form.setErrors(formFailure(err, Object.keys(values)).fields);
            toastApiError(err);
          },
        },
      ),
    (errors) => {
      if (errors.name === MSG.nameNumeric) toastError(MSG.nameNumeric);
    },
  );

  return (
    <Card withBorder>
      <form noValidate onSubmit={submit}>
        <UserFields form={form} mode={mode} />
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={back}>
            Cancel
          </Button>
          <Button type="submit" disabled={!ready || blocked || save.isPending} loading={save.isPending}>
            {mode === 'create' ? 'Simpan' : 'Simpan Perubahan'}
          </Button>
        </Group>
      </form>
    </Card>
  );
}
