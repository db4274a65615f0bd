import { useState } from 'react';
import { Alert, Button, Card, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { GRADE_MSG, type ClassGradeScheme } from '@kelasku/contract';
import { useSaveClassScheme } from '../../api/report-grades';
import { toastSuccess } from '../../lib/toast';
import { CategoryEditor } from '../grade-scheme/CategoryEditor';
import { saveFailure, schemeErrors, toBody, toDrafts, type CategoryDraft } from '../grade-scheme/scheme-draft';

/**
 * The class's grade scheme: its categories and the KKTP. "Simpan" sends the revision the teacher
 * started from; when another teacher of the class saved first the answer is 409 and "Muat ulang"
 * reads the scheme again (the form starts over from the new revision: its key is the revision).
 */
export function ClassSchemeForm({ scheme, reload }: { scheme: ClassGradeScheme; reload: () => void }) {
  const save = useSaveClassScheme(scheme.online_class_id);
  const [drafts, setDrafts] = useState<CategoryDraft[]>(() => toDrafts(scheme.categories));
  const [kktp, setKktp] = useState<number | ''>(scheme.kktp);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const locked = scheme.locked;

  const edit = (next: CategoryDraft[]) => {
    setDrafts(next);
    setErrors({});
    setMessage(null);
  };
  const submit = () => {
    const local = schemeErrors(drafts);
    if (kktp === '' || kktp < 0 || kktp > 100) local.kktp = GRADE_MSG.kktpRange;
    if (Object.keys(local).length > 0) return setErrors(local);
    // mutateAsync: the saved scheme has a new revision, which remounts this form (the callbacks of `mutate` would be dropped).
    save
      .mutateAsync({ revision: scheme.revision, kktp: kktp as number, categories: toBody(drafts) })
      .then((res) => toastSuccess(res.message ?? GRADE_MSG.schemeSaved))
      .catch((err: unknown) => {
        const failure = saveFailure(err);
        setErrors(failure.fields);
        setMessage(failure.message);
      });
  };
  const changed = message === GRADE_MSG.schemeChanged;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="skema-nilai">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Title order={3} size="h5" id="skema-nilai">
            Skema nilai
          </Title>
          <Text size="sm" c="dimmed">
            Nilai Akhir = rata-rata tiap kategori dikali bobotnya. Tugas dan kuis tanpa kategori masuk ke kategori pertama.
          </Text>
          <CategoryEditor value={drafts} onChange={edit} errors={errors} disabled={locked} />
          <NumberInput
            label="KKTP (kriteria ketercapaian tujuan pembelajaran)"
            description="TP dianggap tercapai bila nilainya sama dengan atau di atas KKTP"
            value={kktp}
            min={0}
            max={100}
            w={{ base: '100%', sm: 320 }}
            allowDecimal={false}
            allowNegative={false}
            disabled={locked}
            onChange={(v) => {
              setKktp(typeof v === 'number' ? v : v.trim() === '' ? '' : Number(v));
              setErrors({});
            }}
            error={errors.kktp}
          />
          {message && (
            <Alert color={changed ? 'yellow' : 'red'} role="alert">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{message}</Text>
                {changed && (
                  <Button size="xs" variant="light" onClick={reload}>
                    Muat ulang
                  </Button>
                )}
              </Stack>
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} disabled={locked}>
              Simpan
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
