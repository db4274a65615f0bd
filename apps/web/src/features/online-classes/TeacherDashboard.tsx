import { useMemo, useState } from 'react';
import { ActionIcon, Affix, Badge, Button, Card, Center, Group, Menu, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle, useMediaQuery } from '@mantine/hooks';
import { IconDotsVertical, IconEdit, IconFileSpreadsheet, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { TRUNCATE, type ClassSummary, type TeacherClassSummary } from '@kelasku/contract';
import { useDeleteClass, useTeacherClasses } from '../../api/online-classes';
import { downloadAllGradebooks } from '../../api/gradebook';
import { confirmDelete } from '../../components/ConfirmDelete';
import { QueryState } from '../../components/QueryState';
import { UserAvatar } from '../../components/UserAvatar';
import { truncate } from '../../lib/format';
import { SubjectBadge } from '../schedule/SubjectBadge';
import { TodayLessons } from '../schedule/TodayLessons';
import { errorMessage, toastError, toastSuccess } from '../../lib/toast';
import { ClassFormModal } from './ClassFormModal';

const byRombelThenName = (a: ClassSummary, b: ClassSummary) =>
  a.rombel.name.localeCompare(b.rombel.name, 'id', { sensitivity: 'base' }) || a.name.localeCompare(b.name, 'id', { sensitivity: 'base' });

function ClassCard({ klass, onEdit }: { klass: TeacherClassSummary; onEdit: () => void }) {
  const del = useDeleteClass();
  const remove = () =>
    confirmDelete({
      title: 'Hapus Kelas',
      message: `Hapus kelas "${klass.name}"? Semua konten, materi, forum dan tugas di dalamnya ikut terhapus.`,
      onConfirm: () => del.mutate(klass.id, { onSuccess: (res) => toastSuccess(res.message ?? 'Kelas berhasil dihapus') }),
    });
  return (
    <Card withBorder shadow="xs" padding="lg" component="article" aria-label={klass.name}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Group gap={6} miw={0}>
          <Badge variant="light">{klass.rombel.name}</Badge>
          <SubjectBadge klass={klass} />
        </Group>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={`Menu kelas ${klass.name}`} loading={del.isPending}>
              <IconDotsVertical size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconEdit size={16} />} onClick={onEdit}>
              Edit
            </Menu.Item>
            <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={remove}>
              Delete
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      <Title order={3} size="h4" mt="sm" style={{ overflowWrap: 'anywhere' }}>
        {klass.name}
      </Title>
      {klass.waiting_count > 0 && (
        <Badge
          component={Link}
          to={`/online-class/${klass.id}?tab=nilai`}
          state={{ klass }}
          color="yellow"
          variant="light"
          mt="xs"
          style={{ cursor: 'pointer' }}
        >
          {klass.waiting_count} menunggu dinilai
        </Badge>
      )}
      <Group justify="space-between" mt="md" wrap="nowrap">
        <Group gap="xs" wrap="nowrap" miw={0}>
          <UserAvatar src={klass.teacher.avatar} name={klass.teacher.name} size="sm" />
          <Text size="sm" c="dimmed" title={klass.teacher.name}>
            {truncate(klass.teacher.name, TRUNCATE.teacherCardTeacher)}
          </Text>
        </Group>
        <Button component={Link} to={`/online-class/${klass.id}`} state={{ klass }} size="xs" aria-label={`View ${klass.name}`}>
          View
        </Button>
      </Group>
    </Card>
  );
}

/** The teacher's dashboard (SPEC §2): "Hari ini" (issue 37), My Class, search, class cards, add/edit/delete. */
export default function TeacherDashboard() {
  useDocumentTitle('Teacher | Dashboard');
  const classes = useTeacherClasses();
  const [search, setSearch] = useState('');
  const [modalOpened, setModalOpened] = useState(false);
  // Kept while the modal closes, so its title does not switch mid-animation.
  const [editing, setEditing] = useState<ClassSummary | undefined>();
  const openModal = (klass?: ClassSummary) => {
    setEditing(klass);
    setModalOpened(true);
  };
  const isMobile = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const [downloading, setDownloading] = useState(false);
  const downloadGrades = () => {
    setDownloading(true);
    downloadAllGradebooks()
      .catch((err) => toastError(errorMessage(err)))
      .finally(() => setDownloading(false));
  };

  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    return [...(classes.data ?? [])].filter((c) => c.name.toLowerCase().includes(q)).sort(byRombelThenName);
  }, [classes.data, search]);

  return (
    <Stack>
      <TodayLessons role="teacher" />
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>My Class</Title>
        <Group gap="xs" wrap="wrap" w={{ base: '100%', xs: 'auto' }}>
          {!!classes.data?.length && (
            <Button variant="default" leftSection={<IconFileSpreadsheet size={16} />} loading={downloading} onClick={downloadGrades}>
              Unduh nilai semua kelas
            </Button>
          )}
          <TextInput
            placeholder="Search…"
            aria-label="Cari kelas"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            w={{ base: '100%', xs: 280 }}
          />
        </Group>
      </Group>
      <QueryState query={classes}>
        {(data) =>
          data.length === 0 ? (
            <Center py={60}>
              <Stack align="center">
                <Text c="dimmed">Kamu belum memiliki kelas.</Text>
                <Button size="xl" leftSection={<IconPlus size={24} />} onClick={() => openModal()}>
                  Tambah Kelas
                </Button>
              </Stack>
            </Center>
          ) : (
            <>
              {shown.length === 0 ? (
                <Text c="dimmed" ta="center" py="xl">
                  Tidak ada kelas yang cocok dengan pencarian.
                </Text>
              ) : (
                <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
                  {shown.map((c) => (
                    <ClassCard key={c.id} klass={c} onEdit={() => openModal(c)} />
                  ))}
                </SimpleGrid>
              )}
              <Affix position={{ bottom: isMobile ? 84 : 32, right: 32 }} zIndex={150}>
                <ActionIcon
                  size={56}
                  radius="xl"
                  variant="filled"
                  aria-label="Tambah Kelas"
                  onClick={() => openModal()}
                  style={{ boxShadow: 'var(--mantine-shadow-md)' }}
                >
                  <IconPlus size={28} />
                </ActionIcon>
              </Affix>
            </>
          )
        }
      </QueryState>
      <ClassFormModal opened={modalOpened} klass={editing} onClose={() => setModalOpened(false)} />
    </Stack>
  );
}
