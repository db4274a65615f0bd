import { Accordion, Stack, Text } from '@mantine/core';
import { TRUNCATE, type SubmissionVersion } from '@kelasku/contract';
import { FileLink } from '../../components/FileLink';
import { formatDateTimeWib, truncate } from '../../lib/format';

/** The earlier versions the teacher returned, newest first: what was handed in, its score and feedback. */
export function SubmissionHistory({ versions }: { versions: SubmissionVersion[] }) {
  if (versions.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Belum ada versi sebelumnya.
      </Text>
    );
  }
  return (
    <Accordion variant="separated">
      {versions.map((v) => (
        <Accordion.Item key={v.version} value={String(v.version)}>
          <Accordion.Control>
            Versi {v.version} · {v.score === null ? 'Belum dinilai' : `Nilai ${v.score}`}
          </Accordion.Control>
          <Accordion.Panel>
            <Stack gap={6}>
              <Text size="sm">Dikumpulkan {formatDateTimeWib(v.submitted_at)}</Text>
              {v.returned_at && <Text size="sm">Dikembalikan {formatDateTimeWib(v.returned_at)}</Text>}
              {v.feedback && (
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  Masukan: {v.feedback}
                </Text>
              )}
              {v.text_answer && (
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  Jawaban: {v.text_answer}
                </Text>
              )}
              {v.files.map((f) => (
                <FileLink key={f.file_id} href={f.file} title={f.filename} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {truncate(f.filename, TRUNCATE.filename)}
                </FileLink>
              ))}
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
