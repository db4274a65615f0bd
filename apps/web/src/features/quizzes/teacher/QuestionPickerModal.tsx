import { useEffect, useState } from 'react';
import {
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Pagination,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { QUIZ_LIMITS, type Question, type QuestionCategory } from '@kelasku/contract';
import { QUESTIONS_PER_PAGE, useQuestionCategories, useQuestionPage } from '../../../api/question-bank';
import { LoadingDots } from '../../../components/LoadingDots';
import { QueryState } from '../../../components/QueryState';
import { FormActions } from '../../../components/FormActions';
import { TypeBadge } from '../../../components/QuestionKey';
import { usePhone } from '../../../lib/use-phone';

/** The category chooser of both dialogs: the teacher's categories with their counts. */
function CategorySelect({
  categories,
  value,
  onChange,
}: {
  categories: QuestionCategory[];
  value: number | null;
  onChange: (id: number | null) => void;
}) {
  return (
    <Select
      label="Kategori"
      placeholder="Pilih kategori"
      data={categories.map((c) => ({ value: String(c.id), label: `${c.name} (${c.question_count} soal)` }))}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(v === null ? null : Number(v))}
      searchable
      nothingFoundMessage="Kategori tidak ditemukan"
      allowDeselect={false}
    />
  );
}

const noCategories = (
  <Text c="dimmed" size="sm">
    Bank soal Anda masih kosong. Tulis soal baru dengan tombol &quot;Tambah soal&quot; di formulir kuis, atau buat soal di menu Bank Soal.
  </Text>
);

/**
 * "Tambah dari bank soal": questions ticked in any category (across pages and searches) join the
 * quiz as fixed questions, in the order ticked. Questions already in the quiz are marked.
 */
export function QuestionPickerModal({
  opened,
  onClose,
  taken,
  onAdd,
}: {
  opened: boolean;
  onClose: () => void;
  /** Ids of the quiz's fixed questions. */
  taken: Set<number>;
  onAdd: (questions: Question[]) => void;
}) {
  const phone = usePhone();
  const categories = useQuestionCategories();
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 300);
  const [picked, setPicked] = useState<Question[]>([]);
  const questions = useQuestionPage(opened ? categoryId : null, page, q);

  useEffect(() => {
    if (!opened) return;
    setPicked([]);
    setSearch('');
    setPage(1);
  }, [opened]);
  // The first category with questions is open at first.
  useEffect(() => {
    if (opened && categoryId === null && categories.data?.length)
      setCategoryId((categories.data.find((c) => c.question_count > 0) ?? categories.data[0]!).id);
  }, [opened, categoryId, categories.data]);
  useEffect(() => setPage(1), [q, categoryId]);

  const toggle = (question: Question, on: boolean) =>
    setPicked((list) => (on ? [...list, question] : list.filter((p) => p.id !== question.id)));
  const isPicked = (id: number) => picked.some((p) => p.id === id);

  return (
    <Modal opened={opened} onClose={onClose} title="Tambah Soal dari Bank Soal" size="xl" fullScreen={phone}>
      <Stack>
        <QueryState query={categories}>
          {(list) =>
            list.length === 0 ? (
              noCategories
            ) : (
              <Stack gap="sm">
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <CategorySelect categories={list} value={categoryId} onChange={setCategoryId} />
                  <TextInput
                    label="Cari soal"
                    leftSection={<IconSearch size={16} />}
                    value={search}
                    onChange={(e) => setSearch(e.currentTarget.value)}
                  />
                </SimpleGrid>
                {categoryId !== null && (
                  <QueryState query={questions}>
                    {(data) =>
                      data.items.length === 0 ? (
                        <Text c="dimmed" size="sm">
                          {q ? 'Tidak ada soal yang cocok.' : 'Kategori ini belum berisi soal.'}
                        </Text>
                      ) : (
                        <Stack gap={6} aria-label="Soal di kategori" role="group">
                          {data.items.map((question) => {
                            const inQuiz = taken.has(question.id);
                            return (
                              <Paper key={question.id} withBorder p="xs">
                                <Checkbox
                                  checked={inQuiz || isPicked(question.id)}
                                  disabled={inQuiz}
                                  onChange={(e) => toggle(question, e.currentTarget.checked)}
                                  label={
                                    <Stack gap={2}>
                                      <Group gap={6}>
                                        <TypeBadge type={question.type} />
                                        <Badge variant="outline" color="gray">
                                          {question.points} poin
                                        </Badge>
                                        {inQuiz && (
                                          <Badge variant="light" color="gray">
                                            Sudah di kuis
                                          </Badge>
                                        )}
                                      </Group>
                                      <Text size="sm" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
                                        {question.text}
                                      </Text>
                                    </Stack>
                                  }
                                />
                              </Paper>
                            );
                          })}
                          {data.total > QUESTIONS_PER_PAGE && (
                            <Group justify="center" mt="xs">
                              <Pagination
                                total={Math.ceil(data.total / QUESTIONS_PER_PAGE)}
                                value={page}
                                onChange={setPage}
                                size="sm"
                                getItemProps={(n) => ({ 'aria-label': `Halaman ${n}` })}
                              />
                            </Group>
                          )}
                        </Stack>
                      )
                    }
                  </QueryState>
                )}
              </Stack>
            )
          }
        </QueryState>
        {/* Stays in view at the bottom of a long list. */}
        <Group
          justify="space-between"
          wrap="wrap"
          py="sm"
          style={{
            position: 'sticky',
            bottom: 0,
            background: 'var(--mantine-color-body)',
            borderTop: '1px solid var(--mantine-color-gray-3)',
          }}
        >
          <Text size="sm" c="dimmed" role="status">
            {picked.length} soal dipilih
          </Text>
          <Group gap="xs">
            <Button variant="default" onClick={onClose}>
              Batal
            </Button>
            <Button
              disabled={picked.length === 0}
              onClick={() => {
                onAdd(picked);
                onClose();
              }}
            >
              {`Tambahkan ${picked.length} soal`}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}

/** "Tambah soal acak": every attempt draws `count` questions of one category (different for each student). */
export function RandomSlotModal({
  opened,
  onClose,
  onAdd,
}: {
  opened: boolean;
  onClose: () => void;
  onAdd: (slot: { category: QuestionCategory; count: number }) => void;
}) {
  const categories = useQuestionCategories();
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [count, setCount] = useState<number | string>(5);
  useEffect(() => {
    if (opened) setCount(5);
  }, [opened]);
  const category = categories.data?.find((c) => c.id === categoryId);
  const max = Math.min(category?.question_count ?? 0, QUIZ_LIMITS.slotsMax);
  const n = typeof count === 'number' ? count : Number(count);
  const valid = !!category && Number.isInteger(n) && n >= 1 && n <= max;

  return (
    <Modal opened={opened} onClose={onClose} title="Tambah Soal Acak">
      {categories.isPending ? (
        <LoadingDots />
      ) : (categories.data ?? []).length === 0 ? (
        noCategories
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!valid) return;
            onAdd({ category: category, count: n });
            onClose();
          }}
        >
          <Stack>
            <Text size="sm" c="dimmed">
              Setiap siswa mendapat soal yang diambil acak dari kategori ini, sehingga soal antarsiswa bisa berbeda.
            </Text>
            <CategorySelect categories={categories.data ?? []} value={categoryId} onChange={setCategoryId} />
            <NumberInput
              label="Jumlah soal yang diambil"
              description={category ? `Kategori ini berisi ${category.question_count} soal.` : undefined}
              min={1}
              max={max || undefined}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              value={count}
              onChange={setCount}
              error={category && n > max ? `Paling banyak ${max} soal dari kategori ini.` : undefined}
            />
            <FormActions onCancel={onClose} submit="Tambahkan" disabled={!valid} loading={false} />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
