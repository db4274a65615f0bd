import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ActionIcon, Alert, Button, Card, Group, NumberInput, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { IconArrowLeft, IconCopy, IconInfoCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { RUBRIC_MSG, TOAST_MS, type Rubric } from '@kelasku/contract';
import { ApiError, isNotFound } from '../../api/client';
import { QueryState } from '../../components/QueryState';
import { NotFoundPage } from '../../components/ErrorPages';
import { positiveId } from '../../lib/route-params';
import { errorMessage, toastError, toastSuccess } from '../../lib/toast';
import { useCopyRubric, useRubric, useSaveRubric } from './api';
import {
  RUBRIC_LIMITS,
  bodyOf,
  draftOf,
  maxTotal,
  newCriterion,
  newLevel,
  rubricErrors,
  type CriterionDraft,
  type RubricDraft,
} from './rubric-form';
import { RubricView } from './RubricView';

/** /rubrik/baru (a new rubric) and /rubrik/:rubricId. */
export default function RubricEditorPage() {
  const { rubricId } = useParams();
  if (rubricId === 'baru') return <RubricEditor />;
  const id = positiveId(rubricId);
  if (id === null) return <NotFoundPage />;
  return <LoadedRubric id={id} />;
}

function LoadedRubric({ id }: { id: number }) {
  const rubric = useRubric(id);
  if (isNotFound(rubric.error)) return <NotFoundPage />;
  return (
    <QueryState query={rubric}>
      {(r) => (r.used_for_grading ? <ReadOnlyRubric r={r} /> : <RubricEditor key={r.id} rubric={r} />)}
    </QueryState>
  );
}

function BackLink() {
  return (
    <Group>
      <Button component={Link} to="/rubrik" variant="subtle" leftSection={<IconArrowLeft size={18} aria-hidden />}>
        Kembali ke rubrik
      </Button>
    </Group>
  );
}

/** A rubric that graded work: shown, not changed; "Salin untuk mengubah" makes an editable copy. */
function ReadOnlyRubric({ r }: { r: Rubric }) {
  const navigate = useNavigate();
  const copy = useCopyRubric();
  const doCopy = () =>
    copy.mutateAsync(r.id).then(
      (res) => {
        toastSuccess(res.message ?? RUBRIC_MSG.copied, TOAST_MS.short);
        void navigate(`/rubrik/${res.data.id}`);
      },
      (err: unknown) => toastError(errorMessage(err), TOAST_MS.long),
    );
  return (
    <Stack maw={1000}>
      <BackLink />
      <Title order={2} style={{ overflowWrap: 'anywhere' }}>
        {r.title}
      </Title>
      <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
        {RUBRIC_MSG.usedForGrading}
      </Alert>
      <Group>
        <Button leftSection={<IconCopy size={16} aria-hidden />} loading={copy.isPending} onClick={() => void doCopy()}>
          Salin untuk mengubah
        </Button>
      </Group>
      <RubricView rubric={r} />
    </Stack>
  );
}

/** The criteria × levels editor; errors show as the contract (and so the server) words them. */
export function RubricEditor({ rubric }: { rubric?: Rubric }) {
  const navigate = useNavigate();
  const save = useSaveRubric();
  const [draft, setDraft] = useState<RubricDraft>(() => draftOf(rubric));
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const errors = useMemo(() => rubricErrors(draft), [draft]);
  const shown = (path: string) => serverErrors[path] ?? (submitted || touched.has(path) ? errors[path] : undefined);

  const touch = (...paths: string[]) =>
    setTouched((t) => {
      const next = new Set(t);
      paths.forEach((p) => next.add(p));
      return next;
    });
  const change = (next: RubricDraft, ...paths: string[]) => {
    setDraft(next);
    setServerErrors({});
    touch(...paths);
  };
  const setCriterion = (ci: number, c: CriterionDraft, ...paths: string[]) =>
    change({ ...draft, criteria: draft.criteria.map((x, i) => (i === ci ? c : x)) }, ...paths);

  const submit = () => {
    setSubmitted(true);
    if (Object.keys(errors).length > 0) {
      toastError('Periksa lagi isian rubrik yang ditandai merah.', TOAST_MS.long);
      return;
    }
    save.mutateAsync({ id: rubric?.id, body: bodyOf(draft) }).then(
      (res) => {
        toastSuccess(res.message ?? (rubric ? RUBRIC_MSG.updated : RUBRIC_MSG.created), TOAST_MS.short);
        if (!rubric) void navigate(`/rubrik/${res.data.id}`, { replace: true });
      },
      (err: unknown) => {
        if (err instanceof ApiError)
          setServerErrors(Object.fromEntries(Object.entries(err.errors).map(([k, v]) => [k, v[0] ?? err.message])));
        toastError(errorMessage(err), TOAST_MS.long);
      },
    );
  };

  return (
    <Stack maw={1000}>
      <BackLink />
      <Title order={2}>{rubric ? 'Ubah rubrik' : 'Buat rubrik'}</Title>
      <form
        noValidate
        aria-label={rubric ? 'Ubah rubrik' : 'Buat rubrik'}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack>
          <TextInput
            label="Judul rubrik"
            required
            maxLength={120}
            value={draft.title}
            onChange={(e) => change({ ...draft, title: e.currentTarget.value }, 'title')}
            error={shown('title')}
          />
          {draft.criteria.map((c, ci) => (
            <CriterionEditor
              key={c.key}
              index={ci}
              c={c}
              count={draft.criteria.length}
              shown={shown}
              onChange={(next, ...paths) => setCriterion(ci, next, ...paths)}
              onRemove={() => change({ ...draft, criteria: draft.criteria.filter((_, i) => i !== ci) }, 'criteria')}
            />
          ))}
          {shown('criteria') && (
            <Text c="red" size="sm" role="alert">
              {shown('criteria')}
            </Text>
          )}
          <Group justify="space-between" wrap="wrap">
            <Button
              variant="light"
              leftSection={<IconPlus size={16} aria-hidden />}
              disabled={draft.criteria.length >= RUBRIC_LIMITS.criteriaMax}
              onClick={() => change({ ...draft, criteria: [...draft.criteria, newCriterion()] })}
            >
              Tambah kriteria
            </Button>
            <Text size="sm" fw={600} data-testid="rubric-max-total">{`Skor maksimal ${maxTotal(draft)} = nilai 100`}</Text>
          </Group>
          <Group justify="flex-end">
            <Button variant="default" component={Link} to="/rubrik">
              Batal
            </Button>
            <Button type="submit" loading={save.isPending}>
              Simpan rubrik
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

function CriterionEditor({
  index: ci,
  c,
  count,
  shown,
  onChange,
  onRemove,
}: {
  index: number;
  c: CriterionDraft;
  count: number;
  shown: (path: string) => string | undefined;
  onChange: (c: CriterionDraft, ...paths: string[]) => void;
  onRemove: () => void;
}) {
  const p = `criteria.${ci}`;
  const n = ci + 1;
  const levelPaths = c.levels.map((_, li) => `${p}.levels.${li}.points`);
  const setLevel = (li: number, patch: Partial<CriterionDraft['levels'][number]>, ...paths: string[]) =>
    onChange({ ...c, levels: c.levels.map((l, i) => (i === li ? { ...l, ...patch } : l)) }, ...paths, `${p}.levels`);
  return (
    <Card withBorder component="section" aria-label={`Kriteria ${n}`} padding="sm">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} size="h5">{`Kriteria ${n}`}</Title>
          <ActionIcon variant="subtle" color="red" aria-label={`Hapus kriteria ${n}`} disabled={count <= 1} onClick={onRemove}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
        <Group grow align="flex-start" wrap="wrap" gap="xs">
          <TextInput
            label="Nama kriteria"
            aria-label={`Nama kriteria ${n}`}
            required
            maxLength={120}
            miw={200}
            value={c.title}
            onChange={(e) => onChange({ ...c, title: e.currentTarget.value }, `${p}.title`)}
            error={shown(`${p}.title`)}
          />
          <NumberInput
            label="Skor maksimal"
            aria-label={`Skor maksimal kriteria ${n}`}
            required
            miw={120}
            maw={180}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            inputMode="numeric"
            value={c.max_points}
            onChange={(v) => onChange({ ...c, max_points: v }, `${p}.max_points`, `${p}.levels`, ...levelPaths)}
            error={shown(`${p}.max_points`)}
          />
        </Group>
        <Textarea
          label="Deskripsi kriteria"
          aria-label={`Deskripsi kriteria ${n}`}
          autosize
          minRows={1}
          maxRows={4}
          maxLength={500}
          value={c.description}
          onChange={(e) => onChange({ ...c, description: e.currentTarget.value })}
        />
        <Stack gap="xs" component="ol" aria-label={`Level kriteria ${n}`} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {c.levels.map((l, li) => (
            <Card key={l.key} component="li" withBorder padding="xs" bg="var(--mantine-color-gray-0)">
              <Group align="flex-start" wrap="wrap" gap="xs">
                <TextInput
                  label={`Level ${li + 1}`}
                  aria-label={`Nama level ${li + 1} kriteria ${n}`}
                  required
                  maxLength={60}
                  style={{ flex: '1 1 140px' }}
                  value={l.title}
                  onChange={(e) => setLevel(li, { title: e.currentTarget.value }, `${p}.levels.${li}.title`)}
                  error={shown(`${p}.levels.${li}.title`)}
                />
                <NumberInput
                  label="Skor"
                  aria-label={`Skor level ${li + 1} kriteria ${n}`}
                  required
                  w={84}
                  allowDecimal={false}
                  allowNegative={false}
                  clampBehavior="none"
                  inputMode="numeric"
                  value={l.points}
                  onChange={(v) => setLevel(li, { points: v }, `${p}.levels.${li}.points`)}
                  error={shown(`${p}.levels.${li}.points`)}
                />
                <ActionIcon
                  mt={28}
                  variant="subtle"
                  color="red"
                  aria-label={`Hapus level ${li + 1} kriteria ${n}`}
                  disabled={c.levels.length <= RUBRIC_LIMITS.levelsMin}
                  onClick={() => onChange({ ...c, levels: c.levels.filter((_, i) => i !== li) }, `${p}.levels`)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
                <Textarea
                  label="Deskripsi level"
                  aria-label={`Deskripsi level ${li + 1} kriteria ${n}`}
                  style={{ flex: '1 1 100%' }}
                  autosize
                  minRows={1}
                  maxRows={4}
                  maxLength={500}
                  value={l.description}
                  onChange={(e) => setLevel(li, { description: e.currentTarget.value })}
                />
              </Group>
            </Card>
          ))}
        </Stack>
        {shown(`${p}.levels`) && (
          <Text c="red" size="sm" role="alert">
            {shown(`${p}.levels`)}
          </Text>
        )}
        <Group>
          <Button
            size="xs"
            variant="subtle"
            leftSection={<IconPlus size={14} aria-hidden />}
            disabled={c.levels.length >= RUBRIC_LIMITS.levelsMax}
            onClick={() => onChange({ ...c, levels: [...c.levels, newLevel('', 0)] })}
          >
            {`Tambah level kriteria ${n}`}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
