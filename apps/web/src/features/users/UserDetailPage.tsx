import { Badge, Button, Card, Group, Stack, Title } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { genderLabel } from '@kelasku/contract';
import { useUser } from '../../api/admin';
import { QueryState } from '../../components/QueryState';
import { UserAvatar } from '../../components/UserAvatar';
import { formatDate } from '../../lib/format';
import { DetailHeader, Details } from '../admin-dashboard/parts';

/** /resources/users/{id} — User Detail, loaded by id so a reload works. */
export default function UserDetailPage() {
  const id = Number(useParams().id);
  const user = useUser(id);
  return (
    <Stack maw={900}>
      <DetailHeader title="User Detail" list="/resources/users" />
      <QueryState query={user}>
        {(u) => (
          <Card withBorder>
            <Group mb="lg" justify="space-between">
              <Group>
                <UserAvatar src={u.avatar} name={u.name} size={88} />
                <div>
                  <Title order={3}>{u.name}</Title>
                  <Badge variant="light">{u.role_label}</Badge>
                </div>
              </Group>
              <Button component={Link} to={`/resources/users/${u.id}/edit`} variant="light" leftSection={<IconEdit size={16} />}>
                Edit
              </Button>
            </Group>
            <Details
              items={[
                ['ID', u.id],
                ['Username', u.username],
                ['Birthday', u.birthday ? formatDate(`${u.birthday}T00:00:00+07:00`) : null],
                ['Religion', u.religion],
                ['Gender', genderLabel(u.gender)],
                ['Email', u.email],
                ['Address', u.address],
              ]}
            />
          </Card>
        )}
      </QueryState>
    </Stack>
  );
}
