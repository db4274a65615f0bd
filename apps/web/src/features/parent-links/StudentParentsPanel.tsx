import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { modals } from '@mantine/modals';
import { IconLinkOff } from '@tabler/icons-react';
import { PARENT_LINK_SOURCE_LABELS, PARENT_MSG, PARENT_RELATION_LABELS, type ParentContact } from '@kelasku/contract';
import { useStudentParents, useUnlinkParent } from '../../api/parent-links';
import { QueryState } from '../../components/QueryState';
import { formatDate } from '../../lib/format';
import { toastSuccess } from '../../lib/toast';

/** What "Putuskan" asks before the link goes. */
export function unlinkQuestion(parentName: string, studentName: string): string {
  return `${parentName} tidak akan bisa lagi melihat data ${studentName}. Akun orang tua tetap ada dan bisa dihubungkan lagi dengan kode baru dari siswa. Pemutusan ini tercatat di log aktivitas.`;
}

/** One parent: name and relation, phone and e-mail, how the link was made, whether they signed in. */
function ParentRow({ contact, onUnlink, busy }: { contact: ParentContact; onUnlink: () => void; busy: boolean }) {
  const p = contact.parent;
  return (
    <Card withBorder padding="sm" component="li" aria-label={`${p.name} (${PARENT_RELATION_LABELS[contact.relation]})`}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap={6} wrap="wrap">
            <Text fw={600}>{p.name}</Text>
            <Badge variant="light">{PARENT_RELATION_LABELS[contact.relation]}</Badge>
            <Badge variant="light" color={contact.active ? 'teal' : 'gray'}>
              {contact.active ? 'Sudah pernah masuk' : 'Belum pernah masuk'}
            </Badge>
          </Group>
          <Text size="sm">Telepon: {p.telpon ?? '-'}</Text>
          {p.email && (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              Email: {p.email}
            </Text>
          )}
          <Text size="xs" c="gray.7">
            {PARENT_LINK_SOURCE_LABELS[contact.source]} · {formatDate(contact.created_at)} · username {p.username}
          </Text>
        </Stack>
        <Button variant="light" color="red" size="xs" leftSection={<IconLinkOff size={16} />} onClick={onUnlink} disabled={busy}>
          Putuskan
        </Button>
      </Group>
    </Card>
  );
}

/**
 * User Detail of a student › "Orang tua/wali" (admin): the linked parents with their phone numbers,
 * and "Putuskan" (asks first; the parent account stays, the audit log keeps the unlink).
 */
export function StudentParentsPanel({ studentId, studentName }: { studentId: number; studentName: string }) {
  const parents = useStudentParents(studentId);
  const unlink = useUnlinkParent(studentId);
  const ask = (c: ParentContact) =>
    modals.openConfirmModal({
      title: `Putuskan ${c.parent.name}?`,
      children: <Text size="sm">{unlinkQuestion(c.parent.name, studentName)}</Text>,
      labels: { confirm: 'Putuskan', cancel: 'Batal' },
      confirmProps: { color: 'red' },
      onConfirm: () => unlink.mutate(c.link_id, { onSuccess: () => toastSuccess(PARENT_MSG.unlinked) }),
    });
  return (
    <Card withBorder component="section" aria-labelledby="orang-tua-siswa">
      <Stack gap="sm">
        <Title order={3} size="h4" id="orang-tua-siswa">
          Orang tua/wali
        </Title>
        <QueryState query={parents}>
          {(list) =>
            list.length === 0 ? (
              <Text size="sm" c="gray.7">
                {PARENT_MSG.noParents}
              </Text>
            ) : (
              <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Orang tua/wali siswa">
                {list.map((c) => (
                  <ParentRow key={c.link_id} contact={c} onUnlink={() => ask(c)} busy={unlink.isPending} />
                ))}
              </Stack>
            )
          }
        </QueryState>
        {/* The audit log filters by action, not by student: every unlink, newest first. */}
        <Anchor component={Link} to="/resources/audit-log?action=parent.unlink" size="sm">
          Riwayat pemutusan di Log Aktivitas
        </Anchor>
      </Stack>
    </Card>
  );
}
