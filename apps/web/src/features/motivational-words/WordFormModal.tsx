import { useState } from 'react';
import { Modal, Switch, TextInput, Textarea } from '@mantine/core';
import type { MotivationalWord } from '@kelasku/contract';
import { useSaveWord } from '../../api/admin';
import { ModalForm } from '../admin-dashboard/parts';

/** Title, body, from and active (on for a new word); save needs the three texts. A refused save keeps the form open with the server's message. */
function WordForm({ word, onClose }: { word: MotivationalWord | null; onClose: () => void }) {
  const save = useSaveWord();
  const [title, setTitle] = useState(word?.title ?? '');
  const [body, setBody] = useState(word?.body ?? '');
  const [from, setFrom] = useState(word?.from ?? '');
  const [active, setActive] = useState(word?.active ?? true);
  const valid = !!title.trim() && !!body.trim() && !!from.trim();

  return (
    <ModalForm valid={valid} onClose={onClose} save={() => save.mutateAsync({ id: word?.id, body: { title: title.trim(), body: body.trim(), from: from.trim(), active } })}>
      {(failure) => (
        <>
          <TextInput label="Title" required value={title} onChange={(e) => setTitle(e.currentTarget.value)} error={failure?.field('title')} data-autofocus />
          <Textarea label="Body" required autosize minRows={3} maxRows={10} value={body} onChange={(e) => setBody(e.currentTarget.value)} error={failure?.field('body')} />
          <TextInput label="From" required value={from} onChange={(e) => setFrom(e.currentTarget.value)} error={failure?.field('from')} />
          <Switch label="Active" checked={active} onChange={(e) => setActive(e.currentTarget.checked)} />
        </>
      )}
    </ModalForm>
  );
}

/** `word` undefined: closed; null: Add Motivational; a word: Edit Motivational. */
export function WordFormModal({ word, onClose }: { word: MotivationalWord | null | undefined; onClose: () => void }) {
  return (
    <Modal opened={word !== undefined} onClose={onClose} title={word ? 'Edit Motivational' : 'Add Motivational'} size="lg">
      {word !== undefined && <WordForm key={word?.id ?? 'new'} word={word} onClose={onClose} />}
    </Modal>
  );
}
