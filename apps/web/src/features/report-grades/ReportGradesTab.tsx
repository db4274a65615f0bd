import { useState } from 'react';
import { Alert, Button, Card, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet, IconLock } from '@tabler/icons-react';
import { GRADE_MSG, type ClassGradeScheme } from '@kelasku/contract';
import { downloadReportGrades, useClassReportGrades, useClassScheme, useReleaseGrades } from '../../api/report-grades';
import { QueryState } from '../../components/QueryState';
import { formatDateTimeWib } from '../../lib/format';
import { errorMessage, toastError, toastSuccess } from '../../lib/toast';
import { ClassSchemeForm } from './ClassSchemeForm';
import { EraporPanel } from './EraporPanel';
import { FinalGrades } from './FinalGrades';

/** "Tampilkan nilai akhir ke siswa": the students read their Nilai Akhir only once it is on. */
function ReleaseSwitch({ scheme }: { scheme: ClassGradeScheme }) {
  const release = useReleaseGrades(scheme.online_class_id);
  const released = scheme.released_at !== null;
  return (
    <Stack gap={2}>
      <Switch
        label="Tampilkan nilai akhir ke siswa"
        checked={released}
        disabled={scheme.locked || release.isPending}
        onChange={(e) =>
          release.mutate(e.currentTarget.checked, {
            onSuccess: (res) => toastSuccess(res.message ?? (res.data.released_at ? GRADE_MSG.released : GRADE_MSG.unreleased)),
            onError: (err) => toastError(errorMessage(err)),
          })
        }
      />
      <Text size="xs" c="dimmed">
        {released && scheme.released_at
          ? `Ditampilkan sejak ${formatDateTimeWib(scheme.released_at)}`
          : 'Siswa belum melihat nilai akhirnya (kategori dan rata-ratanya tetap terlihat).'}
      </Text>
    </Stack>
  );
}

function NilaiAkhir({ classId }: { classId: number }) {
  const grades = useClassReportGrades(classId);
  const [busy, setBusy] = useState(false);
  const download = () => {
    setBusy(true);
    downloadReportGrades(classId)
      .catch((err) => toastError(errorMessage(err)))
      .finally(() => setBusy(false));
  };
  return (
    <Stack gap="sm" component="section" aria-labelledby="nilai-akhir">
      <Group justify="space-between" wrap="wrap">
        <Title order={3} size="h5" id="nilai-akhir">
          Nilai Akhir
        </Title>
        <Button leftSection={<IconFileSpreadsheet size={16} />} loading={busy} onClick={download}>
          Unduh XLSX
        </Button>
      </Group>
      <QueryState query={grades}>{(data) => <FinalGrades data={data} />}</QueryState>
    </Stack>
  );
}

/** The class page's "Rapor" tab (teacher): the class's grade scheme, the release, the Nilai Akhir and e-Rapor. */
export function ReportGradesTab({ classId }: { classId: number }) {
  const scheme = useClassScheme(classId);
  return (
    <QueryState query={scheme}>
      {(s) => (
        <Stack>
          {s.locked && (
            <Alert color="orange" icon={<IconLock size={18} />} role="alert" title="Nilai dikunci">
              {GRADE_MSG.locked}
            </Alert>
          )}
          <ClassSchemeForm key={s.revision} scheme={s} reload={() => void scheme.refetch()} />
          <Card withBorder padding="md">
            <ReleaseSwitch scheme={s} />
          </Card>
          <NilaiAkhir classId={classId} />
          <EraporPanel classId={classId} />
        </Stack>
      )}
    </QueryState>
  );
}
