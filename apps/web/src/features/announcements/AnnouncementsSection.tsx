import { useState, type ReactNode } from 'react';
import { ActionIcon, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconEdit, IconSpeakerphone, IconTrash } from '@tabler/icons-react';
import { CLASS_MSG, LIMITS, announcementBody, type Announcement } from '@kelasku/contract';
import { useAnnouncements, useDeleteAnnouncement, useSaveAnnouncement } from '../../api/announcements';
import type { ForumRole } from '../../api/keys';
import { confirmDelete } from '../../components/ConfirmDelete';
import { FormModal } from '../../components/FormModal';
import { MathText } from '../../components/MathText';
import { MathPreview } from '../../components/math/MathPreview';
import { QueryState } from '../../components/QueryState';
import { SendBox } from '../../components/SendBox';
import { UserAvatar } from '../../components/UserAvatar';
import { formatDateTimeWib, truncate } from '../../lib/format';
import { useTeacherClass } from '../../api/online-classes';
import { useStudentClass } from '../../api/student-classes';
import { WhatsAppShareButton } from '../../components/WhatsAppShareButton';
import { announcementShareLink, appLink, studentPaths, type SharedClass } from '../../lib/whatsapp';
import { toastSuccess } from '../../lib/toast';

interface AnnouncementForm extends Record<string, unknown> {
  body: string;
}

const textProps = { autosize: true, minRows: 2, maxRows: 10, maxLength: LIMITS.textMax } as const;

/** The teacher's box above the list: "Kirim" posts to the class; what is typed is kept as a draft. */
function PostForm({ classId }: { classId: number }) {
  const save = useSaveAnnouncement(classId);
  return (
    <SendBox
      schema={announcementBody}
      draftKey="pengumuman"
      label="Tulis pengumuman"
      placeholder="Contoh: Besok praktik di lab, bawa laptop."
      maxLength={LIMITS.textMax}
      mathPreview
      sending={save.isPending}
      send={async (body) => toastSuccess((await save.mutateAsync({ body })).message ?? CLASS_MSG.announcementCreated)}
    />
  );
}

function EditModal({ classId, announcement, onClose }: { classId: number; announcement: Announcement | null; onClose: () => void }) {
  const save = useSaveAnnouncement(classId);
  const initialValues: AnnouncementForm = { body: announcement?.body ?? '' };
  const form = useForm<AnnouncementForm>({ initialValues, validate: schemaResolver(announcementBody, { sync: true }) });
  return (
    <FormModal
      opened={announcement !== null}
      onClose={onClose}
      title="Edit Pengumuman"
      size="lg"
      form={form}
      initialValues={initialValues}
      draft={announcement ? `pengumuman-${announcement.id}` : null}
      savedMessage={CLASS_MSG.announcementUpdated}
      ready={form.values.body.trim() !== ''}
      save={(v) => save.mutateAsync({ id: announcement!.id, body: v.body })}
    >
      <Textarea label="Pengumuman" data-autofocus {...textProps} {...form.getInputProps('body')} />
      <MathPreview text={form.values.body} />
    </FormModal>
  );
}

function Item({
  a,
  share,
  onEdit,
  onDelete,
}: {
  a: Announcement;
  /** Issue 42: the class, for "Bagikan ke WhatsApp" (once it is loaded). */
  share?: { klass: SharedClass; classId: number };
  onEdit?: (a: Announcement) => void;
  onDelete?: (a: Announcement) => void;
}) {
  const edited = a.updated_at !== a.created_at;
  const short = truncate(a.body, 30);
  return (
    <Group component="li" gap="sm" align="flex-start" wrap="nowrap">
      <UserAvatar src={a.author.avatar} name={a.author.name} size="sm" />
      <div style={{ flex: 1, minWidth: 0 }}>
        <Group gap={6}>
          <Text size="sm" fw={600}>
            {a.author.name}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDateTimeWib(a.created_at)}
          </Text>
          {edited && (
            <Text size="xs" c="dimmed" title={`Diedit ${formatDateTimeWib(a.updated_at)}`}>
              (diedit)
            </Text>
          )}
        </Group>
        <MathText size="sm" style={{ overflowWrap: 'anywhere' }}>
          {a.body}
        </MathText>
      </div>
      <Group gap={4} wrap="nowrap">
        {share && (
          <WhatsAppShareButton
            compact
            what={`pengumuman: ${short}`}
            href={announcementShareLink(share.klass, a.body, appLink(studentPaths.klass(share.classId)))}
          />
        )}
        {onEdit && onDelete && (
          <>
            <ActionIcon variant="subtle" aria-label={`Edit pengumuman: ${short}`} onClick={() => onEdit(a)}>
              <IconEdit size={18} />
            </ActionIcon>
            <ActionIcon variant="subtle" color="red" aria-label={`Hapus pengumuman: ${short}`} onClick={() => onDelete(a)}>
              <IconTrash size={18} />
            </ActionIcon>
          </>
        )}
      </Group>
    </Group>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label="Pengumuman">
      <Group gap="xs" mb="sm">
        <IconSpeakerphone size={20} aria-hidden />
        <Title order={3} size="h4">
          Pengumuman
        </Title>
      </Group>
      <Stack gap="md">{children}</Stack>
    </Paper>
  );
}

const List = ({ children }: { children: ReactNode }) => (
  <Stack component="ul" gap="md" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Daftar pengumuman">
    {children}
  </Stack>
);

/**
 * "Pengumuman" of a class above its contents, newest first. The teacher posts, edits and deletes
 * (an archived class only shows them); students only read, and see nothing when there is none.
 */
export function AnnouncementsSection({ classId, role, readOnly = false }: { classId: number; role: ForumRole; readOnly?: boolean }) {
  const list = useAnnouncements(role, classId);
  const del = useDeleteAnnouncement(classId);
  const [editing, setEditing] = useState<Announcement | null>(null);
  // The page has loaded the class already (the same query): its name and rombel for the shared message.
  const teacherClass = useTeacherClass(role === 'teacher' ? classId : 0);
  const studentClass = useStudentClass(role === 'student' ? classId : 0);
  const klass = role === 'teacher' ? teacherClass.data : studentClass.data;
  const share = klass ? { klass, classId } : undefined;

  if (role === 'student') {
    if (list.isPending || (list.isSuccess && list.data.length === 0)) return null;
    return (
      <Frame>
        <QueryState query={list}>
          {(items) => (
            <List>
              {items.map((a) => (
                <Item key={a.id} a={a} share={share} />
              ))}
            </List>
          )}
        </QueryState>
      </Frame>
    );
  }

  const remove = (a: Announcement) =>
    confirmDelete({
      title: 'Hapus Pengumuman',
      message: `Hapus pengumuman "${truncate(a.body, 60)}"?`,
      onConfirm: () => del.mutate(a.id, { onSuccess: (res) => toastSuccess(res.message ?? CLASS_MSG.announcementDeleted) }),
    });
  const writable = !readOnly;
  return (
    <Frame>
      {writable && <PostForm classId={classId} />}
      <QueryState query={list}>
        {(items) =>
          items.length === 0 ? (
            <Text size="sm" c="dimmed">
              Belum ada pengumuman.
            </Text>
          ) : (
            <List>
              {items.map((a) => (
                <Item key={a.id} a={a} share={share} onEdit={writable ? setEditing : undefined} onDelete={writable ? remove : undefined} />
              ))}
            </List>
          )
        }
      </QueryState>
      {writable && <EditModal classId={classId} announcement={editing} onClose={() => setEditing(null)} />}
    </Frame>
  );
}
