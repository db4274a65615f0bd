import { TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { QUESTION_LIMITS, QUESTION_MSG, questionCategoryBody, type QuestionCategory } from '@kelasku/contract';
import { useSaveCategory } from '../../api/question-bank';
import { FormModal } from '../../components/FormModal';

interface CategoryForm extends Record<string, unknown> {
  name: string;
}

/** "Kategori Baru" and "Ganti Nama Kategori": one name, unique among the teacher's categories. */
export function CategoryFormModal({
  opened,
  onClose,
  category,
  onSaved,
}: {
  opened: boolean;
  onClose: () => void;
  /** Present when renaming. */
  category?: Pick<QuestionCategory, 'id' | 'name'>;
  /** The saved category (a new one is opened by the list). */
  onSaved?: (category: QuestionCategory) => void;
}) {
  const save = useSaveCategory();
  const initialValues: CategoryForm = { name: category?.name ?? '' };
  const form = useForm<CategoryForm>({ initialValues, validate: schemaResolver(questionCategoryBody, { sync: true }) });
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={category ? 'Ganti Nama Kategori' : 'Kategori Baru'}
      form={form}
      initialValues={initialValues}
      draft={category ? `kategori-${category.id}` : 'kategori-baru'}
      savedMessage={category ? QUESTION_MSG.categoryUpdated : QUESTION_MSG.categoryCreated}
      ready={form.values.name.trim() !== ''}
      save={async (v) => {
        const res = await save.mutateAsync({ id: category?.id, name: v.name.trim() });
        onSaved?.(res.data);
        return res;
      }}
    >
      <TextInput
        label="Nama kategori"
        description="Misalnya nama mapel atau topik: Jaringan Dasar — Topologi"
        maxLength={QUESTION_LIMITS.categoryNameMax}
        required
        data-autofocus
        {...form.getInputProps('name')}
      />
    </FormModal>
  );
}
