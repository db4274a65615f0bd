import { Button, Card, Text, Checkbox, Grid, Group, NativeSelect, PasswordInput, TextInput, Textarea } from '@mantine/core';
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
import { useSaveUser } from '../../api/users';
import { useRombelOptions } from '../../api/profile';
import { DateField } from '../../components/DateFields';
import { formFailure } from '../../lib/form-errors';
import { toastApiError, toastError, toastSuccess } from '../../lib/toast';
import { goBack } from '../../components/AdminParts';
import { DRAFT_RESTORED, usePageDraft } from '../../lib/drafts';
import { hint } from '../../lib/hint';
import { getSessionUser } from '../../api/session';

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
  /** The school's fields: NIP and NIK of a teacher, NIS and NISN of a student. */
  nip: string;
  nik: string;
  nis: string;
  nisn: string;
  must_change_password: boolean;
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
  nip: '',
  nik: '',
  nis: '',
  nisn: '',
  must_change_password: false,
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
  nip: u.teacher?.nip ?? '',
  nik: u.teacher?.nik ?? '',
  nis: u.student?.nis ?? '',
  nisn: u.student?.nisn ?? '',
  must_change_password: u.must_change_password,
});

const STUDENT = String(ROLE_IDS.student);
const TEACHER = String(ROLE_IDS.teacher);
type SchoolField = 'nip' | 'nik' | 'nis' | 'nisn';
/** The school's number fields of each role, with their hint and length (SPEC §5). */
const SCHOOL_INPUTS: Record<string, { field: SchoolField; label: string; hint: string; max: number }[]> = {
  [TEACHER]: [
    { field: 'nip', label: 'NIP', hint: '18 digit', max: LIMITS.nipMax },
    { field: 'nik', label: 'NIK', hint: '16 digit', max: LIMITS.nikMax },
  ],
  [STUDENT]: [
    { field: 'nis', label: 'NIS', hint: 'Angka, titik, atau tanda hubung; maksimal 20 karakter', max: LIMITS.nisMax },
    { field: 'nisn', label: 'NISN', hint: '10 digit', max: LIMITS.nisnMax },
  ],
};
const DETAIL_FIELDS: SchoolField[] = ['nip', 'nik', 'nis', 'nisn'];

/** The values without the school fields of the other roles (hidden inputs are neither checked nor sent). */
function ofRole(f: UserForm): UserForm {
  const keep = (SCHOOL_INPUTS[f.role] ?? []).map((i) => i.field);
  const blank = Object.fromEntries(DETAIL_FIELDS.filter((k) => !keep.includes(k)).map((k) => [k, '']));
  return { ...f, ...blank };
}

/** Admin, Guru, Siswa: parents are not made here (they sign up with a child's code, or come from the import or the wali kelas). */
const ROLE_OPTIONS = [ROLE_IDS.admin, ROLE_IDS.teacher, ROLE_IDS.student].map((id) => ({ value: String(id), label: ROLE_LABELS[id]! }));
const GENDERS = Object.entries(GENDER_LABELS).map(([value, label]) => ({ value, label }));

type Mode = 'create' | 'edit';

/**
 * The form of Create User (contract: userCreateBody) or Edit User (userUpdateBody). Edit checks every
 * field as it is typed; create checks the two passwords and the school numbers (NIP, NIK, NIS, NISN)
 * as they are typed and the rest on submit (SPEC §5: a numeric name shows a red toast then). A changed
 * password re-checks its confirmation; the school fields of the other roles are neither checked nor sent.
 */
function useUserForm(mode: Mode, user: AdminUser | undefined) {
  const resolve = schemaResolver(mode === 'create' ? userCreateBody : userUpdateBody, { sync: true });
  const form = useForm<UserForm>({
    initialValues: user ? userToForm(user) : emptyUserForm,
    validate: (values) => resolve(ofRole(values)),
    validateInputOnChange: mode === 'edit' ? true : ['password', 'confirm_password', ...DETAIL_FIELDS],
    onValuesChange: (values, previous) => {
      if (values.password !== previous.password && values.confirm_password) form.validateField('confirm_password');
      // Another role hides the other school fields: their messages go with them.
      if (values.role !== previous.role) for (const k of DETAIL_FIELDS) form.clearFieldError(k);
    },
  });
  return form;
}

type Form = ReturnType<typeof useUserForm>;

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
      {(SCHOOL_INPUTS[form.values.role] ?? []).map((i) => (
        <Grid.Col key={i.field} span={col}>
          <TextInput
            label={i.label}
            {...hint(i.hint)}
            maxLength={i.max}
            inputMode={i.field === 'nis' ? 'text' : 'numeric'}
            {...text(i.field)}
          />
        </Grid.Col>
      ))}
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
              {...hint('Diawali 0 atau +62, 10 sampai 14 angka')}
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
          {...hint(
            mode === 'edit'
              ? 'Kosongkan jika tidak ingin mengubah password'
              : `${LIMITS.passwordMin} sampai ${LIMITS.passwordMax} karakter`,
          )}
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
      <Grid.Col span={12}>
        <Checkbox
          label="Wajib ganti password saat masuk berikutnya"
          {...hint('User harus membuat password baru sebelum dapat memakai Kelasku.')}
          {...form.getInputProps('must_change_password', { type: 'checkbox' })}
        />
      </Grid.Col>
    </Grid>
  );
}

/**
 * What the form sends: create (SPEC §7 POST) or edit (PUT: password only when filled), each with the
 * school's fields of the role (blank clears) and "ganti password saat masuk". The edit sends the
 * status the user has (SPEC §5 always sent 1, which would quietly reactivate a deactivated user).
 */
function toBody(f: UserForm, user: AdminUser | undefined): UserCreateBody | UserUpdateBody {
  const digits = (v: string) => v.trim() || null;
  const common = {
    name: f.name.trim(),
    gender: f.gender as 'L' | 'P',
    email: f.email.trim() || null,
    username: f.username.trim(),
    must_change_password: f.must_change_password,
    ...(f.role === STUDENT ? { rombel_id: f.rombel_id ? Number(f.rombel_id) : null, nis: digits(f.nis), nisn: digits(f.nisn) } : {}),
    ...(f.role === TEACHER ? { nip: digits(f.nip), nik: digits(f.nik) } : {}),
  };
  if (!user) return { ...common, role: Number(f.role), password: f.password, confirm_password: f.confirm_password };
  return {
    ...common,
    birthday: f.birthday || null,
    religion: (f.religion || null) as UserUpdateBody['religion'],
    address: f.address.trim() || null,
    telpon: f.telpon || null,
    status: user.status,
    ...(f.password ? { password: f.password, confirm_password: f.confirm_password } : {}),
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
  // What the admin types survives an ended session or a page left by accident (never the passwords).
  const draft = usePageDraft(form, 'user', user ? userToForm(user) : emptyUserForm, getSessionUser()?.id);
  const f = form.values;
  // SPEC §5: create needs role, gender, name and both passwords; edit needs gender and name, and a new password its confirmation.
  const ready =
    !!f.gender &&
    !!f.name.trim() &&
    (mode === 'create' ? !!f.role && !!f.password && !!f.confirm_password : !f.password || !!f.confirm_password);
  // Create waits only for equal passwords and well-formed school numbers (the rest is checked on submit); edit for every rule shown.
  const blocked =
    mode === 'create' ? ['confirm_password', ...DETAIL_FIELDS].some((k) => !!form.errors[k]) : Object.values(form.errors).some(Boolean);
  const back = () => goBack(navigate, '/resources/users');
  const cancel = () => {
    draft.discard();
    back();
  };

  const submit = form.onSubmit(
    (values) =>
      save.mutate(
        { id: user?.id, body: toBody(values, user) },
        {
          onSuccess: (res) => {
            draft.discard();
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
      <form noValidate onSubmit={submit} onInput={draft.onInput} onChange={draft.onInput}>
        {draft.restored && (
          <Text size="sm" c="gray.7" role="status" mb="sm">
            {DRAFT_RESTORED}
          </Text>
        )}
        <UserFields form={form} mode={mode} />
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={cancel}>
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
