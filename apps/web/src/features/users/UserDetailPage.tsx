import type { ReactNode } from 'react';
import { Badge, Button, Card, Group, Stack, Title } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { ROLE_IDS, genderLabel, type AdminUser } from '@kelasku/contract';
import { useUser } from '../../api/users';
import { getSessionUser } from '../../api/session';
import { QueryState } from '../../components/QueryState';
import { UserAvatar } from '../../components/UserAvatar';
import { formatDate } from '../../lib/format';
import { DetailHeader, Details } from '../../components/AdminParts';
import { AccountBadges, AccountButtons, useAccountActions } from './account-actions';
import { StudentParentsPanel } from '../parent-links/StudentParentsPanel';

/** The school's fields of the role: NIP and NIK of a teacher; rombel, NIS and NISN of a student. */
function schoolFields(u: AdminUser): [string, ReactNode][] {
  if (u.teacher) {
    return [
      ['NIP', u.teacher.nip],
      ['NIK', u.teacher.nik],
    ];
  }
  if (u.student) {
    return [
      ['Rombel', u.student.rombel_name],
      ['NIS', u.student.nis],
      ['NISN', u.student.nisn],
    ];
  }
  return [];
}

/**
 * /resources/users/{id} — User Detail, loaded by id so a reload works: the profile, the account's
 * status ("Nonaktifkan"/"Aktifkan"), its login lock ("Buka kunci"), a required password change and
 * the school's fields of the role.
 */
export default function UserDetailPage() {
  const id = Number(useParams().id);
  const user = useUser(id);
  const actions = useAccountActions();
  const own = getSessionUser()?.id === id;
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
                  <Group gap={6} mt={4}>
                    <Badge variant="light">{u.role_label}</Badge>
                    <AccountBadges user={u} />
                    {u.must_change_password && (
                      <Badge variant="light" color="violet">
                        Wajib ganti password
                      </Badge>
                    )}
                  </Group>
                </div>
              </Group>
              <Group gap="sm">
                {/* The server refuses one's own deactivation; the button is not offered. */}
                <AccountButtons user={u} actions={actions} withStatus={!own} />
                <Button component={Link} to={`/resources/users/${u.id}/edit`} variant="light" leftSection={<IconEdit size={16} />}>
                  Edit
                </Button>
              </Group>
            </Group>
            <Details
              items={[
                ['ID', u.id],
                ['Status', u.status === 1 ? 'Aktif' : 'Nonaktif'],
                ['Username', u.username],
                ['Birthday', u.birthday ? formatDate(`${u.birthday}T00:00:00+07:00`) : null],
                ['Religion', u.religion],
                ['Gender', genderLabel(u.gender)],
                ['Email', u.email],
                ['Address', u.address],
                ...schoolFields(u),
              ]}
            />
          </Card>
        )}
      </QueryState>
      {user.data?.role_id === ROLE_IDS.student && <StudentParentsPanel studentId={user.data.id} studentName={user.data.name} />}
    </Stack>
  );
}
