import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { GRADE_MSG, type GradeSchemeDefaults, type Semester } from '@kelasku/contract';
import { useGradeLock, useSaveSchemeDefaults, useSchemeDefaults } from '../../api/report-grades';
import { useSemesters } from '../../api/school-year';
import { QueryState } from '../../components/QueryState';
import { formatDateTimeWib } from '../../lib/format';
import { errorMessage, toastError, toastSuccess } from '../../lib/toast';
import { CategoryEditor } from './CategoryEditor';
import { saveFailure, schemeErrors, toBody, toDrafts, type CategoryDraft } from './scheme-draft';

/** The school's default categories: every new class starts from them. */
function DefaultsForm({ defaults }: { defaults: GradeSchemeDefaults }) {
  const save = useSaveSchemeDefaults();
  const [drafts, setDrafts] = useState<CategoryDraft[]>(() => toDrafts(defaults.categories));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const submit = () => {
    const local = schemeErrors(drafts);
    if (Object.keys(local).length > 0) return setErrors(local);
    save.mutate(
      { categories: toBody(drafts) },
      {
        onSuccess: (res) => {
          setDrafts(toDrafts(res.data.categories));
          toastSuccess(res.message ?? GRADE_MSG.defaultsSaved);
        },
        onError: (err) => {
          const failure = saveFailure(err);
          setErrors(failure.fields);
          setMessage(failure.message);
        },
      },
    );
  };
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <CategoryEditor
          value={drafts}
          onChange={(next) => {
            setDrafts(next);
            setErrors({});
            setMessage(null);
          }}
          errors={errors}
        />
        {message && (
          <Text size="sm" c="red" role="alert">
            {message}
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Simpan
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function LockConfirm({ s, onClose }: { s: Semester | null; onClose: () => void }) {
  const lock = useGradeLock();
  const locking = !s?.grades_locked_at;
  const confirm = () => {
    if (!s) return;
    lock.mutate(
      { id: s.id, lock: locking },
      {
        onSuccess: (res) => {
          toastSuccess(res.message ?? (locking ? GRADE_MSG.lockedNow(s.label) : GRADE_MSG.unlockedNow(s.label)));
          onClose();
        },
        onError: (err) => toastError(errorMessage(err)),
      },
    );
  };
  return (
    <Modal opened={s !== null} onClose={onClose} title={locking ? 'Kunci nilai' : 'Buka kunci nilai'}>
      <Stack>
        <Text size="sm">
          {locking
            ? `Kunci nilai semester ${s?.label ?? ''}? Setelah dikunci, guru tidak bisa mengubah nilai, skema nilai, deskripsi rapor, atau menampilkan nilai akhir kelas semester ini sampai kuncinya dibuka.`
            : `Buka kunci nilai semester ${s?.label ?? ''}? Guru bisa mengubah nilai lagi; setiap perubahan tercatat di log audit.`}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Batal
          </Button>
          <Button color={locking ? 'orange' : 'blue'} loading={lock.isPending} onClick={confirm}>
            {locking ? 'Kunci nilai' : 'Buka kunci'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function SemesterLocks({ list }: { list: Semester[] }) {
  const [asking, setAsking] = useState<Semester | null>(null);
  if (list.length === 0) return <Text c="dimmed">Belum ada semester.</Text>;
  return (
    <>
      <Stack component="ul" gap="xs" aria-label="Kunci nilai per semester" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {list.map((s) => (
          <Card key={s.id} component="li" withBorder padding="sm" aria-label={s.label}>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Stack gap={2}>
                <Group gap="xs">
                  <Text fw={600}>{s.label}</Text>
                  {s.active && (
                    <Badge size="xs" variant="light">
                      Aktif
                    </Badge>
                  )}
                  {s.grades_locked_at && (
                    <Badge size="xs" color="orange" leftSection={<IconLock size={10} />}>
                      Nilai dikunci
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed">
                  {s.grades_locked_at ? `Dikunci ${formatDateTimeWib(s.grades_locked_at)}` : 'Nilai masih bisa diubah guru'}
                </Text>
              </Stack>
              {s.grades_locked_at ? (
                <Button size="xs" variant="light" leftSection={<IconLockOpen size={14} />} onClick={() => setAsking(s)}>
                  Buka kunci
                </Button>
              ) : (
                <Button size="xs" color="orange" variant="light" leftSection={<IconLock size={14} />} onClick={() => setAsking(s)}>
                  Kunci nilai
                </Button>
              )}
            </Group>
          </Card>
        ))}
      </Stack>
      <LockConfirm s={asking} onClose={() => setAsking(null)} />
    </>
  );
}

/** /school/nilai — the school's default grade scheme and each semester's "Kunci nilai". */
export default function AdminGradeSchemePage() {
  useDocumentTitle('Nilai Rapor | Kelasku');
  const defaults = useSchemeDefaults();
  const semesters = useSemesters();
  return (
    <Stack maw={960}>
      <Title order={2}>Nilai Rapor</Title>
      <Card withBorder padding="md" component="section" aria-labelledby="skema-bawaan">
        <Stack gap="sm">
          <Title order={3} size="h4" id="skema-bawaan">
            Skema nilai bawaan sekolah
          </Title>
          <Text size="sm" c="dimmed">
            Kelas baru memakai kategori dan bobot ini; guru bisa mengubahnya untuk kelasnya sendiri.
          </Text>
          <QueryState query={defaults}>{(d) => <DefaultsForm defaults={d} />}</QueryState>
        </Stack>
      </Card>
      <Card withBorder padding="md" component="section" aria-labelledby="kunci-nilai">
        <Stack gap="sm">
          <Title order={3} size="h4" id="kunci-nilai">
            Kunci nilai
          </Title>
          <Alert color="gray" variant="light">
            Kunci nilai semester saat rapor dicetak. Selama terkunci, semua perubahan nilai di kelas semester itu ditolak.
          </Alert>
          <QueryState query={semesters}>{(list) => <SemesterLocks list={list} />}</QueryState>
        </Stack>
      </Card>
    </Stack>
  );
}
