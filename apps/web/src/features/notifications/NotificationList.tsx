import { Alert, Box, Button, Divider, Group, Stack, Text, ThemeIcon, UnstyledButton, VisuallyHidden } from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowBackUp,
  IconAt,
  IconBell,
  IconBook,
  IconChecks,
  IconClipboardList,
  IconClock,
  IconClockExclamation,
  IconFileImport,
  IconInbox,
  IconListCheck,
  IconLock,
  IconMail,
  IconMailOpened,
  IconMessage,
  IconMessageCircle,
  IconReportAnalytics,
  IconServerOff,
  IconSpeakerphone,
  IconUserX,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { NOTIF_MSG, type Notification, type NotificationKind } from '@kelasku/contract';
import { useBellListShown, useMarkAllRead, useMarkRead, useNotifications, useUnreadCount } from '../../api/notifications';
import { LoadingDots } from '../../components/LoadingDots';
import { UserAvatar } from '../../components/UserAvatar';
import { errorMessage } from '../../lib/toast';
import { useNow } from '../../lib/now';
import { formatNotificationTime } from './time';

/** The picture of a notification nobody in particular caused (a reminder, an import, a lock). */
const KIND_ICONS: Record<NotificationKind, Icon> = {
  material: IconBook,
  assignment: IconClipboardList,
  quiz: IconListCheck,
  announcement: IconSpeakerphone,
  due_soon: IconClock,
  graded: IconChecks,
  feedback: IconMessage,
  returned: IconArrowBackUp,
  private_comment: IconMessage,
  reply: IconMessageCircle,
  mention: IconAt,
  hand_ins: IconInbox,
  late_hand_in: IconClockExclamation,
  forum_comment: IconMessageCircle,
  absent: IconUserX,
  leave_decided: IconMailOpened,
  leave_request: IconMail,
  absence_alert: IconAlertTriangle,
  parent_message: IconMessage,
  weekly_summary: IconReportAnalytics,
  parent_linked: IconUsers,
  import_done: IconFileImport,
  account_locked: IconLock,
  storage_full: IconServerOff,
};

/** Only a path of this app is opened (never another site). */
const appPath = (link: string) => (/^\/(?!\/)/.test(link) ? link : null);

function NotificationItem({ n, now, onOpen }: { n: Notification; now: number; onOpen: (n: Notification) => void }) {
  const KindIcon = KIND_ICONS[n.kind] ?? IconBell;
  return (
    <UnstyledButton
      onClick={() => onOpen(n)}
      w="100%"
      px="sm"
      py="xs"
      data-unread={n.read ? undefined : 'true'}
      style={{ borderRadius: 'var(--mantine-radius-sm)', background: n.read ? undefined : 'var(--mantine-color-teal-light)' }}
    >
      <Group wrap="nowrap" align="flex-start" gap="sm">
        {n.actor ? (
          <Box aria-hidden style={{ flexShrink: 0 }}>
            <UserAvatar src={n.actor.avatar} name={n.actor.name} size="md" alt="" />
          </Box>
        ) : (
          <ThemeIcon variant="light" radius="xl" size={38} aria-hidden>
            <KindIcon size={20} />
          </ThemeIcon>
        )}
        <Box style={{ flex: 1, minWidth: 0 }}>
          {!n.read && <VisuallyHidden>Belum dibaca: </VisuallyHidden>}
          <Text size="sm" fw={n.read ? 400 : 600} style={{ overflowWrap: 'anywhere' }}>
            {n.text}
          </Text>
          <Text size="xs" c={n.read ? 'dimmed' : 'teal.9'}>
            {formatNotificationTime(n.created_at, now)}
          </Text>
        </Box>
        {!n.read && <Box w={8} h={8} mt={6} bg="teal.9" style={{ borderRadius: '50%', flexShrink: 0 }} aria-hidden />}
      </Group>
    </UnstyledButton>
  );
}

/**
 * The bell's list, newest first: a click marks the notification read and opens its page; "Tandai
 * semua sudah dibaca"; "Muat lebih banyak" loads the next 20. New ones arriving on the live stream
 * appear on top by themselves. `onNavigate` closes the popover or drawer around it.
 */
export function NotificationList({ onNavigate }: { onNavigate: () => void }) {
  const list = useNotifications(true);
  const unread = useUnreadCount().data ?? 0;
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const navigate = useNavigate();
  const now = useNow();
  useBellListShown();
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  const open = (n: Notification) => {
    if (!n.read) markRead.mutate(n.id);
    onNavigate();
    const path = appPath(n.link);
    if (path) void navigate(path);
  };

  return (
    <Stack gap="xs">
      <Group justify="flex-end">
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconChecks size={16} />}
          disabled={unread === 0}
          loading={markAll.isPending}
          onClick={() => markAll.mutate()}
        >
          Tandai semua sudah dibaca
        </Button>
      </Group>
      <Divider />
      {list.isPending ? (
        <LoadingDots />
      ) : list.isError ? (
        <Alert color="red" title="Gagal memuat notifikasi">
          {errorMessage(list.error)}
        </Alert>
      ) : items.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl" size="sm">
          {NOTIF_MSG.empty}
        </Text>
      ) : (
        <Stack gap={4} component="ul" aria-label="Daftar notifikasi" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {items.map((n) => (
            <li key={n.id}>
              <NotificationItem n={n} now={now} onOpen={open} />
            </li>
          ))}
        </Stack>
      )}
      {list.hasNextPage && (
        <Button variant="subtle" fullWidth loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          Muat lebih banyak
        </Button>
      )}
    </Stack>
  );
}
