import { useEffect } from 'react';
import { Button, Card, Group, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { PARENT_MSG, RISK_DEFAULTS, homeroomSettings, type HomeroomSettings } from '@kelasku/contract';
import { useHomeroomSettings, useSaveHomeroomSettings } from '../../api/parent-links';
import { QueryState } from '../../components/QueryState';
import { formFailure } from '../../lib/form-errors';
import { toastError, toastSuccess } from '../../lib/toast';

/** The thresholds as the inputs hold them: text, checked by the contract's schema (1–31, 1–50). */
interface RiskForm {
  risk_alpa: string;
  risk_missing: string;
}

const FIELDS = ['risk_alpa', 'risk_missing'] as const;
const toForm = (s: HomeroomSettings): RiskForm => ({ risk_alpa: String(s.risk_alpa), risk_missing: String(s.risk_missing) });

function RiskSettingsForm({ saved }: { saved: HomeroomSettings }) {
  const save = useSaveHomeroomSettings();
  const form = useForm<RiskForm>({ initialValues: toForm(saved), validate: schemaResolver(homeroomSettings, { sync: true }) });
  useEffect(() => {
    form.setValues(toForm(saved));
    form.resetDirty(toForm(saved));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [saved]);

  const submit = form.onSubmit((values) => {
    save.mutate(homeroomSettings.parse(values), {
      onSuccess: () => toastSuccess(PARENT_MSG.riskSaved),
      onError: (err) => {
        const failure = formFailure(err, FIELDS);
        form.setErrors(failure.fields);
        if (failure.message) toastError(failure.message);
      },
    });
  });

  const number = (k: keyof RiskForm) => ({ ...form.getInputProps(k), inputMode: 'numeric' as const, w: 160 });
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <TextInput
          label="Alpa dalam sebulan"
          description={`Hari Alpa bulan ini, 1 sampai 31 (bawaan ${RISK_DEFAULTS.alpa})`}
          required
          {...number('risk_alpa')}
        />
        <TextInput
          label="Tugas belum dikumpulkan"
          description={`Tugas semua mapel yang sudah ditutup, 1 sampai 50 (bawaan ${RISK_DEFAULTS.missing})`}
          required
          {...number('risk_missing')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Simpan
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Admin › Sekolah › Perwalian (/school/perwalian): when a student is "perlu perhatian" on the wali kelas's page. */
export default function HomeroomSettingsPage() {
  useDocumentTitle('Perwalian | Kelasku');
  const settings = useHomeroomSettings();
  return (
    <Stack maw={720}>
      <Title order={2}>Perwalian</Title>
      <Card withBorder padding="lg" component="section" aria-labelledby="batas-perhatian">
        <Stack gap="sm">
          <Title order={3} size="h4" id="batas-perhatian">
            Batas siswa perlu perhatian
          </Title>
          <Text size="sm">
            Di halaman Kelas Perwalian, wali kelas melihat siswa yang perlu perhatian beserta alasannya. Seorang siswa masuk daftar itu bila
            memenuhi salah satu dari:
          </Text>
          <List size="sm" spacing={4}>
            <List.Item>Alpa sebanyak batas di bawah ini atau lebih dalam bulan ini;</List.Item>
            <List.Item>tugas belum dikumpulkan sebanyak batas di bawah ini atau lebih;</List.Item>
            <List.Item>nilai akhir suatu mapel di bawah KKTP kelasnya (KKTP diatur di skema nilai tiap kelas, tidak di sini).</List.Item>
          </List>
          <QueryState query={settings}>{(s) => <RiskSettingsForm saved={s} />}</QueryState>
        </Stack>
      </Card>
    </Stack>
  );
}
