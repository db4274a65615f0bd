import { useEffect, useState } from 'react';
import { Button, Card, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { attendanceSettings, DEFAULT_ALPA_ALERT_DAYS, RECAP_MSG } from '@kelasku/contract';
import { useAttendanceSettings, useSaveAttendanceSettings } from '../../api/attendance-recaps';
import { formFailure } from '../../lib/form-errors';
import { toastSuccess } from '../../lib/toast';

/** "Peringatan Alpa": after how many Alpa days in a month the wali kelas is told. */
export function AlpaAlertCard() {
  const settings = useAttendanceSettings();
  const save = useSaveAttendanceSettings();
  const [value, setValue] = useState<string | number>(DEFAULT_ALPA_ALERT_DAYS);
  const [error, setError] = useState<string | null>(null);
  const saved = settings.data?.alpa_alert_days;
  useEffect(() => {
    if (saved !== undefined) setValue(saved);
  }, [saved]);

  const submit = () => {
    const parsed = attendanceSettings.safeParse({ alpa_alert_days: typeof value === 'number' ? value : Number.NaN });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? RECAP_MSG.thresholdRange);
    setError(null);
    save.mutate(parsed.data, {
      onSuccess: (res) => toastSuccess(res.message ?? RECAP_MSG.settingsSaved),
      onError: (err) => {
        const f = formFailure(err, ['alpa_alert_days']);
        setError(f.fields.alpa_alert_days ?? f.message);
      },
    });
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="peringatan-alpa">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Title order={3} size="h4" id="peringatan-alpa">
            Peringatan Alpa
          </Title>
          <Group gap="xs" align="flex-start" wrap="wrap">
            <Text size="sm" mt={8}>
              Beri tahu wali kelas setelah
            </Text>
            <NumberInput
              aria-label="Jumlah hari Alpa dalam sebulan"
              w={90}
              min={1}
              max={31}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              value={value}
              onChange={setValue}
              error={error}
              disabled={settings.isPending}
            />
            <Text size="sm" mt={8}>
              hari Alpa dalam sebulan
            </Text>
          </Group>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} disabled={settings.isPending}>
              Simpan
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
