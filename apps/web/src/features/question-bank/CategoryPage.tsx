import { useEffect, useState } from 'react';
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Collapse,
  Group,
  Image,
  Menu,
  Pagination,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import {
  IconArrowLeft,
  IconChevronDown,
  IconChevronRight,
  IconDots,
  IconDownload,
  IconEdit,
  IconFileImport,
  IconPhoto,
  IconPlus,
  IconSearch,
  IconTrash,
} from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { QUESTION_MSG, type Question, type QuestionCategory } from '@kelasku/contract';
import {
  QUESTIONS_PER_PAGE,
  downloadQuestionTemplate,
  exportCategoryGift,
  useDeleteQuestion,
  useQuestionPage,
} from '../../api/question-bank';
import { confirmDelete } from '../../components/ConfirmDelete';
import { QueryState } from '../../components/QueryState';
import { CategoryRoute } from './CategoryRoute';
import { errorMessage, toastError, toastSuccess } from '../../lib/toast';
import { CategoryFormModal } from './CategoryFormModal';
import { FeedbackLine, KeyDetails, TypeBadge, keySummary } from '../../components/QuestionKey';
import { MathText } from '../../components/MathText';
import { QuestionEditorModal } from './QuestionEditorModal';
import { BANK_PATH, importPath } from './paths';
import { usePageSearchParams } from '../../lib/page-search-params';

const CONTROL_LABELS = {
  first: 'Halaman pertama',
  previous: 'Halaman sebelumnya',
  next: 'Halaman berikutnya',
  last: 'Halaman terakhir',
} as const;

/** /bank-soal/:categoryId — the questions of one category, 20 a page, searchable; add, edit, delete, import, export. */
export default function CategoryPage() {
  return <CategoryRoute>{(category) => <CategoryView category={category} />}</CategoryRoute>;
}

/** What the editor is open for: a new question, an existing one, or nothing. */
type Editing = { question?: Question } | null;

function CategoryView({ category }: { category: QuestionCategory }) {
  useDocumentTitle(`${category.name} | Bank Soal`);
  const navigate = useNavigate();
  const [params, setParams] = usePageSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [debounced] = useDebouncedValue(search, 300);
  const q = params.get('q') ?? '';
  const questions = useQuestionPage(category.id, page, q);
  const del = useDeleteQuestion();
  const [editing, setEditing] = useState<Editing>(null);
  const [renaming, setRenaming] = useState(false);

  const go = (next: number, text: string) => {
    const p = new URLSearchParams();
    if (next > 1) p.set('page', String(next));
    if (text.trim()) p.set('q', text.trim());
    setParams(p, { replace: true });
  };
  useEffect(() => {
    if (debounced.trim() !== q) go(1, debounced);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  // A page past the end (its last question deleted) moves back.
  const total = questions.data?.total;
  const lastPage = total === undefined ? undefined : Math.max(1, Math.ceil(total / QUESTIONS_PER_PAGE));
  useEffect(() => {
    if (lastPage !== undefined && !questions.isPlaceholderData && page > lastPage) go(lastPage, q);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lastPage, page, questions.isPlaceholderData]);

  const remove = (question: Question) =>
    confirmDelete({
      title: 'Hapus Soal',
      message: `Hapus soal "${(question.title ?? question.text).slice(0, 80)}${(question.title ?? question.text).length > 80 ? '…' : ''}"?`,
      onConfirm: () =>
        del.mutate(question.id, {
          onSuccess: (res) => toastSuccess(res.message ?? QUESTION_MSG.questionDeleted),
          onError: (err) => toastError(errorMessage(err), 5000),
        }),
    });

  const exportGift = () => void exportCategoryGift(category).catch((err) => toastError(errorMessage(err)));
  const template = () => void downloadQuestionTemplate().catch((err) => toastError(errorMessage(err)));
  const first = (page - 1) * QUESTIONS_PER_PAGE;

  return (
    <Stack maw={1000}>
      <Group>
        <Button component={Link} to={BANK_PATH} variant="subtle" leftSection={<IconArrowLeft size={18} />}>
          Kembali ke Bank Soal
        </Button>
      </Group>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed">
            Kategori
          </Text>
          <Group gap="xs" wrap="nowrap">
            <Title order={2} style={{ overflowWrap: 'anywhere' }}>
              {category.name}
            </Title>
            <ActionIcon variant="subtle" aria-label={`Ganti nama kategori ${category.name}`} onClick={() => setRenaming(true)}>
              <IconEdit size={18} />
            </ActionIcon>
          </Group>
          <Text size="sm" c="dimmed">
            {category.question_count} soal
          </Text>
        </div>
        <Group gap="xs">
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({})}>
            Tambah soal
          </Button>
          <Button variant="default" leftSection={<IconFileImport size={16} />} onClick={() => void navigate(importPath(category.id))}>
            Impor soal
          </Button>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button variant="default" rightSection={<IconChevronDown size={14} />} aria-label="Unduh">
                Unduh
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconDownload size={16} />} onClick={exportGift} disabled={category.question_count === 0}>
                Ekspor GIFT
              </Menu.Item>
              <Menu.Item leftSection={<IconDownload size={16} />} onClick={template}>
                Unduh Template XLSX
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>
      <TextInput
        label="Cari soal"
        placeholder="Kata dalam teks soal"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        w={{ base: '100%', sm: 360 }}
      />
      <QueryState query={questions}>
        {(data) =>
          data.items.length === 0 ? (
            <Paper withBorder p="xl" ta="center">
              <Text c="dimmed">
                {q
                  ? 'Tidak ada soal yang cocok dengan pencarian.'
                  : 'Belum ada soal di kategori ini. Tambahkan satu per satu atau impor dari file GIFT atau Excel.'}
              </Text>
            </Paper>
          ) : (
            <>
              <Stack gap="xs" component="ol" p={0} m={0} aria-label="Daftar soal" style={{ listStyle: 'none' }}>
                {data.items.map((question, i) => (
                  <QuestionRow
                    key={question.id}
                    number={first + i + 1}
                    question={question}
                    onEdit={() => setEditing({ question })}
                    onDelete={() => remove(question)}
                  />
                ))}
              </Stack>
              {data.total > QUESTIONS_PER_PAGE && (
                <Box component="nav" aria-label="Halaman daftar soal">
                  <Group justify="space-between" gap="sm">
                    <Text size="sm" c="dimmed">
                      {data.total.toLocaleString('id-ID')} soal
                    </Text>
                    <Pagination
                      total={Math.ceil(data.total / QUESTIONS_PER_PAGE)}
                      value={page}
                      onChange={(next) => go(next, q)}
                      getItemProps={(n) => ({ 'aria-label': `Halaman ${n}` })}
                      getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
                      size="sm"
                    />
                  </Group>
                </Box>
              )}
            </>
          )
        }
      </QueryState>
      <QuestionEditorModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        categoryId={category.id}
        question={editing?.question}
      />
      <CategoryFormModal opened={renaming} onClose={() => setRenaming(false)} category={category} />
    </Stack>
  );
}

/** One question: its number, type, points and text; opening it shows the key and picture. */
function QuestionRow({
  number,
  question,
  onEdit,
  onDelete,
}: {
  number: number;
  question: Question;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const [open, setOpen] = useState(false);
  const bodyId = `soal-${question.id}`;
  return (
    <Paper withBorder p="sm" component="li" aria-label={`Soal ${number}`}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <UnstyledButton onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-controls={bodyId} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <Box c="dimmed" mt={2}>
              {open ? <IconChevronDown size={16} aria-hidden /> : <IconChevronRight size={16} aria-hidden />}
            </Box>
            <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
              <Group gap={6} wrap="wrap">
                <Text fw={600} size="sm">
                  {number}.
                </Text>
                <TypeBadge type={question.type} />
                <Badge variant="outline" color="gray">
                  {question.points} poin
                </Badge>
                {question.image && <IconPhoto size={16} role="img" aria-label="Bergambar" />}
                {question.used_in_quizzes > 0 && (
                  <Badge variant="light" color="violet">
                    Dipakai di {question.used_in_quizzes} kuis
                  </Badge>
                )}
              </Group>
              {question.title && (
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {question.title}
                </Text>
              )}
              <MathText size="sm" lineClamp={open ? undefined : 2}>
                {question.text}
              </MathText>
              {!open && (
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {keySummary(question)}
                </Text>
              )}
            </Stack>
          </Group>
        </UnstyledButton>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={`Aksi soal ${number}`}>
              <IconDots size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconEdit size={16} />} onClick={onEdit}>
              Edit
            </Menu.Item>
            <Menu.Item leftSection={<IconTrash size={16} />} color="red" onClick={onDelete}>
              Hapus
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      <Collapse expanded={open} id={bodyId}>
        <Stack gap="xs" mt="sm" pl={{ base: 0, xs: 24 }}>
          {question.image && <Image src={question.image} alt={`Gambar soal ${number}`} mah={240} w="auto" fit="contain" radius="sm" />}
          <KeyDetails q={question} />
          {question.general_feedback && <FeedbackLine label="Umpan balik umum" text={question.general_feedback} />}
        </Stack>
      </Collapse>
    </Paper>
  );
}
