import { Switch, TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { ADMIN_MSG, wordBody, type MotivationalWord } from '@kelasku/contract';
import { useSaveWord } from '../../api/motivational-words';
import { FormModal } from '../../components/FormModal';

interface WordForm extends Record<string, unknown> {
  title: string;
  body: string;
  from: string;
  active: boolean;
}

/**
 * `word` undefined: closed; null: Add Motivational; a word: Edit Motivational. Title, body, from and
 * active (on for a new word); save needs the three texts. A refused save keeps the dialog open.
 */
export function WordFormModal({ word, onClose }: { word: MotivationalWord | null | undefined; onClose: () => void }) {
  const save = useSaveWord();
  const initialValues: WordForm = {
    title: word?.title ?? '',
    body: word?.body ?? '',
    from: word?.from ?? '',
    active: word?.active ?? true,
  };
  const form = useForm<WordForm>({ initialValues, validate: schemaResolver(wordBody, { sync: true }) });
  const { title, body, from } = form.values;

  return (
    <FormModal
      opened={word !== undefined}
      onClose={onClose}
      title={word ? 'Edit Motivational' : 'Add Motivational'}
      size="lg"
      form={form}
      initialValues={initialValues}
      draft={word ? `kata-${word.id}` : 'kata-baru'}
      savedMessage={word ? ADMIN_MSG.wordUpdated : ADMIN_MSG.wordCreated}
      ready={!!title.trim() && !!body.trim() && !!from.trim()}
      save={(v) =>
        save.mutateAsync({ id: word?.id, body: { title: v.title.trim(), body: v.body.trim(), from: v.from.trim(), active: v.active } })
      }
    >
      <TextInput label="Title" required data-autofocus {...form.getInputProps('title')} />
      <Textarea label="Body" required autosize minRows={3} maxRows={10} {...form.getInputProps('body')} />
      <TextInput label="From" required {...form.getInputProps('from')} />
      <Switch label="Active" {...form.getInputProps('active', { type: 'checkbox' })} />
    </FormModal>
  );
}
