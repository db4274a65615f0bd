import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconPencilPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { Question, QuestionCategory } from '@kelasku/contract';
import { api } from '../../../api/client';
import { bankKeys } from '../../../api/question-bank';
import { errorMessage, toastError } from '../../../lib/toast';
import { QuestionEditorModal } from '../../question-bank/QuestionEditorModal';

/** The class's category of the teacher's bank (made by the server on first use), under the bank's keys. */
const classCategoryKey = (classId: number) => [...bankKeys.bank, 'class-category', classId] as const;

/**
 * "Tambah soal" inside the quiz form: the bank's question editor, saving into the class's category
 * (named after the class; the teacher may pick another), and the saved question joins the quiz as a
 * fixed question at once. A picture may be pasted into the editor.
 */
export function NewQuestionButton({ classId, onAdded }: { classId: number; onAdded: (question: Question) => void }) {
  const qc = useQueryClient();
  const [category, setCategory] = useState<QuestionCategory | null>(null);
  const [opened, setOpened] = useState(false);
  const [loading, setLoading] = useState(false);

  const open = async () => {
    setLoading(true);
    try {
      // Asked on the tap, not when the form opens: a category is made only for a teacher who writes.
      const found = await qc.fetchQuery({
        queryKey: classCategoryKey(classId),
        queryFn: () => api.get<QuestionCategory>(`/api/teacher/classes/${classId}/question-category`),
        staleTime: 60_000,
      });
      setCategory(found);
      setOpened(true);
    } catch (err) {
      toastError(errorMessage(err));
    } finally {
      setLoading(false);
    }
  };

  // The saved question as the bank now holds it (with the picture sent after it), into the quiz.
  // When that read fails the question still joins the quiz (it is saved), without its picture for now.
  const added = async (saved: Question) => {
    const fresh = await api.get<Question>(`/api/teacher/questions/${saved.id}`).catch((err: unknown) => {
      toastError(errorMessage(err));
      return saved;
    });
    onAdded(fresh);
  };

  return (
    <>
      <Button variant="light" leftSection={<IconPencilPlus size={16} />} loading={loading} onClick={() => void open()}>
        Tambah soal
      </Button>
      {category && (
        <QuestionEditorModal
          opened={opened}
          onClose={() => setOpened(false)}
          categoryId={category.id}
          chooseCategory
          onSaved={(q) => void added(q)}
        />
      )}
    </>
  );
}
