import { Alert, Button, FileInput, Group, Image, Modal, NumberInput, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconChevronRight, IconInfoCircle, IconPhoto } from '@tabler/icons-react';
import {
  QUESTION_IMAGE_TYPES,
  QUESTION_LIMITS,
  QUESTION_TYPES,
  QUESTION_TYPE_LABELS,
  type Question,
  type QuestionType,
} from '@kelasku/contract';
import { FormActions } from '../../components/FormActions';
import { ChoiceOptionsField, MatchingPairsField, ShortAnswerFields, TrueFalseField } from './QuestionKeyFields';
import { useQuestionEditor, type QuestionEditor } from './useQuestionEditor';
import { usePasteImage } from './usePasteImage';

const TYPE_HINTS: Record<QuestionType, string> = {
  multiple_choice: 'Siswa memilih satu jawaban. Tandai tepat satu pilihan yang benar.',
  multiple_answer:
    'Siswa boleh memilih beberapa jawaban. Nilai = poin × (benar dipilih − salah dipilih) / jumlah jawaban benar, paling kecil 0.',
  true_false: 'Siswa memilih Benar atau Salah.',
  short_answer:
    'Siswa mengetik jawaban singkat. Jawaban dianggap benar bila sama dengan salah satu jawaban yang diterima (huruf besar/kecil dan spasi ganda diabaikan).',
  matching: 'Siswa memasangkan setiap pernyataan kiri dengan jawaban kanan. Nilai sebanding dengan pasangan yang benar.',
  essay: 'Siswa menulis jawaban panjang. Anda menilainya sendiri di halaman hasil kuis.',
};

/** The phone layout: dialogs fill the screen. */
export const usePhone = () => useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });

export interface QuestionEditorModalProps {
  opened: boolean;
  onClose: () => void;
  categoryId: number;
  /** Present when editing. */
  question?: Question;
  /** Called with the saved question (the quiz form's "Tambah soal"). */
  onSaved?: (question: Question) => void;
  /** A new question may go into another category than `categoryId` (the quiz form's "Tambah soal"). */
  chooseCategory?: boolean;
}

/**
 * "Tambah Soal" and "Edit Soal": the type (six kinds), the text, the points, the key as the type
 * needs it, and one optional picture. The contract's schema checks the values before they are sent;
 * the server's messages land under the same fields.
 */
export function QuestionEditorModal({ opened, onClose, categoryId, question, onSaved, chooseCategory }: QuestionEditorModalProps) {
  const phone = usePhone();
  const editor = useQuestionEditor({ opened, onClose, categoryId, question, onSaved });
  // A picture pasted while the dialog is open (Ctrl+V, or "Tempel" on a phone) becomes the question's picture.
  usePasteImage(opened, editor.pickFile);
  const { form, v, listError, message, submit, setType, categoryOptions, advanced, setAdvanced } = editor;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={question ? 'Edit Soal' : 'Tambah Soal'}
      size="xl"
      fullScreen={phone}
      closeOnClickOutside={false}
    >
      <form noValidate onSubmit={submit}>
        <Stack>
          {question && question.used_in_quizzes > 0 && (
            <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
              Soal ini dipakai di {question.used_in_quizzes} kuis. Perubahan kunci berlaku juga di kuis itu; pakai tombol "Nilai ulang" di
              halaman kuis untuk menghitung ulang nilai yang sudah masuk.
            </Alert>
          )}
          <Group grow align="flex-start" wrap="wrap">
            <Select
              label="Jenis soal"
              data={QUESTION_TYPES.map((t) => ({ value: t, label: QUESTION_TYPE_LABELS[t] }))}
              value={v.type}
              onChange={(t) => t && setType(t as QuestionType)}
              allowDeselect={false}
              miw={200}
            />
            <NumberInput
              label="Poin"
              min={QUESTION_LIMITS.pointsMin}
              max={QUESTION_LIMITS.pointsMax}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              required
              miw={120}
              {...form.getInputProps('points')}
            />
            {(question || chooseCategory) && categoryOptions.length > 1 && (
              <Select label="Kategori" data={categoryOptions} allowDeselect={false} miw={200} {...form.getInputProps('category_id')} />
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {TYPE_HINTS[v.type]}
          </Text>
          <Textarea
            label="Teks soal"
            required
            autosize
            minRows={3}
            maxRows={12}
            maxLength={QUESTION_LIMITS.textMax}
            data-autofocus
            {...form.getInputProps('text')}
          />

          <AdvancedToggle open={advanced} onToggle={() => setAdvanced((o) => !o)} />
          {advanced && (
            <TextInput
              label="Judul soal (opsional)"
              description="Nama pendek untuk mengenali soal di Bank Soal; siswa tidak melihatnya."
              maxLength={QUESTION_LIMITS.titleMax}
              {...form.getInputProps('title')}
            />
          )}

          {(v.type === 'multiple_choice' || v.type === 'multiple_answer') && (
            <ChoiceOptionsField form={form} listError={listError} advanced={advanced} />
          )}

          {v.type === 'true_false' && <TrueFalseField form={form} advanced={advanced} />}

          {v.type === 'short_answer' && <ShortAnswerFields form={form} listError={listError} advanced={advanced} />}

          {v.type === 'matching' && <MatchingPairsField form={form} listError={listError} advanced={advanced} />}

          {advanced && (
            <Textarea
              label="Umpan balik umum"
              description="Dibaca setiap siswa di tinjauan jawaban, apa pun jawabannya (bila tinjauan ditampilkan)."
              autosize
              minRows={2}
              maxRows={8}
              maxLength={QUESTION_LIMITS.textMax}
              {...form.getInputProps('general_feedback')}
            />
          )}

          <QuestionImageField editor={editor} question={question} />

          {message && (
            <Text c="red" size="sm" role="alert">
              {message}
            </Text>
          )}
          <FormActions onCancel={onClose} submit="Simpan" disabled={form.submitting || v.text.trim() === ''} loading={form.submitting} />
        </Stack>
      </form>
    </Modal>
  );
}

/** "Pengaturan lanjutan": the title, credits, feedback and the like, hidden until a teacher wants them. */
function AdvancedToggle({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  return (
    <div>
      <Button
        variant="subtle"
        size="compact-sm"
        px={4}
        aria-expanded={open}
        leftSection={open ? <IconChevronDown size={16} aria-hidden /> : <IconChevronRight size={16} aria-hidden />}
        onClick={onToggle}
      >
        Pengaturan lanjutan
      </Button>
      {!open && (
        <Text size="xs" c="dimmed" pl={4}>
          Judul soal, nilai sebagian, dan umpan balik untuk siswa.
        </Text>
      )}
    </div>
  );
}

/** The question's one optional picture: the current one (with "Hapus gambar"), the undo, and the picker. */
function QuestionImageField({ editor, question }: { editor: QuestionEditor; question?: Question }) {
  const { file, fileError, dropImage, setDropImage, pickFile } = editor;
  return (
    <Stack gap="xs">
      {question?.image && !dropImage && !file && (
        <Group align="flex-end" gap="sm">
          <Image src={question.image} alt="Gambar soal saat ini" mah={160} w="auto" fit="contain" radius="sm" />
          <Button variant="subtle" color="red" size="xs" onClick={() => setDropImage(true)}>
            Hapus gambar
          </Button>
        </Group>
      )}
      {dropImage && (
        <Text size="sm" c="dimmed">
          Gambar akan dihapus saat disimpan.{' '}
          <Button variant="subtle" size="compact-xs" onClick={() => setDropImage(false)}>
            Batalkan
          </Button>
        </Text>
      )}
      <FileInput
        label={question?.image ? 'Ganti gambar (opsional)' : 'Gambar (opsional)'}
        description="JPEG, PNG, GIF atau WebP, maksimal 5 MB."
        accept={QUESTION_IMAGE_TYPES.join(',')}
        leftSection={<IconPhoto size={16} aria-hidden />}
        clearable
        value={file}
        onChange={pickFile}
        error={fileError}
        placeholder="Pilih gambar"
      />
    </Stack>
  );
}
