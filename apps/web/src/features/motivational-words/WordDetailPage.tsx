import { Card, Stack, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { useWord } from '../../api/motivational-words';
import { QueryState } from '../../components/QueryState';
import { formatDateTimeWib } from '../../lib/format';
import { DetailHeader, Details } from '../../components/AdminParts';

/** /resources/motivational-words/{id} — loaded by id so a reload works. */
export default function WordDetailPage() {
  const id = Number(useParams().id);
  const word = useWord(id);
  return (
    <Stack maw={900}>
      <DetailHeader title="Motivational Word Details" list="/resources/motivational-words" />
      <QueryState query={word}>
        {(w) => (
          <Card withBorder>
            <Details
              items={[
                ['ID', w.id],
                ['Active', w.active ? 'True' : 'False'],
                ['Title', w.title],
                [
                  'Body',
                  <Text key="body" size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {w.body}
                  </Text>,
                ],
                ['From', w.from],
                ['Created At', formatDateTimeWib(w.created_at)],
              ]}
            />
          </Card>
        )}
      </QueryState>
    </Stack>
  );
}
