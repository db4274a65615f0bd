// Mantine's complete styles: the first screen loads only its part of them (first-screen.css).
import './signed-in.css';
import { useEffect, useRef, useState } from 'react';
import { ActionIcon, AppShell, Box, Burger, Group, NavLink, ScrollArea, Text, Title, UnstyledButton, Menu } from '@mantine/core';
import { useDisclosure, useMediaQuery, useWindowScroll } from '@mantine/hooks';
import {
  IconArchive,
  IconArrowLeft,
  IconBook,
  IconBooks,
  IconBuildingCommunity,
  IconCalendarEvent,
  IconCalendarTime,
  IconChalkboard,
  IconFileImport,
  IconSitemap,
  IconUserStar,
  IconUserCheck,
  IconNotebook,
  IconReportAnalytics,
  IconTargetArrow,
  IconTable,
  IconListCheck,
  IconChartBar,
  IconClipboardList,
  IconChevronDown,
  IconDatabase,
  IconHistory,
  IconHome,
  IconLogout,
  IconQuote,
  IconSchool,
  IconStairsUp,
  IconUser,
  IconUsers,
} from '@tabler/icons-react';
import { Link, NavLink as RouterNavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import 'dayjs/locale/id';
import { HEADER_SCROLL_PX, ROLE_LABELS, ROLE_IDS } from '@kelasku/contract';
import { getSessionUser, updateSessionUser, useSessionUser } from '../api/session';
import { useMe } from '../api/profile';
import { UserAvatar } from '../components/UserAvatar';
import { BottomNavBell, HeaderBell } from '../features/notifications/NotificationBell';
import { useLiveStream } from '../live/useLiveStream';
import { OfflineBanner } from '../components/OfflineBanner';
import { PasswordRequired } from './PasswordRequired';
import { useClassMenu } from './useClassMenu';
import { useLogoutAction } from '../api/logout';
import { ParentBottomItem, ParentNav } from '../features/parents/ParentNav';
import { PushPrompt } from '../features/notifications/PushPrompt';

const TITLES: Record<string, string> = {
  '/dashboard': 'Dashboard',
  '/resources/users': 'Users',
  '/resources/rombel-class': 'Rombel Class',
  '/resources/motivational-words': 'Motivational Words',
  '/resources/promotion': 'Kenaikan Kelas',
  '/resources/archived-classes': 'Arsip Kelas',
  '/resources/audit-log': 'Log Aktivitas',
  '/school/departments': 'Jurusan',
  '/school/semesters': 'Semester',
  '/school/homerooms': 'Wali Kelas',
  '/school/subjects': 'Mata Pelajaran',
  '/school/teaching': 'Pembagian Tugas Mengajar',
  '/school/timetable': 'Jadwal Pelajaran',
  '/school/fet-import': 'Impor dari FET',
  '/jadwal': 'Jadwal',
  '/school/presensi': 'Presensi',
  '/presensi': 'Presensi',
  '/presensi/riwayat': 'Riwayat Presensi',
  '/presensi/izin': 'Izin dan Sakit',
  '/jurnal': 'Jurnal Mengajar',
  '/perwalian': 'Kelas Perwalian',
  '/school/perwalian': 'Perwalian',
  '/ringkasan': 'Ringkasan Mingguan',
  '/tambah-anak': 'Tambah Anak',
  '/perwalian/leger': 'Leger Nilai',
  '/tujuan-pembelajaran': 'Tujuan Pembelajaran',
  '/rubrik': 'Rubrik',
  '/school/nilai': 'Nilai Rapor',
  '/school/tujuan-pembelajaran': 'Tujuan Pembelajaran',
  '/school/leger': 'Leger Nilai',
  '/my-work': 'Tugas Saya',
  '/my-grades': 'Nilai Saya',
  '/bank-soal': 'Bank Soal',
};

function Sidebar({ onNavigate }: { onNavigate: () => void }) {
  const user = getSessionUser();
  const classes = useClassMenu(user?.role);
  const location = useLocation();
  const link = (to: string, label: string, icon: React.ReactNode) => (
    <NavLink
      key={to}
      component={RouterNavLink}
      to={to}
      label={label}
      leftSection={icon}
      active={location.pathname === to || location.pathname.startsWith(`${to}/`)}
      onClick={onNavigate}
    />
  );
  return (
    <nav aria-label="Menu utama">
      {link('/dashboard', 'Dashboard', <IconHome size={18} />)}
      {user?.role === 'student' && link('/my-work', 'Tugas Saya', <IconClipboardList size={18} />)}
      {user?.role === 'student' && link('/my-grades', 'Nilai Saya', <IconChartBar size={18} />)}
      {user?.role === 'admin' && (
        <NavLink label="Resources" leftSection={<IconSchool size={18} />} defaultOpened childrenOffset={28}>
          {link('/resources/users', 'Users', <IconUsers size={16} />)}
          {link('/resources/rombel-class', 'Rombel Class', <IconSchool size={16} />)}
          {link('/resources/motivational-words', 'Motivational Words', <IconQuote size={16} />)}
          {link('/resources/promotion', 'Kenaikan Kelas', <IconStairsUp size={16} />)}
          {link('/resources/archived-classes', 'Arsip Kelas', <IconArchive size={16} />)}
          {link('/resources/audit-log', 'Log Aktivitas', <IconHistory size={16} />)}
        </NavLink>
      )}
      {user?.role === 'admin' && (
        <NavLink label="Sekolah" leftSection={<IconBuildingCommunity size={18} />} defaultOpened childrenOffset={28}>
          {link('/school/semesters', 'Semester', <IconCalendarEvent size={16} />)}
          {link('/school/departments', 'Jurusan', <IconSitemap size={16} />)}
          {link('/school/subjects', 'Mata Pelajaran', <IconBooks size={16} />)}
          {link('/school/teaching', 'Pembagian Tugas', <IconChalkboard size={16} />)}
          {link('/school/homerooms', 'Wali Kelas', <IconUserStar size={16} />)}
          {link('/school/timetable', 'Jadwal Pelajaran', <IconCalendarTime size={16} />)}
          {link('/school/fet-import', 'Impor dari FET', <IconFileImport size={16} />)}
          {link('/school/presensi', 'Presensi', <IconUserCheck size={16} />)}
          {link('/school/nilai', 'Nilai Rapor', <IconReportAnalytics size={16} />)}
          {link('/school/tujuan-pembelajaran', 'Tujuan Pembelajaran', <IconTargetArrow size={16} />)}
          {link('/school/leger', 'Leger Nilai', <IconTable size={16} />)}
          {link('/school/perwalian', 'Perwalian', <IconUserStar size={16} />)}
        </NavLink>
      )}
      {(user?.role === 'teacher' || user?.role === 'student') && link('/jadwal', 'Jadwal', <IconCalendarTime size={18} />)}
      {user?.role === 'student' && link('/presensi', 'Presensi', <IconUserCheck size={18} />)}
      {user?.role === 'teacher' && link('/jurnal', 'Jurnal Mengajar', <IconNotebook size={18} />)}
      {user?.role === 'teacher' && link('/perwalian', 'Kelas Perwalian', <IconUserStar size={18} />)}
      {user?.role === 'parent' && <ParentNav link={link} />}
      {classes && (
        <NavLink label="My Class" leftSection={<IconBook size={18} />} defaultOpened childrenOffset={28}>
          {(classes.data ?? []).map((c) => link(user?.role === 'teacher' ? `/online-class/${c.id}` : `/my-classes/${c.id}`, c.name, null))}
          {classes.data?.length === 0 && (
            <Text size="sm" c="dimmed" px="sm" py={4}>
              Belum ada kelas
            </Text>
          )}
        </NavLink>
      )}
      {user?.role === 'teacher' && link('/bank-soal', 'Bank Soal', <IconDatabase size={18} />)}
      {user?.role === 'teacher' && link('/tujuan-pembelajaran', 'Tujuan Pembelajaran', <IconTargetArrow size={18} />)}
      {user?.role === 'teacher' && link('/rubrik', 'Rubrik', <IconListCheck size={18} />)}
      {user?.role === 'teacher' && link('/online-class/arsip', 'Arsip', <IconArchive size={18} />)}
    </nav>
  );
}

function UserMenu() {
  const me = useMe();
  const session = getSessionUser();
  const name = me.data?.name ?? session?.name ?? '';
  const logout = useLogoutAction();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={`Menu akun ${name}`}>
          <Group gap="xs">
            <UserAvatar src={me.data?.avatar ?? session?.avatar} name={name} size="sm" />
            <Text size="sm" fw={500}>
              {name}
            </Text>
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to="/me" leftSection={<IconUser size={16} />}>
          My Profile
        </Menu.Item>
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => void logout()}>
          Keluar
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

function BottomNav() {
  const location = useLocation();
  const item = (to: string, label: string, icon: React.ReactNode) => (
    <UnstyledButton
      component={Link}
      to={to}
      aria-current={location.pathname === to ? 'page' : undefined}
      style={{
        flex: 1,
        textAlign: 'center',
        padding: '8px 2px',
        color: location.pathname === to ? 'var(--mantine-color-teal-9)' : 'inherit',
      }}
    >
      <Box>{icon}</Box>
      <Text size="xs">{label}</Text>
    </UnstyledButton>
  );
  return (
    <Group component="nav" aria-label="Navigasi bawah" gap={0} h="100%" wrap="nowrap">
      {item('/dashboard', 'Dashboard', <IconHome size={20} />)}
      {getSessionUser()?.role === 'teacher' && item('/jadwal', 'Jadwal', <IconCalendarTime size={20} />)}
      {getSessionUser()?.role === 'student' && item('/presensi', 'Presensi', <IconUserCheck size={20} />)}
      {getSessionUser()?.role === 'student' && item('/my-work', 'Tugas Saya', <IconClipboardList size={20} />)}
      {getSessionUser()?.role === 'student' && item('/my-grades', 'Nilai Saya', <IconChartBar size={20} />)}
      {getSessionUser()?.role === 'parent' && <ParentBottomItem item={item} />}
      <BottomNavBell />
      {item('/me', 'Profil', <IconUser size={20} />)}
    </Group>
  );
}

/**
 * The signed-in area: the app frame, or only the password change while the admin requires a new
 * password (from the login answer, GET /api/me, or any call refused with that 403).
 */
export function AppLayout() {
  const user = useSessionUser();
  const mustChange = useMe().data?.must_change_password;
  // /api/me has the last word: the admin may have set or lifted the requirement since the login.
  useEffect(() => {
    if (mustChange !== undefined) updateSessionUser({ must_change_password: mustChange });
  }, [mustChange]);
  // The session has just ended: the login page is on its way; nothing signed-in may render or call meanwhile.
  if (!user) return null;
  return user.must_change_password ? <PasswordRequired /> : <SchoolLayout />;
}

/** The app frame of SPEC §2: sidebar by role, desktop header, bottom navigation on phones, offline banner. */
function SchoolLayout() {
  // The address when the menu was opened: a page change closes the menu, but not the late arrival
  // of a page asked for before it was opened (the router shows a page once its script has come,
  // and the address changed at once).
  const openedAt = useRef<string | null>(null);
  const [opened, { toggle, close }] = useDisclosure(false);
  const toggleMenu = () => {
    openedAt.current = window.location.pathname;
    toggle();
  };
  const isMobile = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const location = useLocation();
  const navigate = useNavigate();
  const [scroll] = useWindowScroll();
  const [scrolled, setScrolled] = useState(false);
  const me = useMe();
  // The tab's one live stream (notifications, and the thread or grading column on screen): only while signed in.
  useLiveStream();
  useEffect(() => setScrolled(scroll.y > HEADER_SCROLL_PX), [scroll.y]);
  useEffect(() => {
    if (location.pathname !== openedAt.current) close();
  }, [location.pathname, close]);

  const showHeader = !isMobile && !location.pathname.split('/').includes('online-class');
  const title = location.pathname === '/me' ? (me.data?.name ?? '') : (TITLES[location.pathname] ?? '');
  const role = getSessionUser()?.role;

  return (
    <AppShell
      header={{ height: 60, collapsed: !showHeader && !isMobile }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      footer={{ height: 60, collapsed: !isMobile }}
      padding="md"
    >
      <OfflineBanner />
      <AppShell.Header className="kls-header" data-scrolled={scrolled || isMobile ? 'true' : 'false'}>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggleMenu} hiddenFrom="sm" size="sm" aria-label="Buka menu" />
            {scrolled && (
              <ActionIcon variant="subtle" aria-label="Kembali ke beranda" onClick={() => navigate('/')}>
                <IconArrowLeft size={18} />
              </ActionIcon>
            )}
            {isMobile ? (
              <Title order={4} c="teal.9">
                Kelasku
              </Title>
            ) : (
              <Title order={4} component="p">
                {title}
              </Title>
            )}
          </Group>
          {!isMobile && (
            <Group gap="md" wrap="nowrap">
              {showHeader && <HeaderBell />}
              <UserMenu />
            </Group>
          )}
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm">
        <AppShell.Section mb="md">
          <Group gap="xs" justify="space-between" wrap="nowrap">
            <Group gap="xs">
              <Title order={3} c="teal.9">
                Kelasku
              </Title>
              {role && (
                <Text size="xs" c="dimmed">
                  {ROLE_LABELS[ROLE_IDS[role]]}
                </Text>
              )}
            </Group>
            {/* The class pages have no desktop header: the bell sits here instead. */}
            {!isMobile && !showHeader && <HeaderBell position="bottom-start" />}
          </Group>
        </AppShell.Section>
        <AppShell.Section grow component={ScrollArea}>
          <Sidebar onNavigate={close} />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main>
        {/* Date pickers speak Indonesian; their values are read as WIB by lib/format.ts. The confirm
            dialogs live here too: the login page needs neither, and loads less. */}
        <DatesProvider settings={{ locale: 'id', firstDayOfWeek: 1 }}>
          <ModalsProvider labels={{ confirm: 'Ya', cancel: 'Batal' }}>
            <Outlet />
            <PushPrompt />
          </ModalsProvider>
        </DatesProvider>
        {!isMobile && (
          <Text component="footer" size="xs" c="dimmed" ta="center" mt="xl" py="md">
            © {new Date().getFullYear()} Kelasku — SMK
          </Text>
        )}
      </AppShell.Main>
      <AppShell.Footer hiddenFrom="sm">
        <BottomNav />
      </AppShell.Footer>
    </AppShell>
  );
}
