import { useState } from 'react';
import { ActionIcon, Anchor, Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCategoryPlus, IconEdit, IconFolder, IconSearch, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { QUESTION_MSG, type QuestionCategory } from '@kelasku/contract';
import { useDeleteCategory, useQuestionCategories } from '../../api/question-bank';
import { confirmDelete } from '../../components/ConfirmDelete';
import { QueryState } from '../../components/QueryState';
import { errorMessage, toastError, toastSuccess } from '../../lib/toast';
import { CategoryFormModal } from './CategoryFormModal';
import { categoryPath } from './paths';

/**
 * /bank-soal — the teacher's question bank: the categories (per subject or topic) with how many
 * questions each holds; a category opens its questions. Create, rename and delete here.
 */
export default function QuestionBankPage() {
  useDocumentTitle('Bank Soal | Kelasku');
  const categories = useQuestionCategories();
  const del = useDeleteCategory();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<QuestionCategory | null>(null);

  const remove = (c: QuestionCategory) =>
    confirmDelete({
      title: 'Hapus Kategori',
      message:
        c.question_count > 0
          ? `Hapus kategori "${c.name}" beserta ${c.question_count} soal di dalamnya? Tindakan ini tidak dapat dibatalkan.`
          : `Hapus kategori "${c.name}"?`,
      onConfirm: () =>
        del.mutate(c.id, {
          onSuccess: (res) => toastSuccess(res.message ?? QUESTION_MSG.categoryDeleted),
          onError: (err) => toastError(errorMessage(err), 5000),
        }),
    });

  return (
    <Stack maw={900}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <div>
          <Title order={2}>Bank Soal</Title>
          <Text size="sm" c="dimmed">
            Kumpulan soal Anda, dikelompokkan per kategori. Soal dari sini dipakai di kuis kelas mana pun yang Anda ajar.
          </Text>
        </div>
        <Button leftSection={<IconCategoryPlus size={16} />} onClick={() => setCreating(true)}>
          Kategori baru
        </Button>
      </Group>
      <QueryState query={categories}>
        {(list) => {
          const q = search.trim().toLowerCase();
          const shown = q ? list.filter((c) => c.name.toLowerCase().includes(q)) : list;
          return list.length === 0 ? (
            <Paper withBorder p="xl" ta="center">
              <Text c="dimmed">Belum ada kategori soal. Buat kategori dulu, lalu tambahkan atau impor soal ke dalamnya.</Text>
            </Paper>
          ) : (
            <Stack gap="sm">
              {list.length > 6 && (
                <TextInput
                  label="Cari kategori"
                  leftSection={<IconSearch size={16} />}
                  value={search}
                  onChange={(e) => setSearch(e.currentTarget.value)}
                  w={{ base: '100%', sm: 320 }}
                />
              )}
              <Stack gap="xs" component="ul" p={0} m={0} aria-label="Kategori soal" style={{ listStyle: 'none' }}>
                {shown.map((c) => (
                  <Paper key={c.id} withBorder p="sm" component="li" className="kls-hover-parent">
                    <Group justify="space-between" wrap="nowrap" gap="xs">
                      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                        <IconFolder size={22} aria-hidden color="var(--mantine-color-teal-7)" style={{ flexShrink: 0 }} />
                        <div style={{ minWidth: 0 }}>
                          <Anchor component={Link} to={categoryPath(c.id)} fw={600} style={{ overflowWrap: 'anywhere' }}>
                            {c.name}
                          </Anchor>
                          <div>
                            <Badge variant="light" color={c.question_count ? 'teal' : 'gray'}>
                              {c.question_count} soal
                            </Badge>
                          </div>
                        </div>
                      </Group>
                      <Group gap={4} wrap="nowrap">
                        <ActionIcon variant="subtle" aria-label={`Ganti nama kategori ${c.name}`} onClick={() => setRenaming(c)}>
                          <IconEdit size={18} />
                        </ActionIcon>
                        <ActionIcon variant="subtle" color="red" aria-label={`Hapus kategori ${c.name}`} onClick={() => remove(c)}>
                          <IconTrash size={18} />
                        </ActionIcon>
                      </Group>
                    </Group>
                  </Paper>
                ))}
              </Stack>
              {shown.length === 0 && (
                <Text c="dimmed" size="sm">
                  Tidak ada kategori yang cocok.
                </Text>
              )}
            </Stack>
          );
        }}
      </QueryState>
      <CategoryFormModal opened={creating} onClose={() => setCreating(false)} onSaved={(c) => void navigate(categoryPath(c.id))} />
      <CategoryFormModal opened={renaming !== null} onClose={() => setRenaming(null)} category={renaming ?? undefined} />
    </Stack>
  );
}
