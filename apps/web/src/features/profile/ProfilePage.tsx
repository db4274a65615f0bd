import { useEffect, useState } from 'react';
import { Button, Card, FileButton, Grid, Group, Select, Stack, Text, TextInput, Textarea, Title, Badge } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCamera } from '@tabler/icons-react';
import { schemaResolver, useForm } from '@mantine/form';
import {
  GENDER_LABELS,
  LIMITS,
  MSG,
  RELIGIONS,
  ROLE_LABELS,
  TOAST_MS,
  profileBody,
  type Profile,
  type ProfileBody,
} from '@kelasku/contract';
import { useChangePassword, useMe, useRombelOptions, useUpdateAvatar, useUpdateProfile } from '../../api/profile';
import { passwordChanged } from '../../api/session';
import { QueryState } from '../../components/QueryState';
import { UserAvatar } from '../../components/UserAvatar';
import { formFailure } from '../../lib/form-errors';
import { toastApiError, toastSuccess } from '../../lib/toast';
import { useLogoutAction } from '../../api/logout';
import { DateField } from '../../components/DateFields';
import { FormModal } from '../../components/FormModal';
import { NO_PASSWORDS, PasswordFields, passwordsFilled, usePasswordForm } from './PasswordFields';
import { DRAFT_RESTORED, usePageDraft } from '../../lib/drafts';
import { hint } from '../../lib/hint';
import { OfflineDataCard } from '../../offline/OfflineDataCard';
import { PairingCard } from '../parent-links/PairingCard';
import { PushCard } from '../notifications/PushCard';
import { NotificationSettingsCard } from '../notifications/NotificationSettingsCard';
import { CalendarCard } from '../calendar/CalendarCard';
import { DataSaverCard } from '../../offline/DataSaverCard';

const GENDER_OPTIONS = Object.entries(GENDER_LABELS).map(([value, label]) => ({ value, label }));

/** The profile form's values as the inputs hold them (the date picker holds null when empty). */
type ProfileForm = Required<{ [K in Exclude<keyof ProfileBody, 'role' | 'birthday'>]: string }> & { birthday: string | null };

const toForm = (p: Profile): ProfileForm => ({
  name: p.name,
  username: p.username,
  email: p.email ?? '',
  gender: p.gender ?? '',
  birthday: p.birthday,
  religion: p.religion ?? '',
  address: p.address ?? '',
  telpon: p.telpon ?? '',
  nip: p.teacher?.nip ?? '',
  nik: p.teacher?.nik ?? '',
  nis: p.student?.nis ?? '',
  nisn: p.student?.nisn ?? '',
  rombel: p.student?.rombel_id ? String(p.student.rombel_id) : '',
});

/** "Ganti Password": on success the message shows (3 s) while the session ends: every token is revoked. */
function PasswordModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const change = useChangePassword();
  const form = usePasswordForm();
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="Ganti Password"
      form={form}
      initialValues={NO_PASSWORDS}
      // Passwords are never kept.
      draft={null}
      savedMessage={MSG.passwordChanged}
      ready={passwordsFilled(form.values)}
      save={async (v) => {
        const res = await change.mutateAsync(v);
        // After the green toast is up (FormModal shows it once this resolves): to the login page.
        setTimeout(passwordChanged);
        return res;
      }}
    >
      <PasswordFields form={form} />
    </FormModal>
  );
}

/** Under a school-owned field the user cannot change from the profile. */
export const SCHOOL_OWNED_HINT = 'Dikelola sekolah. Hubungi admin untuk mengubahnya.';

/**
 * The school-owned fields the profile shows read-only (DECISIONS): a teacher's NIP and NIK always
 * (the admin sets them); a student's rombel, NIS and NISN once they hold a value — a student
 * completing the profile fills an empty one once.
 */
export function schoolLocked(p: Pick<Profile, 'role' | 'teacher' | 'student'>): Set<keyof ProfileForm> {
  if (p.role === 'teacher') return new Set(['nip', 'nik']);
  if (p.role !== 'student') return new Set();
  const s = p.student;
  const held: [keyof ProfileForm, unknown][] = [
    ['rombel', s?.rombel_id],
    ['nis', s?.nis],
    ['nisn', s?.nisn],
  ];
  return new Set(held.filter(([, v]) => v !== null && v !== undefined && v !== '').map(([k]) => k));
}

function ProfileFormCard({ profile }: { profile: Profile }) {
  const [editing, setEditing] = useState(false);
  const form = useForm<ProfileForm>({
    initialValues: toForm(profile),
    validate: schemaResolver(profileBody, { sync: true }),
    validateInputOnChange: true,
  });
  const update = useUpdateProfile();
  const rombels = useRombelOptions();
  // Read-only, the form shows the profile as last loaded.
  useEffect(() => {
    if (!editing) {
      form.setValues(toForm(profile));
      form.clearErrors();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [profile, editing]);
  // What the user types survives an ended session; a page opened with a draft is back in edit mode.
  const draft = usePageDraft(form, 'profil', toForm(profile), profile.id);
  useEffect(() => {
    if (draft.restored) setEditing(true);
  }, [draft.restored]);
  const locked = schoolLocked(profile);
  /** A school-owned field the user may not change reads "Dikelola sekolah" and stays read-only. */
  const owned = (k: keyof ProfileForm) => (locked.has(k) ? { readOnly: true, ...hint(SCHOOL_OWNED_HINT) } : {});
  const input = (k: keyof ProfileForm) => {
    const props = form.getInputProps(k);
    return { ...props, readOnly: !editing, error: editing ? props.error : undefined, ...owned(k) };
  };
  /** A select box holds null for "nothing chosen"; the form keeps "". */
  const select = (k: 'gender' | 'religion' | 'rombel') => ({
    value: form.values[k] || null,
    onChange: (v: string | null) => form.setFieldValue(k, v ?? ''),
    readOnly: !editing,
    error: editing ? form.errors[k] : undefined,
    ...owned(k),
  });
  const hasErrors = Object.values(form.errors).some(Boolean);

  const save = form.onSubmit((values) =>
    update.mutate(
      { id: profile.id, body: { ...values, birthday: values.birthday ?? '', role: profile.role } },
      {
        onSuccess: (res) => {
          draft.discard();
          toastSuccess(res.message ?? MSG.profileUpdated, TOAST_MS.long);
          setEditing(false);
        },
        onError: (err) => {
          form.setErrors(formFailure(err, Object.keys(values)).fields);
          toastApiError(err, TOAST_MS.long);
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={(e) => (editing ? save(e) : e.preventDefault())} onInput={draft.onInput}>
      {draft.restored && editing && (
        <Text size="sm" c="gray.7" role="status" mb="sm">
          {DRAFT_RESTORED}
        </Text>
      )}
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
          <Select label="Jenis kelamin" data={GENDER_OPTIONS} clearable={editing} {...select('gender')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <DateField label="Tanggal lahir" minDate={LIMITS.birthdayMin} maxDate={LIMITS.birthdayMax} {...input('birthday')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Select label="Agama" data={[...RELIGIONS]} clearable={editing} {...select('religion')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label="Telepon" placeholder="08xx-xxxx-xxxx" maxLength={LIMITS.telponMax} {...input('telpon')} />
        </Grid.Col>
        {profile.role === 'teacher' && (
          <>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label="NIP" maxLength={LIMITS.nipMax} inputMode="numeric" {...input('nip')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label="NIK" maxLength={LIMITS.nikMax} inputMode="numeric" {...input('nik')} />
            </Grid.Col>
          </>
        )}
        {profile.role === 'student' && (
          <>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Select
                label="Rombel"
                data={(rombels.data ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
                {...select('rombel')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label="NIS" maxLength={LIMITS.nisMax} {...input('nis')} />
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
              draft.discard();
              setEditing(false);
            }}
          >
            Batal
          </Button>
        )}
        {editing ? (
          // Distinct keys: the click on "Edit Profile" must not land on a reused submit button.
          <Button key="save" type="submit" loading={update.isPending} disabled={hasErrors}>
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
            <ProfileFormCard profile={profile} />
          </Card>
          {profile.role === 'student' && <PairingCard />}
          <PushCard />
          <NotificationSettingsCard />
          <CalendarCard />
          <DataSaverCard />
          <OfflineDataCard />
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
