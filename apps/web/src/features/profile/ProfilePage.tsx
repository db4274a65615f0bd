import { useEffect, useState } from 'react';
import {
  Button,
  Card,
  FileButton,
  Grid,
  Group,
  Modal,
  PasswordInput,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
  Badge,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCamera } from '@tabler/icons-react';
import { LIMITS, MSG, RELIGIONS, ROLE_LABELS, TOAST_MS, type Profile, type ProfileBody } from '@kelasku/contract';
import { ApiError } from '../../api/client';
import { useChangePassword, useMe, useRombelOptions, useUpdateAvatar, useUpdateProfile } from '../../api/profile';
import { clearSessionAndReload } from '../../api/session';
import { QueryState } from '../../components/QueryState';
import { UserAvatar } from '../../components/UserAvatar';
import { errorMessage, toastApiError, toastSuccess } from '../../lib/toast';
import { useLogoutAction } from '../../layout/useLogout';
import { FormActions } from '../../components/FormActions';

type Form = Required<{ [K in Exclude<keyof ProfileBody, 'role'>]: string }>;

const toForm = (p: Profile): Form => ({
  name: p.name,
  username: p.username,
  email: p.email ?? '',
  gender: p.gender ?? '',
  birthday: p.birthday ?? '',
  religion: p.religion ?? '',
  address: p.address ?? '',
  telpon: p.telpon ?? '',
  nip: p.teacher?.nip ?? '',
  nik: p.teacher?.nik ?? '',
  nis: p.student?.nis ?? '',
  nisn: p.student?.nisn ?? '',
  rombel: p.student?.rombel_id ? String(p.student.rombel_id) : '',
});

/** Client-side checks of SPEC §5; the server checks the same and has the last word. */
function validate(f: Form): Partial<Record<keyof Form, string>> {
  const e: Partial<Record<keyof Form, string>> = {};
  if (!f.name.trim()) e.name = MSG.required;
  else if (f.name.length > LIMITS.nameMax) e.name = MSG.nameMax;
  else if (!Number.isNaN(Number(f.name.trim()))) e.name = MSG.nameNumeric;
  if (!f.username.trim()) e.username = MSG.required;
  if (f.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(f.email)) e.email = MSG.emailFormat;
  if (f.birthday && (f.birthday < LIMITS.birthdayMin || f.birthday > LIMITS.birthdayMax)) e.birthday = MSG.birthdayRange;
  if (f.telpon && !/^\d{4}-\d{4}-\d{4}$/.test(f.telpon)) e.telpon = MSG.telponFormat;
  const digits = (k: keyof Form, max: number, msg: string) => {
    if (f[k] && (!/^\d+$/.test(f[k]) || f[k].length > max)) e[k] = msg;
  };
  digits('nip', LIMITS.nipMax, MSG.nipFormat);
  digits('nik', LIMITS.nikMax, MSG.nikFormat);
  digits('nis', LIMITS.nisMax, MSG.nisFormat);
  digits('nisn', LIMITS.nisnMax, MSG.nisnFormat);
  return e;
}

function PasswordModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const change = useChangePassword();
  const [password, setPassword] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [serverError, setServerError] = useState<string | null>(null);
  const mismatch = confirm.length > 0 && next !== confirm;
  const lengthBad = next.length > 0 && (next.length < LIMITS.passwordMin || next.length > LIMITS.passwordMax);
  const canSave = !!password && !!next && !!confirm && !mismatch && !lengthBad && !change.isPending;
  return (
    <Modal opened={opened} onClose={onClose} title="Ganti Password">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!canSave) return;
          setServerError(null);
          change.mutate(
            { password, new_password: next, new_password_confirmation: confirm },
            {
              onSuccess: (res) => {
                toastSuccess(res.message ?? MSG.passwordChanged, TOAST_MS.short);
                setTimeout(clearSessionAndReload, TOAST_MS.short);
              },
              onError: (err) => setServerError(errorMessage(err)),
            },
          );
        }}
      >
        <Stack>
          <PasswordInput label="Password lama" value={password} onChange={(e) => setPassword(e.currentTarget.value)} error={serverError} required autoComplete="current-password" />
          <PasswordInput
            label="Password baru"
            description="5 sampai 12 karakter"
            value={next}
            onChange={(e) => setNext(e.currentTarget.value)}
            error={lengthBad ? MSG.passwordLength : undefined}
            required
            autoComplete="new-password"
          />
          <PasswordInput
            label="Konfirmasi password baru"
            value={confirm}
            onChange={(e) => setConfirm(e.currentTarget.value)}
            error={mismatch ? MSG.passwordMismatch : undefined}
            required
            autoComplete="new-password"
          />
          <FormActions onCancel={onClose} submit="Simpan" disabled={!canSave} loading={change.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}

function ProfileForm({ profile }: { profile: Profile }) {
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState<Form>(() => toForm(profile));
  const [serverErrors, setServerErrors] = useState<Record<string, string[]>>({});
  const update = useUpdateProfile();
  const rombels = useRombelOptions();
  useEffect(() => {
    if (!editing) setForm(toForm(profile));
  }, [profile, editing]);
  const errors = validate(form);
  const set = (k: keyof Form) => (v: string | null) => setForm((f) => ({ ...f, [k]: v ?? '' }));
  const input = (k: keyof Form) => ({
    value: form[k],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(k)(e.currentTarget.value),
    readOnly: !editing,
    error: editing ? (errors[k] ?? serverErrors[k]?.[0]) : undefined,
  });

  const save = () => {
    if (Object.keys(errors).length > 0) return;
    setServerErrors({});
    update.mutate(
      { id: profile.id, body: { ...form, role: profile.role } },
      {
        onSuccess: (res) => {
          toastSuccess(res.message ?? MSG.profileUpdated, TOAST_MS.long);
          setEditing(false);
        },
        onError: (err) => {
          if (err instanceof ApiError) setServerErrors(err.errors);
          toastApiError(err, TOAST_MS.long);
        },
      },
    );
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (editing) save();
      }}
    >
      <Grid>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label="Nama" maxLength={LIMITS.nameMax} required {...input('name')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label="Username" required {...input('username')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label="Email" type="email" {...input('email')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Select
            label="Jenis kelamin"
            data={[
              { value: 'L', label: 'Laki-laki' },
              { value: 'P', label: 'Perempuan' },
            ]}
            value={form.gender || null}
            onChange={set('gender')}
            readOnly={!editing}
            clearable={editing}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label="Tanggal lahir" type="date" min={LIMITS.birthdayMin} max={LIMITS.birthdayMax} {...input('birthday')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Select label="Agama" data={[...RELIGIONS]} value={form.religion || null} onChange={set('religion')} readOnly={!editing} clearable={editing} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label="Telepon" placeholder="08xx-xxxx-xxxx" maxLength={LIMITS.telponMax} {...input('telpon')} />
        </Grid.Col>
        {profile.role === 'teacher' && (
          <>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label="NIP" description="18 digit" maxLength={LIMITS.nipMax} inputMode="numeric" {...input('nip')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label="NIK" description="16 digit" maxLength={LIMITS.nikMax} inputMode="numeric" {...input('nik')} />
            </Grid.Col>
          </>
        )}
        {profile.role === 'student' && (
          <>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Select
                label="Rombel"
                data={(rombels.data ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
                value={form.rombel || null}
                onChange={set('rombel')}
                readOnly={!editing}
                error={editing ? serverErrors.rombel?.[0] : undefined}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label="NIS" maxLength={LIMITS.nisMax} inputMode="numeric" {...input('nis')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label="NISN" description="10 digit" maxLength={LIMITS.nisnMax} inputMode="numeric" {...input('nisn')} />
            </Grid.Col>
          </>
        )}
        <Grid.Col span={12}>
          <Textarea label="Alamat" autosize minRows={2} {...input('address')} />
        </Grid.Col>
      </Grid>
      <Group mt="md" justify="flex-end">
        {editing && (
          <Button
            variant="default"
            onClick={() => {
              setEditing(false);
              setServerErrors({});
            }}
          >
            Batal
          </Button>
        )}
        {editing ? (
          // Distinct keys: the click on "Edit Profile" must not land on a reused submit button.
          <Button key="save" type="submit" loading={update.isPending} disabled={Object.keys(errors).length > 0}>
            Simpan Perubahan
          </Button>
        ) : (
          <Button key="edit" type="button" onClick={() => setEditing(true)}>
            Edit Profile
          </Button>
        )}
      </Group>
    </form>
  );
}

/** /me — the profile page of every role. */
export default function ProfilePage() {
  const me = useMe();
  const avatar = useUpdateAvatar();
  const [passwordOpen, setPasswordOpen] = useState(false);
  const isMobile = useMediaQuery('(max-width: 48em)');
  const logout = useLogoutAction();

  return (
    <QueryState query={me}>
      {(profile) => (
        <Stack maw={900}>
          <Card withBorder>
            <Group justify="space-between" wrap="wrap">
              <Group>
                <UserAvatar src={profile.avatar} name={profile.name} size={88} />
                <div>
                  <Title order={2}>{profile.name}</Title>
                  <Badge variant="light">{ROLE_LABELS[profile.role_id]}</Badge>
                  <Group mt="xs">
                    <FileButton
                      accept="image/png,image/jpeg"
                      onChange={(file) => {
                        if (!file) return;
                        avatar.mutate(file, {
                          onSuccess: (res) => toastSuccess(res.message ?? MSG.avatarUpdated, TOAST_MS.long),
                          onError: (err) => toastApiError(err, TOAST_MS.long),
                        });
                      }}
                    >
                      {(props) => (
                        <Button {...props} size="xs" variant="light" leftSection={<IconCamera size={14} />} loading={avatar.isPending}>
                          Ganti Foto
                        </Button>
                      )}
                    </FileButton>
                    <Text size="xs" c="dimmed">
                      JPEG atau PNG, maksimal 5 MB
                    </Text>
                  </Group>
                </div>
              </Group>
              <Group>
                <Button variant="default" onClick={() => setPasswordOpen(true)}>
                  Ganti Password
                </Button>
              </Group>
            </Group>
          </Card>
          <Card withBorder>
            <ProfileForm profile={profile} />
          </Card>
          {isMobile && (
            <Button color="red" variant="light" onClick={() => void logout()}>
              Keluar
            </Button>
          )}
          <PasswordModal opened={passwordOpen} onClose={() => setPasswordOpen(false)} />
        </Stack>
      )}
    </QueryState>
  );
}
