import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Anchor, Badge, Box, Button, Card, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconCalendarPlus } from '@tabler/icons-react';
import type { StudentWork } from '@kelasku/contract';
import { isNotFound } from '../../api/client';
import { useTeacherAssignment, type AssignmentRef } from '../../api/assignments';
import { useStudentWork } from '../../api/grading';
import { useClassArchived, useTeacherClass } from '../../api/online-classes';
import { StudentChatButton } from '../../components/WhatsAppShareButton';
import { classLabel } from '../../lib/whatsapp';
import { QueryState } from '../../components/QueryState';
import { UserAvatar } from '../../components/UserAvatar';
import { formatDateTimeWib } from '../../lib/format';
import { NotFoundPage } from '../../components/ErrorPages';
import { ExtensionModal } from './ExtensionModal';
import { FilePreview } from './FilePreview';
import { GradeForm } from './GradeForm';
import { PrivateComments } from './PrivateComments';
import { StudentNav } from './StudentNav';
import { SubmissionHistory } from './SubmissionHistory';
import { SubmissionGradeHistory } from '../audit-log/GradeHistory';
import { useLiveTopic } from '../../live/useLiveTopic';
import { lessonItemRef, positiveId } from '../../lib/route-params';
import { assignmentPath } from './paths';
import { RubricView } from '../rubrics/RubricView';

/** /online-class/:classId/contents/:lessonId/assignment/:assignmentId/students/:studentId — one student's work, by id (a link or reload works). */
export default function StudentGradingPage() {
  const params = useParams();
  const r = lessonItemRef(params, 'assignmentId');
  const studentId = positiveId(params.studentId);
  if (r === null || studentId === null) return <NotFoundPage />;
  return <GradingView r={r} studentId={studentId} />;
}

function GradingView({ r, studentId }: { r: AssignmentRef; studentId: number }) {
  useLiveTopic({ assignment: r });
  const assignment = useTeacherAssignment(r);
  const work = useStudentWork(r, studentId);
  const back = `${assignmentPath(r)}?tab=penilaian`;

  if (isNotFound(work.error)) return <NotFoundPage />;
  return (
    <Stack>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Button component={Link} to={back} variant="subtle" leftSection={<IconArrowLeft size={18} />}>
          Kembali ke penilaian
        </Button>
        {work.data && (
          <StudentNav
            base={`${assignmentPath(r)}/students`}
            previousId={work.data.previous_student_id}
            nextId={work.data.next_student_id}
          />
        )}
      </Group>
      {assignment.data && (
        <Text size="sm" c="dimmed">
          Penilaian: {assignment.data.title}
        </Text>
      )}
      <QueryState query={work}>{(w) => <WorkView key={studentId} r={r} work={w} />}</QueryState>
    </Stack>
  );
}

/** Preview first (on a phone too), then the score, the thread and the extension. */
function WorkView({ r, work }: { r: AssignmentRef; work: StudentWork }) {
  const { student, submission: sub } = work;
  const archived = useClassArchived(r.classId);
  const [extending, setExtending] = useState(false);
  const handedIn = sub.submitted_at !== null;

  return (
    <>
      <StudentHeader work={work} classId={r.classId} />
      {handedIn && (
        <Anchor href="#penilaian" hiddenFrom="lg" size="sm">
          Langsung ke nilai dan masukan
        </Anchor>
      )}
      <Grid>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack component="section" aria-label="Kiriman siswa">
            {!handedIn && (
              <Card withBorder>
                <Text c="dimmed" size="sm">
                  Siswa ini belum mengumpulkan tugas.
                </Text>
              </Card>
            )}
            {sub.text_answer && (
              <Card withBorder component="section" aria-label="Jawaban teks">
                <Text size="sm" fw={500} mb={4}>
                  Jawaban teks
                </Text>
                <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{sub.text_answer}</Text>
              </Card>
            )}
            {sub.files.map((f) => (
              <FilePreview key={f.file_id} file={f} />
            ))}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack>
            <Card withBorder component="section" aria-label="Penilaian" id="penilaian">
              <Title order={3} size="h5" mb="xs">
                Nilai
              </Title>
              <Text size="lg" fw={700} data-testid="score" mb="sm">
                {sub.score ?? 'Belum dinilai'}
              </Text>
              {handedIn && !archived ? (
                <GradeForm key={student.id} r={r} studentId={student.id} sub={sub} rubric={work.rubric} />
              ) : (
                <>
                  {work.rubric && <RubricView rubric={work.rubric} marks={sub.rubric_marks} />}
                  {sub.feedback && <Text style={{ whiteSpace: 'pre-wrap' }}>Masukan: {sub.feedback}</Text>}
                </>
              )}
              {handedIn && (
                <Box mt="sm">
                  <SubmissionGradeHistory r={r} studentId={student.id} />
                </Box>
              )}
            </Card>
            {!archived && (
              <Button variant="light" leftSection={<IconCalendarPlus size={16} aria-hidden />} onClick={() => setExtending(true)}>
                Perpanjang untuk siswa ini
              </Button>
            )}
            <Card withBorder component="section" aria-label="Komentar pribadi">
              <Title order={3} size="h5" mb="xs">
                Komentar pribadi
              </Title>
              <PrivateComments r={r} studentId={student.id} comments={work.comments} readOnly={archived} />
            </Card>
            <Card withBorder component="section" aria-label="Riwayat versi">
              <Title order={3} size="h5" mb="xs">
                Riwayat versi
              </Title>
              <SubmissionHistory versions={sub.history} />
            </Card>
          </Stack>
        </Grid.Col>
      </Grid>
      <ExtensionModal
        r={r}
        studentId={student.id}
        studentName={student.name}
        sub={sub}
        opened={extending}
        onClose={() => setExtending(false)}
      />
    </>
  );
}

function StudentHeader({ work, classId }: { work: StudentWork; classId: number }) {
  const { student, submission: sub } = work;
  const klass = useTeacherClass(classId).data;
  return (
    <Card withBorder>
      <Group wrap="nowrap" align="flex-start">
        <UserAvatar src={student.avatar} name={student.name} />
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
            {student.name}
          </Title>
          {student.nis && (
            <Text size="sm" c="dimmed">
              NIS {student.nis}
            </Text>
          )}
          {klass && !klass.archived_at && (
            <Group>
              <StudentChatButton scope={{ classId }} studentId={student.id} role={`guru ${classLabel(klass)}`} />
            </Group>
          )}
          <Group gap="xs">
            <Badge variant="light" color={sub.status_id === 3 ? 'red' : sub.status_id === 2 ? 'teal' : 'gray'}>
              {sub.status}
            </Badge>
            <Badge variant="outline">{sub.grading_status}</Badge>
            {sub.extended && <Badge color="grape">Diperpanjang</Badge>}
          </Group>
          {sub.submitted_at && <Text size="sm">Dikumpulkan {formatDateTimeWib(sub.submitted_at)}</Text>}
          <Text size="sm">
            Tenggat: {formatDateTimeWib(sub.deadline)}
            {sub.closes_at && ` · Ditutup: ${formatDateTimeWib(sub.closes_at)}`}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}
