import type { ReactNode } from 'react';
import { Alert, Badge, Card, Group, Progress, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import type { QuizStatistics as Statistics } from '@kelasku/contract';
import { useQuizStatistics, type QuizRef } from '../../../api/quizzes';
import { QueryState } from '../../../components/QueryState';
import { TypeBadge, formatNumber, letter } from '../../../components/QuestionKey';

type QuestionStats = Statistics['questions'][number];

/** Below these a question needs a look: most students miss it, or it does not tell strong from weak students. */
export const FACILITY_LOW = 20;
export const DISCRIMINATION_LOW = 0.2;

/** Why a question is flagged, in words a teacher reads at a glance (none: it is fine). */
export function flagsOf(s: QuestionStats): string[] {
  const flags: string[] = [];
  if (s.facility !== null && s.facility < FACILITY_LOW)
    flags.push(`Terlalu sulit: rata-rata skor di bawah ${FACILITY_LOW}%. Periksa kunci atau kalimat soalnya.`);
  if (s.discrimination !== null && s.discrimination < 0)
    flags.push('Daya beda negatif: siswa dengan nilai tinggi justru lebih sering salah. Kemungkinan kuncinya keliru.');
  else if (s.discrimination !== null && s.discrimination < DISCRIMINATION_LOW)
    flags.push(
      `Daya beda rendah (di bawah ${formatNumber(DISCRIMINATION_LOW)}): soal ini kurang membedakan siswa yang paham dan yang belum.`,
    );
  return flags;
}

const facilityColor = (f: number) => (f < FACILITY_LOW ? 'red' : f < 40 ? 'orange' : f > 90 ? 'blue' : 'teal');

/** The "Statistik" tab: per question how easy it was, how well it separates students, and how each option was chosen. */
export function QuizStatistics({ r }: { r: QuizRef }) {
  const stats = useQuizStatistics(r);
  return (
    <QueryState query={stats}>
      {(data) => {
        if (data.attempts === 0)
          return (
            <Text c="dimmed" ta="center" py="xl">
              Statistik muncul setelah ada siswa yang selesai mengerjakan kuis ini.
            </Text>
          );
        const flagged = data.questions.filter((q) => flagsOf(q).length > 0).length;
        return (
          <Stack>
            <Group gap="xs" role="group" aria-label="Ringkasan statistik">
              <Badge size="lg" variant="light" color="gray">{`${data.attempts} percobaan selesai`}</Badge>
              <Badge size="lg" variant="light" color="gray">{`${data.students} siswa dinilai`}</Badge>
              {flagged > 0 && <Badge size="lg" variant="light" color="red">{`${flagged} soal perlu ditinjau`}</Badge>}
            </Group>
            <Text size="sm" c="dimmed">
              <b>Tingkat kemudahan</b>: rata-rata skor siswa pada soal itu (100% berarti semua benar). <b>Daya beda</b>: selisih skor 27%
              siswa teratas dan 27% terbawah (−1 sampai 1); makin tinggi makin baik, di bawah {formatNumber(DISCRIMINATION_LOW)} perlu
              ditinjau.
              {data.students < 10 && ' Daya beda baru dihitung bila minimal 10 siswa sudah dinilai.'}
            </Text>
            <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
              {data.questions.map((q, i) => (
                <QuestionCard key={q.question_id} number={i + 1} s={q} />
              ))}
            </Stack>
          </Stack>
        );
      }}
    </QueryState>
  );
}

function QuestionCard({ number, s }: { number: number; s: QuestionStats }) {
  const flags = flagsOf(s);
  const bad = flags.length > 0;
  const totalChosen = s.options.reduce((n, o) => n + o.chosen, 0);
  return (
    <Card
      withBorder
      component="li"
      aria-label={`Statistik soal ${number}`}
      data-flagged={bad ? 'true' : 'false'}
      style={bad ? { borderColor: 'var(--mantine-color-red-6)', borderWidth: 2, background: 'var(--mantine-color-red-0)' } : undefined}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Group gap={6}>
              <Title order={3} size="h6">
                Soal {number}
              </Title>
              <TypeBadge type={s.type} />
              <Badge variant="outline" color="gray">
                {s.points} poin
              </Badge>
              {bad && (
                <Badge color="red" variant="filled" leftSection={<IconAlertTriangle size={12} aria-hidden />}>
                  Perlu ditinjau
                </Badge>
              )}
            </Group>
            <Text size="sm" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
              {s.text}
            </Text>
          </Stack>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
          <Metric
            label="Tingkat kemudahan"
            value={s.facility === null ? '–' : `${formatNumber(s.facility, 0)}%`}
            low={s.facility !== null && s.facility < FACILITY_LOW}
          >
            {s.facility !== null && (
              <Progress value={s.facility} color={facilityColor(s.facility)} aria-label={`Tingkat kemudahan soal ${number}`} mt={4} />
            )}
          </Metric>
          <Metric
            label="Daya beda"
            value={s.discrimination === null ? '–' : formatNumber(s.discrimination)}
            low={s.discrimination !== null && s.discrimination < DISCRIMINATION_LOW}
          />
          <Metric label="Dijawab" value={`${s.attempts} kali`} low={false} />
        </SimpleGrid>
        {flags.length > 0 && (
          <Alert color="red" variant="light" p="xs" icon={<IconAlertTriangle size={16} aria-hidden />}>
            <Stack gap={2}>
              {flags.map((f) => (
                <Text key={f} size="sm">
                  {f}
                </Text>
              ))}
            </Stack>
          </Alert>
        )}
        {s.options.length > 0 && (
          <Stack gap={6} aria-label={`Pilihan jawaban soal ${number}`} role="list">
            {s.options.map((o, i) => {
              const pct = totalChosen === 0 ? 0 : Math.round((o.chosen / Math.max(s.attempts, 1)) * 100);
              return (
                <div key={o.id} role="listitem">
                  <Group justify="space-between" gap="xs" wrap="nowrap">
                    <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                      {o.correct ? (
                        <ThemeIcon size="sm" radius="xl" color="teal" role="img" aria-label="Jawaban benar">
                          <IconCheck size={12} aria-hidden />
                        </ThemeIcon>
                      ) : (
                        <span style={{ width: 22, flexShrink: 0 }} />
                      )}
                      <Text size="sm" fw={o.correct ? 600 : 400} truncate="end">
                        {s.type === 'true_false' ? o.text : `${letter(i)}. ${o.text}`}
                      </Text>
                    </Group>
                    <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
                      {`${o.chosen} siswa (${pct}%)`}
                    </Text>
                  </Group>
                  <Progress value={pct} color={o.correct ? 'teal' : 'gray'} size="md" mt={2} aria-hidden />
                </div>
              );
            })}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

function Metric({ label, value, low, children }: { label: string; value: string; low: boolean; children?: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} c={low ? 'red.9' : undefined}>
        {value}
      </Text>
      {children}
    </div>
  );
}
