import { useEffect } from 'react';
import { ActionIcon, Box, Drawer, Indicator, Popover, ScrollArea, Text, Title, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBell } from '@tabler/icons-react';
import { useLocation } from 'react-router';
import { useUnreadCount } from '../../api/notifications';
import { NotificationList } from './NotificationList';
import { badgeText, bellLabel } from './time';

/** The bell icon with the unread count on it. */
function BellIcon({ unread, size }: { unread: number; size: number }) {
  return (
    <Indicator label={badgeText(unread)} disabled={unread === 0} size={16} color="red" offset={2} inline>
      <IconBell size={size} aria-hidden />
    </Indicator>
  );
}

/** Desktop: the bell in the header (or the sidebar), its list in a dropdown. */
export function HeaderBell({ position = 'bottom-end' }: { position?: 'bottom-end' | 'bottom-start' }) {
  const unread = useUnreadCount().data ?? 0;
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <Popover opened={opened} onDismiss={close} position={position} width={400} shadow="md" trapFocus returnFocus withinPortal>
      <Popover.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={bellLabel(unread)} aria-expanded={opened} onClick={toggle}>
          <BellIcon unread={unread} size={22} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p="xs" role="dialog" aria-label="Notifikasi">
        <Text fw={600} px="xs" pt={4}>
          Notifikasi
        </Text>
        <ScrollArea.Autosize mah="70vh" type="auto">
          <NotificationList onNavigate={close} />
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}

/** Phone: "Notifikasi" in the bottom navigation, its list in a full-screen drawer. */
export function BottomNavBell() {
  const unread = useUnreadCount().data ?? 0;
  const [opened, { open, close }] = useDisclosure(false);
  const location = useLocation();
  // Back or a link elsewhere closes it.
  useEffect(() => close(), [location.pathname, close]);
  return (
    <>
      <UnstyledButton
        onClick={open}
        aria-label={bellLabel(unread)}
        aria-haspopup="dialog"
        aria-expanded={opened}
        style={{ flex: 1, textAlign: 'center', padding: '8px 2px', color: opened ? 'var(--mantine-color-teal-9)' : 'inherit' }}
      >
        <Box>
          <BellIcon unread={unread} size={20} />
        </Box>
        <Text size="xs">Notifikasi</Text>
      </UnstyledButton>
      <Drawer
        opened={opened}
        onClose={close}
        position="right"
        size="100%"
        padding="sm"
        title={<Title order={4}>Notifikasi</Title>}
        closeButtonProps={{ 'aria-label': 'Tutup' }}
      >
        <NotificationList onNavigate={close} />
      </Drawer>
    </>
  );
}
