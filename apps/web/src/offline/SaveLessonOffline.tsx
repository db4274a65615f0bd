import { useEffect, useMemo, useState } from 'react';
import { Alert, Anchor, Button, Group, List, Modal, Progress, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconCloudDownload } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { ClassMaterial } from '@kelasku/contract';
import { errorMessage, toastSuccess } from '../lib/toast';
import { usePhone } from '../lib/use-phone';
import { askText, canSaveOffline, currentPlan, refusalText, savableFiles, saveMaterial, savedFileIds, type SavePlan } from './save-lesson';

type State = 'saving' | 'saved' | 'failed';

/**
 * "Simpan untuk offline" on a Pembelajaran: asks first with the number and total size of its file
 * materials, refuses when they do not fit what is left of the offline budget, then saves them one
 * by one with a progress bar; each saved material is marked "Tersimpan untuk offline".
 */
export function SaveLessonOffline({ materials, lessonLabel }: { materials: ClassMaterial[]; lessonLabel: string }) {
  const files = useMemo(() => savableFiles(materials), [materials]);
  const phone = usePhone();
  const [states, setStates] = useState<Record<number, State>>({});
  const [plan, setPlan] = useState<SavePlan | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [running, setRunning] = useState(false);

  useEffect(() => {
    let live = true;
    savedFileIds(files)
      .then((ids) => live && setStates((s) => ({ ...Object.fromEntries([...ids].map((id) => [id, 'saved' as const])), ...s })))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [files]);

  if (files.length === 0) return null;

  const ask = async () => {
    setProblem(null);
    if (!canSaveOffline()) {
      setProblem('Perangkat ini belum siap menyimpan offline. Muat ulang halaman lalu coba lagi.');
      return;
    }
    const next = await currentPlan(files);
    setStates((s) => ({ ...s, ...Object.fromEntries([...next.saved].map((id) => [id, 'saved' as const])) }));
    if (next.plan.files.length === 0) toastSuccess('Semua materi sudah tersimpan untuk offline.');
    else setPlan(next.plan);
  };

  const save = async (p: SavePlan) => {
    setPlan(null);
    setRunning(true);
    let failed = 0;
    for (const f of p.files) {
      setStates((s) => ({ ...s, [f.id]: 'saving' }));
      let ok = false;
      try {
        ok = await saveMaterial(f);
      } catch (err) {
        setProblem(errorMessage(err));
      }
      if (!ok) failed++;
      setStates((s) => ({ ...s, [f.id]: ok ? 'saved' : 'failed' }));
    }
    setRunning(false);
    if (failed === 0) toastSuccess(`${p.files.length} materi tersimpan untuk offline.`);
    else setProblem(`${failed} materi gagal disimpan. Coba lagi saat sinyal lebih baik.`);
  };

  const done = files.filter((f) => states[f.id] === 'saved').length;
  const shown = files.filter((f) => states[f.id]);
  return (
    <Stack gap={6} data-testid="save-offline">
      <Group gap="xs">
        <Button
          size="xs"
          variant="light"
          leftSection={<IconCloudDownload size={16} aria-hidden />}
          onClick={() => void ask()}
          loading={running}
          aria-label={`Simpan untuk offline: ${lessonLabel}`}
        >
          Simpan untuk offline
        </Button>
        {done > 0 && (
          <Text size="xs" c="dimmed">
            {done} dari {files.length} file tersimpan
          </Text>
        )}
      </Group>
      {running && <Progress value={(done / files.length) * 100} aria-label="Menyimpan materi untuk offline" size="sm" />}
      {problem && (
        <Alert color="red" variant="light" role="alert">
          {problem}
        </Alert>
      )}
      {shown.length > 0 && (
        <List size="xs" spacing={2} aria-label="Materi offline">
          {shown.map((f) => (
            <List.Item
              key={f.id}
              icon={states[f.id] === 'saved' ? <IconCircleCheck size={14} color="var(--mantine-color-teal-7)" /> : null}
            >
              {f.title}: {stateText[states[f.id]!]}
            </List.Item>
          ))}
        </List>
      )}
      <Modal opened={plan !== null} onClose={() => setPlan(null)} title="Simpan untuk offline" fullScreen={phone} centered>
        {plan && (
          <Stack>
            {plan.fits ? (
              <Text>{askText(plan)}</Text>
            ) : (
              <Alert color="red" variant="light">
                {refusalText(plan)}{' '}
                <Anchor component={Link} to="/me">
                  Buka Profil
                </Anchor>
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setPlan(null)}>
                {plan.fits ? 'Batal' : 'Kembali'}
              </Button>
              {plan.fits && <Button onClick={() => void save(plan)}>Simpan</Button>}
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}

const stateText: Record<State, string> = {
  saving: 'menyimpan…',
  saved: 'Tersimpan untuk offline',
  failed: 'gagal disimpan',
};
