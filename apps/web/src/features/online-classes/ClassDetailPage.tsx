import { useState } from 'react';
import { ActionIcon, Alert, Badge, Box, Button, Group, List, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArchive, IconArrowLeft, IconCopy, IconPlus } from '@tabler/icons-react';
import { formatDate } from '../../lib/format';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { ClassLessonDetail, ClassDetail as ClassWithStudents, ClassSummary } from '@kelasku/contract';
import { isNotFound } from '../../api/client';
import { useLessons, useReorderLessons } from '../../api/lessons';
import { useTeacherClass } from '../../api/online-classes';
import { SortableList } from '../../components/SortableList';
import { LoadingDots } from '../../components/LoadingDots';
import { QueryState } from '../../components/QueryState';
import { MathText } from '../../components/MathText';
import { UserAvatar } from '../../components/UserAvatar';
import { NotFoundPage } from '../../components/ErrorPages';
import { ClassFormModal } from './ClassFormModal';
import { LessonCard } from './LessonCard';
import { LessonFormModal } from './LessonFormModal';
import { ClassTabs } from '../../components/ClassTabs';
import { MeetingsTab } from '../attendance/MeetingsTab';
import { GradebookTab } from '../gradebook/GradebookTab';
import { ReportGradesTab } from '../report-grades/ReportGradesTab';
import { AnnouncementsSection } from '../announcements/AnnouncementsSection';
import { CopyClassModal } from './CopyClassModal';
import { StudentChatButton } from '../../components/WhatsAppShareButton';
import { classLabel } from '../../lib/whatsapp';

function LessonsTab({ classId, readOnly }: { classId: number; readOnly: boolean }) {
  const lessons = useLessons(classId);
  const reorder = useReorderLessons(classId);
  const [modalOpened, setModalOpened] = useState(false);
  const [editing, setEditing] = useState<ClassLessonDetail | undefined>();
  const openModal = (content?: ClassLessonDetail) => {
    setEditing(content);
    setModalOpened(true);
  };
  return (
    <Stack>
      <AnnouncementsSection classId={classId} role="teacher" readOnly={readOnly} />
      {!readOnly && (
        <Group justify="flex-end">
          <Button leftSection={<IconPlus size={16} />} onClick={() => openModal()}>
            Tambah konten
          </Button>
        </Group>
      )}
      <QueryState query={lessons}>
        {(list) =>
          list.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl">
              Belum ada konten pembelajaran.
            </Text>
          ) : (
            <SortableList
              items={list}
              component="div"
              gap="var(--mantine-spacing-md)"
              labelOf={(c) => `Pembelajaran ${c.number}`}
              onReorder={(ids) => reorder.mutate(ids)}
              disabled={readOnly}
            >
              {(c, controls) => <LessonCard classId={classId} seed={c} controls={controls} onEdit={openModal} readOnly={readOnly} />}
            </SortableList>
          )
        }
      </QueryState>
      <LessonFormModal classId={classId} opened={modalOpened} content={editing} onClose={() => setModalOpened(false)} />
    </Stack>
  );
}

/** `students` is missing while the page shows the card the teacher clicked (a summary) and the detail is on its way. */
function AboutTab({
  klass,
  students,
  onEditDescription,
}: {
  klass: ClassSummary;
  students?: ClassWithStudents['students'];
  /** Null for an archived class: the description is not editable. */
  onEditDescription: (() => void) | null;
}) {
  const description = <MathText c={klass.description ? undefined : 'dimmed'}>{klass.description ?? 'No Description'}</MathText>;
  return (
    <Stack>
      <Paper withBorder p="md">
        <Title order={3} size="h4" mb="xs">
          Tentang Kelas Online
        </Title>
        {onEditDescription ? (
          <UnstyledButton
            onClick={onEditDescription}
            aria-label={`Edit deskripsi: ${klass.description ?? 'No Description'}`}
            title="Edit Kelas"
            w="100%"
          >
            {description}
          </UnstyledButton>
        ) : (
          description
        )}
      </Paper>
      <Paper withBorder p="md">
        <Group justify="space-between" mb="xs">
          <Title order={3} size="h4">
            Siswa
          </Title>
          {students && (
            <Text size="sm" c="dimmed">
              Total: {students.total} siswa
            </Text>
          )}
        </Group>
        {!students ? (
          <LoadingDots />
        ) : students.total === 0 ? (
          <Text size="sm" c="dimmed">
            {klass.archived_at
              ? 'Kelas arsip tidak menampilkan siswa: rombelnya sudah diisi siswa tahun ajaran baru.'
              : 'Belum ada siswa di rombel ini.'}
          </Text>
        ) : (
          <List type="ordered" spacing="xs" aria-label="Daftar siswa">
            {students.data.map((s) => (
              <List.Item key={s.id}>
                <Group gap="sm" wrap="nowrap">
                  <UserAvatar src={s.avatar} name={s.name} size="sm" />
                  <div style={{ flex: 1, minWidth: 0 }}>
                    <Text size="sm" fw={500}>
                      {s.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {s.nis ?? '-'}
                    </Text>
                  </div>
                  <StudentChatButton compact scope={{ classId: klass.id }} studentId={s.id} role={`guru ${classLabel(klass)}`} />
                </Group>
              </List.Item>
            ))}
          </List>
        )}
      </Paper>
    </Stack>
  );
}

function ClassDetail({ klass }: { klass: ClassSummary | ClassWithStudents }) {
  const navigate = useNavigate();
  const [edit, setEdit] = useState<{ opened: boolean; focus: 'name' | 'description' }>({ opened: false, focus: 'name' });
  const [copying, setCopying] = useState(false);
  useDocumentTitle(`Teacher | ${klass.name}`);
  const archived = klass.archived_at !== null;
  return (
    <Stack>
      {archived && (
        <Alert color="yellow" icon={<IconArchive size={18} />} title="Kelas arsip">
          Kelas ini sudah diarsipkan pada {formatDate(klass.archived_at)} dan hanya dapat dibaca. Konten, tugas dan nilainya tetap
          tersimpan.
        </Alert>
      )}
      <Paper withBorder p="md">
        <Group wrap="nowrap" align="flex-start">
          <ActionIcon variant="subtle" size="lg" aria-label="Kembali" onClick={() => navigate(archived ? '/online-class/arsip' : '/')}>
            <IconArrowLeft size={20} />
          </ActionIcon>
          <Box style={{ flex: 1, minWidth: 0 }}>
            <Title order={2} style={{ overflowWrap: 'anywhere' }}>
              {archived ? (
                klass.name
              ) : (
                <UnstyledButton
                  onClick={() => setEdit({ opened: true, focus: 'name' })}
                  title="Edit Kelas"
                  fz="inherit"
                  fw="inherit"
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {klass.name}
                </UnstyledButton>
              )}
            </Title>
            <Group gap="sm" mt={6}>
              <Badge variant="light">{klass.rombel.name}</Badge>
              <Group gap={6} wrap="nowrap">
                <UserAvatar src={klass.teacher.avatar} name={klass.teacher.name} size="sm" />
                <Text size="sm">{klass.teacher.name}</Text>
              </Group>
              <Button variant="light" size="xs" leftSection={<IconCopy size={14} />} onClick={() => setCopying(true)}>
                Salin kelas
              </Button>
            </Group>
          </Box>
        </Group>
      </Paper>
      <ClassTabs
        konten={<LessonsTab classId={klass.id} readOnly={archived} />}
        presensi={<MeetingsTab classId={klass.id} />}
        nilai={<GradebookTab classId={klass.id} />}
        rapor={<ReportGradesTab classId={klass.id} />}
        tentang={
          <AboutTab
            klass={klass}
            students={'students' in klass ? klass.students : undefined}
            onEditDescription={archived ? null : () => setEdit({ opened: true, focus: 'description' })}
          />
        }
      />
      <CopyClassModal klass={klass} opened={copying} onClose={() => setCopying(false)} />
      {!archived && (
        <ClassFormModal opened={edit.opened} klass={klass} focus={edit.focus} onClose={() => setEdit((e) => ({ ...e, opened: false }))} />
      )}
    </Stack>
  );
}

/** online-class/{classId}: the teacher's class page (SPEC §2), loaded from the API by id. */
export default function ClassDetailPage() {
  const classId = Number(useParams().classId);
  const valid = Number.isInteger(classId) && classId > 0;
  const state = useLocation().state as { klass?: ClassSummary } | null;
  const klass = useTeacherClass(valid ? classId : 0, state?.klass);
  if (!valid || isNotFound(klass.error)) return <NotFoundPage />;
  return <QueryState query={klass}>{(data) => <ClassDetail key={data.id} klass={data} />}</QueryState>;
}
