import { useState } from 'react';
import { Badge, Button, Group, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { REPORT_MSG, type ClassReportGrades, type ReportItem, type StudentReportGrade } from '@kelasku/contract';
import { useSaveDescription } from '../../api/report-grades';
import { formFailure } from '../../lib/form-errors';
import { toastSuccess } from '../../lib/toast';
import { formatScore } from './format';

/** One category of a student's breakdown: the items counted, the dropped ones struck through, missing work as 0. */
function CategoryBreakdown({
  data,
  result,
  items,
}: {
  data: ClassReportGrades;
  result: StudentReportGrade['categories'][number];
  items: Map<string, ReportItem>;
}) {
  const category = data.categories.find((c) => c.id === result.category_id);
  const dropped = new Set(result.dropped);
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {category?.name ?? 'Kategori'} · bobot {category?.weight ?? 0}% · rata-rata {formatScore(result.average)}
      </Text>
      {result.counted.length === 0 ? (
        <Text size="sm" c="dimmed">
          Belum ada nilai yang dihitung.
        </Text>
      ) : (
        <Stack component="ul" gap={0} style={{ margin: 0, paddingLeft: 18 }}>
          {result.counted.map((c) => {
            const title = items.get(c.key)?.title ?? c.key;
            const text = `${title}: ${c.missing ? '0 (tidak dikumpulkan)' : formatScore(c.score)}`;
            return (
              <Text component="li" size="sm" key={c.key} c={dropped.has(c.key) ? 'dimmed' : undefined}>
                {dropped.has(c.key) ? (
                  <>
                    <s>{text}</s> (dibuang, nilai terendah)
                  </>
                ) : (
                  text
                )}
              </Text>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}

/** A TP's mastery in words: Tercapai, Perlu ditingkatkan, or no score yet. */
export function masteryLabel(reached: boolean | null): { text: string; color: string } {
  if (reached === true) return { text: 'Tercapai', color: 'green' };
  if (reached === false) return { text: REPORT_MSG.notReached, color: 'orange' };
  return { text: REPORT_MSG.noScore, color: 'gray' };
}

/** The report description: two parts, saved by the teacher or written from the TPs ("Kembalikan ke otomatis"). */
function DescriptionForm({ classId, s, locked }: { classId: number; s: StudentReportGrade; locked: boolean }) {
  const save = useSaveDescription(classId);
  const [achieved, setAchieved] = useState(s.description.achieved ?? '');
  const [toImprove, setToImprove] = useState(s.description.to_improve ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  // mutateAsync: a saved (or reset) description flips `edited`, which remounts this form (the callbacks of `mutate` would be dropped).
  const send = (body: { achieved: string | null; to_improve: string | null }) =>
    save
      .mutateAsync({ studentId: s.student.id, body })
      .then((res) => toastSuccess(res.message ?? REPORT_MSG.descriptionSaved))
      .catch((err: unknown) => {
        const failure = formFailure(err, ['achieved', 'to_improve']);
        setErrors(failure.fields);
        setMessage(failure.message);
      });
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        send({ achieved, to_improve: toImprove });
      }}
    >
      <Stack gap="xs">
        <Group gap="xs">
          <Title order={4} size="h6">
            Deskripsi rapor
          </Title>
          <Badge size="xs" variant="light" color={s.description.edited ? 'blue' : 'gray'}>
            {s.description.edited ? 'Ditulis guru' : 'Otomatis dari TP'}
          </Badge>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <Textarea
            label="Capaian yang baik"
            autosize
            minRows={2}
            value={achieved}
            disabled={locked}
            onChange={(e) => setAchieved(e.currentTarget.value)}
            error={errors.achieved}
          />
          <Textarea
            label="Perlu ditingkatkan"
            autosize
            minRows={2}
            value={toImprove}
            disabled={locked}
            onChange={(e) => setToImprove(e.currentTarget.value)}
            error={errors.to_improve}
          />
        </SimpleGrid>
        {message && (
          <Text size="sm" c="red" role="alert">
            {message}
          </Text>
        )}
        <Group gap="xs" justify="flex-end">
          {s.description.edited && (
            <Button variant="default" size="xs" disabled={locked} onClick={() => send({ achieved: null, to_improve: null })}>
              Kembalikan ke otomatis
            </Button>
          )}
          <Button type="submit" size="xs" disabled={locked} loading={save.isPending}>
            Simpan deskripsi
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A student's breakdown in the Nilai Akhir: per category the work counted, the TPs' mastery, the description. */
export function StudentDetail({ data, s }: { data: ClassReportGrades; s: StudentReportGrade }) {
  const items = new Map(data.items.map((it) => [it.key, it]));
  const objectives = new Map(s.objectives.map((o) => [o.objective_id, o]));
  return (
    <Stack gap="sm" aria-label={`Rincian ${s.student.name}`} role="region">
      {s.final_exact !== null && (
        <Text size="sm">
          Nilai Akhir {formatScore(s.final)} (tepatnya {formatScore(s.final_exact)}, dibulatkan seperti e-Rapor)
        </Text>
      )}
      {s.awaiting_regrade && (
        <Badge color="yellow" variant="light">
          {REPORT_MSG.awaitingRegrade}
        </Badge>
      )}
      {s.categories.map((r) => (
        <CategoryBreakdown key={r.category_id} data={data} result={r} items={items} />
      ))}
      {data.objectives.length > 0 && (
        <Stack gap={4}>
          <Title order={4} size="h6">
            Ketercapaian TP (KKTP {data.kktp})
          </Title>
          <Group gap={6}>
            {data.objectives.map((o) => {
              const r = objectives.get(o.id);
              const label = masteryLabel(r?.reached ?? null);
              return (
                <Badge key={o.id} color={label.color} variant="light" title={o.description} style={{ textTransform: 'none' }}>
                  {o.code} {r?.score ?? '–'} · {label.text}
                </Badge>
              );
            })}
          </Group>
        </Stack>
      )}
      <DescriptionForm
        key={`${s.description.edited}-${s.description.achieved}-${s.description.to_improve}`}
        classId={data.online_class.id}
        s={s}
        locked={data.locked}
      />
    </Stack>
  );
}
