import { useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ActionIcon, Badge, Box, Button, Card, Group, Paper, Stack, Text, Title, Tooltip, UnstyledButton } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { IconArrowLeft, IconClockPause, IconMessageCircle, IconPencil, IconTrash } from '@tabler/icons-react';
import { FORUM_MSG, ROLE_IDS, ROLE_LABELS, type ForumComment, type ForumReply, type ForumThread } from '@kelasku/contract';
import { ApiError, NETWORK_MESSAGE } from '../../api/client';
import {
  commentRequest,
  useDeleteComment,
  useDeleteForum,
  useEditComment,
  useForumThread,
  usePostComment,
  type ForumPath,
  type ForumRole,
} from '../../api/forums';
import { useMe } from '../../api/profile';
import { getSessionUser } from '../../api/session';
import { confirmDelete } from '../../components/ConfirmDelete';
import { QueryState } from '../../components/QueryState';
import { MathText } from '../../components/MathText';
import { UserAvatar } from '../../components/UserAvatar';
import { draftKey, formKey, useStoredDraft } from '../../lib/drafts';
import { formatDateTime } from '../../lib/format';
import { toastSuccess } from '../../lib/toast';
import { CommentModal, type CommentTarget } from './CommentModal';
import { ForumFormModal } from './ForumFormModal';
import { useClassArchived } from '../../api/online-classes';
import {
  COMMENT_QUEUED,
  COMMENT_UNSENT,
  markQueued,
  queueComment,
  removeQueued,
  useQueuedComments,
  type QueuedComment,
} from '../../offline/comment-queue';

/** The server sends the role's label ("Guru", "Siswa", "Admin"); a teacher's badge is teal. */
const TEACHER_LABEL = ROLE_LABELS[ROLE_IDS.teacher];

/** User text kept as typed: line breaks shown, long words wrapped, never read as HTML. */
const PLAIN_TEXT = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

function useForumPath(): ForumPath {
  const params = useParams();
  return { classId: Number(params.classId), lessonId: Number(params.lessonId), forumId: Number(params.forumId) };
}

/** Avatar, author, role label and a date line: the head of the post, a comment or a reply. */
function Byline({
  author: name,
  avatar,
  role: label,
  date,
  edited = false,
  size = 'md',
}: {
  author: string | null;
  avatar: string | null;
  role: string | null;
  date: string;
  /** Changed by its author after posting: "(diedit)" after the date. */
  edited?: boolean;
  size?: 'sm' | 'md';
}) {
  // A deleted comment kept for its replies has no author (its text says it was deleted).
  const author = name ?? '';
  const role = label ?? '';
  return (
    <Group gap="sm" wrap="nowrap" align="center">
      <UserAvatar src={avatar} name={author} size={size} />
      <Box>
        <Group gap={6} wrap="wrap">
          <Text fw={600} size="sm">
            {author}
          </Text>
          <Badge size="xs" variant="light" tt="none" color={role === TEACHER_LABEL ? 'teal' : 'blue'}>
            {role}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {date}
          {edited && (
            <Text span inherit fs="italic" data-testid="comment-edited">
              {' '}
              (diedit)
            </Text>
          )}
        </Text>
      </Box>
    </Group>
  );
}

interface CommentActions {
  /** Answers `c`, a comment or one of the replies under the top-level comment `topId`. */
  onReply: (c: ForumReply, topId: number) => void;
  onEdit: (c: ForumReply) => void;
  onDelete: (c: ForumReply) => void;
}

/** The Reply button, and the edit and delete buttons where the server allows them. */
function CommentButtons({ c, topId, actions }: { c: ForumReply; topId: number; actions: CommentActions }) {
  return (
    <Group gap="xs">
      <Button size="compact-xs" variant="subtle" onClick={() => actions.onReply(c, topId)}>
        Reply
      </Button>
      {c.can_edit && (
        <Tooltip label="Ubah komentar">
          <ActionIcon size="sm" variant="subtle" aria-label="Ubah komentar" onClick={() => actions.onEdit(c)}>
            <IconPencil size={14} />
          </ActionIcon>
        </Tooltip>
      )}
      {c.can_delete && (
        <Tooltip label="Hapus komentar">
          <ActionIcon size="sm" variant="subtle" color="red" aria-label="Hapus komentar" onClick={() => actions.onDelete(c)}>
            <IconTrash size={14} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}

/** The delete question: a top-level comment with replies stays for them (DECISIONS). */
function deleteQuestion(c: ForumReply | ForumComment): string {
  if (!('sub_comments' in c)) return 'Hapus balasan ini?';
  return c.sub_comments.length > 0 ? 'Hapus komentar ini? Balasan di bawahnya tetap ada.' : 'Hapus komentar ini?';
}

/** The element id of a comment or reply on the page (to scroll to one just posted). */
const commentAnchor = (id: number) => `komentar-${id}`;

/** A comment with its replies indented below, each reply as "@answered text" (the person it answers). */
function CommentItem({ c, actions }: { c: ForumComment; actions: CommentActions | null }) {
  return (
    <Paper component="article" withBorder p="md" radius="md" data-testid="forum-comment" id={commentAnchor(c.id)}>
      {c.deleted ? (
        // DECISIONS: a deleted comment stays for its replies, without its author or text.
        <Text c="gray.7" fs="italic" data-testid="forum-comment-removed">
          {c.comment}
        </Text>
      ) : (
        <>
          <Byline author={c.author} avatar={c.avatar} role={c.author_role} date={formatDateTime(c.created_at)} edited={c.edited} />
          <MathText mt="sm" style={PLAIN_TEXT}>
            {c.comment}
          </MathText>
          {actions && (
            <Box mt="xs">
              <CommentButtons c={c} topId={c.id} actions={actions} />
            </Box>
          )}
        </>
      )}
      {c.sub_comments.length > 0 && (
        <Stack gap="sm" mt="sm" ml={{ base: 'md', sm: 'xl' }} pl="md" style={{ borderLeft: '2px solid var(--mantine-color-gray-3)' }}>
          {c.sub_comments.map((r) => (
            <Box component="article" key={r.id} data-testid="forum-reply" id={commentAnchor(r.id)}>
              <Byline
                author={r.author}
                avatar={r.avatar}
                role={r.author_role}
                date={formatDateTime(r.created_at)}
                edited={r.edited}
                size="sm"
              />
              <Text mt={6} size="sm" style={PLAIN_TEXT} c={r.deleted ? 'gray.7' : undefined} fs={r.deleted ? 'italic' : undefined}>
                {r.reply_to && (
                  <>
                    <Text span fw={600} c="teal.9" inherit data-testid="reply-to">
                      @{r.reply_to.name}
                    </Text>{' '}
                  </>
                )}
                {r.deleted ? (
                  r.comment
                ) : (
                  <MathText span inherit>
                    {r.comment}
                  </MathText>
                )}
              </Text>
              {actions && !r.deleted && (
                <Box mt={4}>
                  <CommentButtons c={r} topId={c.id} actions={actions} />
                </Box>
              )}
            </Box>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

/** The original post: author, role, date, topic, description, the real comment count, and the teacher's edit/delete. */
function ForumPost({ forum, tools }: { forum: ForumThread; tools?: ReactNode }) {
  return (
    <Card component="article" withBorder radius="md" padding="lg" data-testid="forum-post">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Byline
          author={forum.author}
          avatar={forum.avatar}
          role={forum.author_role}
          date={`Diposting ${formatDateTime(forum.created_at)}`}
        />
        {tools}
      </Group>
      <Title order={3} mt="md" style={{ overflowWrap: 'anywhere' }}>
        {forum.topic}
      </Title>
      {forum.description && (
        <MathText mt="xs" style={PLAIN_TEXT}>
          {forum.description}
        </MathText>
      )}
      <Group gap={6} mt="md" c="dimmed" aria-label={`${forum.total_comment} komentar`} role="group">
        <IconMessageCircle size={18} aria-hidden />
        <Text size="sm" data-testid="forum-comment-count">
          {forum.total_comment}
        </Text>
      </Group>
    </Card>
  );
}

/** The draft name of the comment box (a reply's is "balasan-{id}"). */
const COMMENT_DRAFT = 'komentar';

/** The "Write your reply." box with the user's avatar; opens the Comment dialog. A comment not sent yet shows in it. */
function WriteBox({ onOpen }: { onOpen: () => void }) {
  const me = useMe();
  const session = getSessionUser();
  const name = me.data?.name ?? session?.name ?? '';
  const { pathname } = useLocation();
  const draft = useStoredDraft(session ? draftKey(session.id, formKey(pathname, COMMENT_DRAFT)) : null);
  const text = typeof draft?.comment === 'string' ? draft.comment : '';
  return (
    <UnstyledButton onClick={onOpen} aria-label="Write your reply." w="100%">
      <Paper withBorder p="sm" radius="md">
        <Group gap="sm" wrap="nowrap">
          <UserAvatar src={me.data?.avatar ?? session?.avatar} name={name} size="md" />
          {text ? (
            <Box miw={0}>
              <Badge size="xs" variant="light" color="yellow" tt="none">
                Draf
              </Badge>
              <Text lineClamp={2} style={PLAIN_TEXT} data-testid="comment-draft">
                {text}
              </Text>
            </Box>
          ) : (
            <Text c="dimmed">Write your reply.</Text>
          )}
        </Group>
      </Paper>
    </UnstyledButton>
  );
}

/**
 * Comments written without a connection, under the thread until they are sent (by themselves when
 * the connection returns): "Kirim ulang" sends one now, "Hapus" gives it up.
 */
function UnsentComments({ items, userId }: { items: QueuedComment[]; userId: number }) {
  const { online } = useNetwork();
  if (items.length === 0) return null;
  return (
    <Stack gap="sm">
      {items.map((c) => (
        <Paper
          key={c.id}
          component="article"
          withBorder
          p="md"
          radius="md"
          data-testid="forum-comment-unsent"
          style={{ borderStyle: 'dashed', borderColor: 'var(--mantine-color-yellow-7)' }}
        >
          {c.parentId !== undefined && (
            <Text size="xs" c="dimmed">
              Balasan
            </Text>
          )}
          <Text style={PLAIN_TEXT}>{c.body.comment}</Text>
          <Group gap={6} mt="xs" wrap="nowrap" c={c.error ? 'red.9' : 'var(--mantine-color-yellow-light-color)'}>
            <IconClockPause size={16} aria-hidden style={{ flexShrink: 0 }} />
            <Text size="sm" inherit>
              {c.error ? `Tidak terkirim: ${c.error}` : COMMENT_UNSENT}
            </Text>
          </Group>
          <Group gap="xs" mt="xs">
            <Button size="compact-sm" variant="light" disabled={!online} onClick={() => markQueued(userId, c.id, undefined)}>
              Kirim ulang
            </Button>
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              onClick={() =>
                confirmDelete({
                  title: 'Hapus komentar',
                  message: 'Hapus komentar yang belum terkirim ini?',
                  onConfirm: () => removeQueued(userId, c.id),
                })
              }
            >
              Hapus
            </Button>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

/** What the comment dialog is for: a new comment, a reply (under `parentId`, answering `replyTo`), or a change (`editId`). */
type Target = CommentTarget & { parentId?: number; replyTo?: number; editId?: number };

/** The thread's authors by name: their "@Name" typed by hand counts as a mention, and a change keeps the mentions it had. */
function knownPeople(forum: ForumThread | undefined): { id: number; name: string }[] {
  if (!forum) return [];
  const byId = new Map<number, string>([[forum.author_id, forum.author]]);
  for (const c of forum.comments) {
    for (const x of [c, ...c.sub_comments]) if (x.author_id !== null && x.author) byId.set(x.author_id, x.author);
  }
  return [...byId].map(([id, name]) => ({ id, name }));
}

/**
 * The forum thread, the same for the teacher (with edit, delete and moderation) and the student.
 * Loaded by the ids in the path, 20 top-level comments at a time ('Tampilkan komentar lainnya'
 * loads more), refreshed every few seconds while open.
 */
export function ForumThreadView({ role }: { role: ForumRole }) {
  const path = useForumPath();
  const navigate = useNavigate();
  const back = role === 'teacher' ? `/online-class/${path.classId}` : `/my-classes/${path.classId}`;
  const thread = useForumThread(role, path);
  const post = usePostComment(role, path);
  const edit = useEditComment(role, path);
  const delComment = useDeleteComment(role, path);
  const delForum = useDeleteForum(path);
  const [target, setTarget] = useState<Target | null>(null);
  const [editing, setEditing] = useState(false);
  // The teacher's thread of an archived class is read-only (students no longer reach it).
  const archived = useClassArchived(role === 'teacher' ? path.classId : 0);
  const userId = getSessionUser()?.id;
  const unsent = useQueuedComments(userId, { role, ...path });

  const actions: CommentActions = {
    // A reply goes under the top-level comment and names the one answered (a reply of a reply answers that reply).
    onReply: (c, topId) =>
      setTarget({
        title: `Reply ${c.author}`,
        label: 'Balasan',
        draft: `balasan-${c.id}`,
        parentId: topId,
        replyTo: c.id === topId ? undefined : c.id,
      }),
    onEdit: (c) =>
      setTarget({
        title: 'Ubah komentar',
        label: 'Komentar',
        draft: null,
        initial: c.comment,
        submitLabel: 'Simpan',
        savedMessage: FORUM_MSG.commentUpdated,
        editId: c.id,
      }),
    onDelete: (c) =>
      confirmDelete({
        title: 'Hapus komentar',
        message: deleteQuestion(c),
        onConfirm: () => delComment.mutate(c.id, { onSuccess: (res) => toastSuccess(res.message ?? 'Komentar berhasil dihapus') }),
      }),
  };
  const send = async (comment: string, mentions: number[]) => {
    if (target?.editId !== undefined) return edit.mutateAsync({ commentId: target.editId, comment, mentions });
    const draft = { parentId: target?.parentId, replyTo: target?.replyTo, comment, mentions };
    // No connection: the comment is kept on the phone and sent when the connection returns.
    const keep = () => {
      if (userId === undefined) throw new ApiError(0, NETWORK_MESSAGE);
      queueComment(userId, { forum: { role, ...path }, parentId: draft.parentId, ...commentRequest(role, path, draft) });
      return { message: COMMENT_QUEUED };
    };
    if (!navigator.onLine) return keep();
    let res;
    try {
      res = await post.mutateAsync(draft);
    } catch (err) {
      if (err instanceof ApiError && err.status === 0) return keep();
      throw err;
    }
    // The thread has loaded through the page that holds it; bring it into view.
    requestAnimationFrame(() => document.getElementById(commentAnchor(res.data.id))?.scrollIntoView({ block: 'nearest' }));
    return res;
  };
  const removeForum = (forum: ForumThread) =>
    confirmDelete({
      title: 'Hapus forum',
      message: `Hapus forum "${forum.topic}" beserta semua komentarnya?`,
      onConfirm: () =>
        delForum.mutate(undefined, {
          onSuccess: (res) => {
            toastSuccess(res.message ?? 'Forum berhasil dihapus');
            navigate(back);
          },
        }),
    });

  return (
    <Stack maw={860} gap="lg">
      <Group gap="sm" wrap="nowrap" align="center">
        <ActionIcon variant="subtle" size="lg" aria-label="Kembali ke kelas" onClick={() => navigate(back)}>
          <IconArrowLeft size={20} />
        </ActionIcon>
        <Title order={2} style={{ overflowWrap: 'anywhere' }}>
          {thread.data ? `Forum Diskusi ${thread.data.content_of}` : 'Forum Diskusi'}
        </Title>
      </Group>
      <QueryState query={thread}>
        {(forum) => (
          <>
            <ForumPost
              forum={forum}
              tools={
                role === 'teacher' &&
                !archived && (
                  <Group gap={4} wrap="nowrap">
                    <Tooltip label="Edit forum">
                      <ActionIcon variant="subtle" aria-label="Edit forum" onClick={() => setEditing(true)}>
                        <IconPencil size={18} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label="Hapus forum">
                      <ActionIcon variant="subtle" color="red" aria-label="Hapus forum" onClick={() => removeForum(forum)}>
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                )
              }
            />
            <Stack gap="sm">
              {forum.comments.map((c) => (
                <CommentItem key={c.id} c={c} actions={archived ? null : actions} />
              ))}
            </Stack>
            {thread.hasNextPage && (
              <Button
                variant="light"
                onClick={() => void thread.fetchNextPage()}
                loading={thread.isFetchingNextPage}
                style={{ alignSelf: 'center' }}
              >
                Tampilkan komentar lainnya
              </Button>
            )}
            {userId !== undefined && <UnsentComments items={unsent} userId={userId} />}
            {!archived && <WriteBox onOpen={() => setTarget({ title: 'Comment', label: 'Komentar', draft: COMMENT_DRAFT })} />}
            {role === 'teacher' && (
              <ForumFormModal
                classId={path.classId}
                lessonId={path.lessonId}
                opened={editing}
                onClose={() => setEditing(false)}
                forum={{ id: forum.id, topic: forum.topic, description: forum.description }}
              />
            )}
          </>
        )}
      </QueryState>
      {/* A thread that no longer loads (deleted) still shows what was written for it, with the reason it did not go. */}
      {thread.isError && userId !== undefined && <UnsentComments items={unsent} userId={userId} />}
      <CommentModal target={target} onClose={() => setTarget(null)} send={send} role={role} path={path} known={knownPeople(thread.data)} />
    </Stack>
  );
}
