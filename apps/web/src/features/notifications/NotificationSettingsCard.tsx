import { Button, Card, Divider, Group, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  NOTIFICATION_GROUPS_BY_ROLE,
  NOTIFICATION_GROUP_LABELS,
  QUIET_HOURS_URGENT_HOURS,
  REACH_MSG,
  TOAST_MS,
  notificationSettings,
  type NotificationGroup,
  type NotificationSettings,
  type Profile,
} from '@kelasku/contract';
import { useMe } from '../../api/profile';
import { useNotificationSettings, useSaveNotificationSettings } from '../../api/notification-settings';
import { QueryState } from '../../components/QueryState';
import { formFailure } from '../../lib/form-errors';
import { toastError, toastSuccess } from '../../lib/toast';

/** The fields a server 422 can name (the quiet hours'; the switches cannot be wrong from this form). */
const FIELDS = ['quiet_hours.start', 'quiet_hours.end'];

/** "21.00" or "9:00" as typed → "21:00" / "09:00"; anything else is left for the check to refuse. */
export function normalClock(v: string): string {
  const m = /^\s*(\d{1,2})[.:](\d{2})\s*$/.exec(v);
  return m ? `${m[1]!.padStart(2, '0')}:${m[2]}` : v.trim();
}

/** The values to save: the times as the server reads them. */
const normalized = (v: NotificationSettings): NotificationSettings => ({
  ...v,
  quiet_hours: { ...v.quiet_hours, start: normalClock(v.quiet_hours.start), end: normalClock(v.quiet_hours.end) },
});

const check = schemaResolver(notificationSettings, { sync: true });
const useSettingsForm = (settings: NotificationSettings) =>
  useForm<NotificationSettings>({ initialValues: settings, validate: (values) => check(normalized(values)) });
type Form = ReturnType<typeof useSettingsForm>;

/** One group: its name, then a switch per channel. The bell always shows it. */
function GroupRow({ form, group }: { form: Form; group: NotificationGroup }) {
  return (
    <Stack component="fieldset" gap={6} m={0} p={0} style={{ border: 0, minWidth: 0 }}>
      <Text component="legend" size="sm" fw={500} p={0} mb={6}>
        {NOTIFICATION_GROUP_LABELS[group]}
      </Text>
      <Group gap="lg">
        <Switch label="Lonceng" checked disabled readOnly />
        <Switch label="HP" {...form.getInputProps(`push.${group}`, { type: 'checkbox' })} />
        <Switch label="Email" {...form.getInputProps(`email.${group}`, { type: 'checkbox' })} />
      </Group>
    </Stack>
  );
}

function QuietHours({ form }: { form: Form }) {
  const clock = (field: 'start' | 'end') => {
    const props = form.getInputProps(`quiet_hours.${field}`);
    return {
      ...props,
      onBlur: () => form.setFieldValue(`quiet_hours.${field}`, normalClock(form.values.quiet_hours[field])),
      disabled: !form.values.quiet_hours.enabled,
      inputMode: 'numeric' as const,
      maxLength: 5,
      w: 120,
    };
  };
  return (
    <Stack gap="xs">
      <Switch
        label="Jam tenang"
        description={`Notifikasi HP ditahan pada jam ini, kecuali pengingat tenggat kurang dari ${QUIET_HOURS_URGENT_HOURS} jam.`}
        {...form.getInputProps('quiet_hours.enabled', { type: 'checkbox' })}
      />
      <Group gap="md" align="flex-start">
        <TextInput label="Mulai (WIB)" placeholder="21:00" {...clock('start')} />
        <TextInput label="Selesai (WIB)" placeholder="05:30" {...clock('end')} />
      </Group>
    </Stack>
  );
}

function SettingsForm({ settings, profile }: { settings: NotificationSettings; profile: Profile }) {
  const save = useSaveNotificationSettings();
  const form = useSettingsForm(settings);
  const groups = NOTIFICATION_GROUPS_BY_ROLE[profile.role];

  const submit = form.onSubmit(async (values) => {
    try {
      const res = await save.mutateAsync(normalized(values));
      form.setInitialValues(res.data);
      form.setValues(res.data);
      toastSuccess(res.message ?? REACH_MSG.settingsSaved, TOAST_MS.long);
    } catch (err) {
      const failure = formFailure(err, FIELDS);
      form.setErrors(failure.fields);
      if (failure.message) toastError(failure.message, TOAST_MS.long);
    }
  });

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Text size="sm" c="gray.7">
          Pilih notifikasi yang dikirim ke HP dan email. Lonceng di Kelasku selalu menampilkan semuanya.
        </Text>
        {!profile.email && (
          <Text size="sm" c="orange.9" role="note">
            Isi email di profil untuk menerima email.
          </Text>
        )}
        <Stack gap="md" aria-label="Jenis notifikasi">
          {groups.map((g) => (
            <GroupRow key={g} form={form} group={g} />
          ))}
        </Stack>
        <Divider />
        <QuietHours form={form} />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Simpan pengaturan
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** 'Pengaturan notifikasi' on the profile (issue 42): each group the role hears of, per channel, and the quiet hours. */
export function NotificationSettingsCard() {
  const me = useMe();
  const settings = useNotificationSettings();
  return (
    <Card withBorder>
      <Title order={3} size="h4" mb="sm">
        Pengaturan notifikasi
      </Title>
      <QueryState query={settings}>{(s) => me.data && <SettingsForm settings={s} profile={me.data} />}</QueryState>
    </Card>
  );
}
