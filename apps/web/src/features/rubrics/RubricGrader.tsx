import { Card, Radio, Stack, Text, Textarea, Title } from '@mantine/core';
import { RUBRIC_MSG, rubricScore, type Rubric, type RubricMark } from '@kelasku/contract';

type RubricShape = Pick<Rubric, 'criteria'>;

/** Marks for a rubric: the given ones, or none chosen yet. */
export function marksFor(rubric: RubricShape, given?: RubricMark[] | null): RubricMark[] {
  return rubric.criteria.map((_, i) => ({ level: given?.[i]?.level ?? null, comment: given?.[i]?.comment ?? null }));
}

/** The points chosen so far, the maximum, and the 0–100 score they give. */
export function rubricTotals(rubric: RubricShape, marks: RubricMark[]) {
  const max = rubric.criteria.reduce((a, c) => a + c.max_points, 0);
  const got = rubric.criteria.reduce((a, c, i) => {
    const l = marks[i]?.level;
    return a + (l == null ? 0 : (c.levels[l]?.points ?? 0));
  }, 0);
  return { got, max, score: rubricScore(rubric, marks), complete: marks.every((m) => m.level !== null) };
}

/**
 * Grading with a rubric: one radio group of levels per criterion (arrow keys or a tap choose), a
 * comment per criterion, and the sum scaled to 100 (rubricScore of the contract, as the server counts).
 */
export function RubricGrader({
  rubric,
  marks,
  onChange,
  disabled,
}: {
  rubric: RubricShape;
  marks: RubricMark[];
  onChange: (marks: RubricMark[]) => void;
  disabled?: boolean;
}) {
  const set = (i: number, m: Partial<RubricMark>) => onChange(marks.map((x, j) => (j === i ? { ...x, ...m } : x)));
  const t = rubricTotals(rubric, marks);
  return (
    <Stack gap="sm">
      {rubric.criteria.map((c, ci) => (
        <Card key={ci} withBorder padding="sm" component="fieldset" style={{ margin: 0, minWidth: 0 }}>
          <Radio.Group
            label={
              <Title order={4} size="h6" component="span">
                {`${c.title} (maks. ${c.max_points})`}
              </Title>
            }
            description={c.description ?? undefined}
            value={marks[ci]?.level == null ? null : String(marks[ci].level)}
            onChange={(v) => set(ci, { level: Number(v) })}
            name={`kriteria-${ci}`}
          >
            <Stack gap={6} mt="xs">
              {c.levels.map((l, li) => (
                <Radio
                  key={li}
                  value={String(li)}
                  disabled={disabled}
                  label={`${l.title} (${l.points})`}
                  description={l.description ?? undefined}
                />
              ))}
            </Stack>
          </Radio.Group>
          <Textarea
            mt="xs"
            label={`Komentar ${c.title}`}
            placeholder="Opsional"
            value={marks[ci]?.comment ?? ''}
            onChange={(e) => set(ci, { comment: e.currentTarget.value })}
            maxLength={500}
            autosize
            minRows={1}
            maxRows={5}
            disabled={disabled}
          />
        </Card>
      ))}
      <Text size="sm" fw={600} role="status" data-testid="rubric-total">
        {`Skor rubrik ${t.got} dari ${t.max} · nilai ${t.score}`}
      </Text>
      {!t.complete && (
        <Text size="xs" c="dimmed">
          {RUBRIC_MSG.marksCount(rubric.criteria.length)}
        </Text>
      )}
    </Stack>
  );
}
