import type { ReactNode } from 'react';
import { Accordion, ActionIcon, Anchor, Badge, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconClipboardText, IconListCheck, IconMessages } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import type { ClassLessonDetail, ClassDetail, ClassMaterial } from '@kelasku/contract';
import { isNotFound } from '../../api/client';
import { useStudentClass, useStudentLessons } from '../../api/student-classes';
import { QueryState } from '../../components/QueryState';
import { MathText } from '../../components/MathText';
import { UserAvatar } from '../../components/UserAvatar';
import { NotFoundPage } from '../../components/ErrorPages';
import { formatDate } from '../../lib/format';
import { newestLessonId, shownDescription } from '../../lib/lessons';
import { ClassTabs } from '../../components/ClassTabs';
import { MaterialView } from '../../components/MaterialView';
import { SaveLessonOffline } from '../../offline/SaveLessonOffline';
import { WorkBadge } from '../../components/WorkBadge';
import { AnnouncementsSection } from '../announcements/AnnouncementsSection';
import { QuizBadge } from '../quizzes/student/QuizBadge';

function ClassHeader({ klass }: { klass: ClassDetail }) {
  const navigate = useNavigate();
  return (
    <Card withBorder padding="lg">
      <Group align="flex-start" wrap="nowrap">
        <ActionIcon variant="subtle" size="lg" aria-label="Kembali ke beranda" onClick={() => navigate('/')}>
          <IconArrowLeft size={20} />
        </ActionIcon>
        <Stack gap={6}>
          <Badge variant="light" color="teal">
            {klass.rombel.name}
          </Badge>
          <Title order={2}>{klass.name}</Title>
          <Group gap="xs">
            <UserAvatar src={klass.teacher.avatar} name={klass.teacher.name} size="sm" />
            <Text size="sm">{klass.teacher.name}</Text>
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}

interface SectionLink {
  id: number;
  label: string;
  /** An app route. */
  to: string;
  /** Shown beside the link (the student's state of an assignment). */
  badge?: ReactNode;
}

function Section({ title, icon, empty, links }: { title: string; icon: ReactNode; empty: string; links: SectionLink[] }) {
  return (
    <Stack gap={4}>
      <Title order={4} size="h5">
        {title}
      </Title>
      {links.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <List spacing={4} icon={icon} center>
          {links.map((l) => (
            <List.Item key={l.id}>
              <Group gap="xs" wrap="wrap">
                <Anchor component={Link} to={l.to}>
                  {l.label}
                </Anchor>
                {l.badge}
              </Group>
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

/** Materials: files and links open in a new tab, YouTube videos play in the page; the files may be saved for offline. */
function MaterialSection({ materials, lessonLabel }: { materials: ClassMaterial[]; lessonLabel: string }) {
  return (
    <Stack gap={4}>
      <Title order={4} size="h5">
        Material
      </Title>
      <SaveLessonOffline materials={materials} lessonLabel={lessonLabel} />
      {materials.length === 0 ? (
        <Text size="sm" c="dimmed">
          Belum ada materi.
        </Text>
      ) : (
        <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }}>
          {materials.map((m) => (
            <li key={m.id}>
              <MaterialView material={m} />
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function LessonItem({ classId, content }: { classId: number; content: ClassLessonDetail }) {
  const description = shownDescription(content);
  const base = `/my-classes/${classId}`;
  return (
    <Accordion.Item value={String(content.id)}>
      <Accordion.Control>
        <Text fw={600}>Pembelajaran {content.number}</Text>
        <Text size="sm">{content.title}</Text>
        <Text size="xs" c="dimmed">
          Dibuat {formatDate(content.created_at)}
        </Text>
      </Accordion.Control>
      <Accordion.Panel>
        <Stack gap="md">
          {description && <MathText>{description}</MathText>}
          <MaterialSection materials={content.materials} lessonLabel={content.title} />
          <Section
            title="Forum Diskusi"
            icon={<IconMessages size={16} />}
            empty="Belum ada forum diskusi."
            links={content.forums.map((f) => ({ id: f.id, label: f.topic, to: `${base}/contents/${content.id}/forums/${f.id}` }))}
          />
          <Section
            title="Tugas"
            icon={<IconClipboardText size={16} />}
            empty="Belum ada tugas."
            links={content.assignment.map((a) => ({
              id: a.id,
              label: a.title,
              to: `${base}/submissions/${a.id}`,
              badge: a.state ? <WorkBadge work={{ state: a.state, score: a.score }} size="sm" /> : undefined,
            }))}
          />
          {(content.quizzes ?? []).length > 0 && (
            <Section
              title="Kuis"
              icon={<IconListCheck size={16} />}
              empty="Belum ada kuis."
              links={content.quizzes.map((q) => ({
                id: q.id,
                label: q.title,
                to: `${base}/contents/${content.id}/quizzes/${q.id}`,
                badge: <QuizBadge quiz={q} />,
              }))}
            />
          )}
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}

function LessonsTab({ classId }: { classId: number }) {
  const lessons = useStudentLessons(classId);
  return (
    <Stack>
      <AnnouncementsSection classId={classId} role="student" />
      <div>
        <Title order={3}>Materi Pembelajaran</Title>
        <Text c="dimmed">Unduh materi, kerjakan tugas, dan ikuti forum diskusi</Text>
      </div>
      <QueryState query={lessons}>
        {(list) =>
          list.length === 0 ? (
            <Text c="dimmed">Belum ada konten pembelajaran di kelas ini.</Text>
          ) : (
            <Accordion variant="separated" multiple defaultValue={[String(newestLessonId(list))]}>
              {list.map((c) => (
                <LessonItem key={c.id} classId={classId} content={c} />
              ))}
            </Accordion>
          )
        }
      </QueryState>
    </Stack>
  );
}

function AboutTab({ klass }: { klass: ClassDetail }) {
  return (
    <Stack>
      <Title order={3}>Tentang Kelas Online</Title>
      <MathText c={klass.description ? undefined : 'dimmed'}>{klass.description || 'No Description'}</MathText>
      <Title order={3}>Siswa</Title>
      <Text fw={500}>Total siswa: {klass.students.total}</Text>
      <List type="ordered" spacing="xs" aria-label="Daftar siswa">
        {klass.students.data.map((s) => (
          <List.Item key={s.id}>
            <Group gap="xs" wrap="nowrap">
              <UserAvatar src={s.avatar} name={s.name} size="sm" />
              <Text size="sm">{s.name}</Text>
              <Text size="sm" c="dimmed">
                {s.nis ?? '-'}
              </Text>
            </Group>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

/** /my-classes/:classId — a class of the student's rombel (another rombel's class is a 404 from the server). */
export default function StudentClassPage() {
  const classId = Number(useParams().classId);
  const klass = useStudentClass(classId);
  if (!Number.isInteger(classId) || classId <= 0) return <NotFoundPage />;
  if (isNotFound(klass.error)) return <NotFoundPage />;
  return (
    <QueryState query={klass}>
      {(k) => (
        <Stack>
          <ClassHeader klass={k} />
          <ClassTabs konten={<LessonsTab classId={k.id} />} tentang={<AboutTab klass={k} />} />
        </Stack>
      )}
    </QueryState>
  );
}
