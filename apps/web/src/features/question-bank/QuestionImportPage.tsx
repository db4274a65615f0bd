import { useState } from 'react';
import { Alert, Badge, Box, Button, Card, Checkbox, Code, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft, IconDeviceFloppy, IconDownload } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { QUESTION_LIMITS, QUESTION_MSG, type QuestionCategory, type QuestionImportPreview, type QuestionKey } from '@kelasku/contract';
import { downloadQuestionTemplate, importErrorsOf, useImportQuestions, usePreviewQuestionImport } from '../../api/question-bank';
import { FileDropzone } from '../../components/FileDropzone';
import { PreviewTable } from '../../components/ImportPreview';
import { errorMessage, toastError, toastSuccess } from '../../lib/toast';
import { TypeBadge, keySummary } from '../../components/QuestionKey';
import { MathText } from '../../components/MathText';
import { CategoryRoute } from './CategoryRoute';
import { categoryPath } from './paths';

/** /bank-soal/:categoryId/impor — questions from a GIFT or XLSX file: a preview first, then all of them or none. */
export default function QuestionImportPage() {
  return <CategoryRoute>{(category) => <ImportView category={category} />}</CategoryRoute>;
}

const GIFT_EXAMPLE = `// Pilihan ganda
::Topologi::Topologi yang memakai satu kabel utama adalah {=Bus ~Star ~Ring}

// Nilai sebagian (%50%), umpan balik per jawaban (#) dan umpan balik umum (####)
::Kabel::Kabel untuk jarak 500 m adalah {
  =Serat optik#Tepat.
  ~%50%UTP Cat 6#Bisa dengan repeater, tetapi bukan pilihan terbaik.
  ~Koaksial#Sudah jarang dipakai.
  ####UTP hanya sampai 100 m per segmen.
}

// Benar/salah
Alamat IP 192.168.1.1 termasuk kelas C. {T}

// Isian singkat dan angka
Perangkat penghubung antar-jaringan disebut {=router =Router}
Berapa bit panjang alamat IPv4? {#32:0}

// Menjodohkan
Pasangkan lapisan OSI dengan nomornya. {=Fisik -> 1 =Jaringan -> 3 =Aplikasi -> 7}

// Uraian
Jelaskan cara kerja DHCP. {}`;

function ImportView({ category }: { category: QuestionCategory }) {
  useDocumentTitle(`Impor Soal | ${category.name}`);
  const navigate = useNavigate();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const preview = usePreviewQuestionImport(category.id);
  const save = useImportQuestions(category.id);
  // The errors of a refused save (the file changed between preview and save, or another check failed).
  const [saveErrors, setSaveErrors] = useState<QuestionImportPreview['errors']>([]);
  // Issue 41: follow the file's `$CATEGORY:` lines (Moodle's default), or put everything here.
  const [fileCategories, setFileCategories] = useState(true);

  const choose = (f: File | null) => {
    setFile(f);
    setSaveErrors([]);
    setFileCategories(true);
    preview.reset();
    if (f) preview.mutate(f);
  };

  const data = preview.data;
  const errors = saveErrors.length ? saveErrors : (data?.errors ?? []);
  const count = data?.questions.length ?? 0;
  const skipped = data?.skipped ?? [];
  const noted = data?.questions.filter((q) => q.notes.length > 0).length ?? 0;
  const canSave = !!file && !!data && errors.length === 0 && count > 0;
  const named = [...new Set((data?.questions ?? []).map((q) => q.category).filter((c): c is string => c !== null))];
  const questions = fileCategories || !data ? data?.questions : data.questions.map((q) => ({ ...q, category: null }));

  const saveAll = () => {
    if (!file) return;
    save.mutate(
      { file, fileCategories },
      {
        onSuccess: (res) => {
          const skipped = res.data.skipped?.length ?? 0;
          toastSuccess(
            res.message ?? (skipped ? QUESTION_MSG.importedSkipped(res.data.created, skipped) : QUESTION_MSG.imported(res.data.created)),
          );
          void navigate(categoryPath(category.id));
        },
        onError: (err) => {
          const listed = importErrorsOf(err);
          if (listed.length) setSaveErrors(listed);
          else toastError(errorMessage(err), 5000);
        },
      },
    );
  };

  return (
    <Stack maw={1100}>
      <Group>
        <Button component={Link} to={categoryPath(category.id)} variant="subtle" leftSection={<IconArrowLeft size={18} />}>
          Kembali ke kategori
        </Button>
      </Group>
      <Title order={2} style={{ overflowWrap: 'anywhere' }}>
        Impor Soal ke {category.name}
      </Title>
      <Card withBorder>
        <Stack gap="sm">
          <Text>
            Unggah file <b>GIFT</b> (format teks Moodle, .gift atau .txt) atau <b>Excel</b> (.xlsx dari template). Soal diperiksa dulu dan
            ditampilkan di bawah; tidak ada yang disimpan sebelum Anda menekan tombol Simpan.
          </Text>
          <details>
            <summary style={{ cursor: 'pointer' }}>
              <Text span size="sm" fw={500}>
                Contoh isi file GIFT
              </Text>
            </summary>
            <Code block mt="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {GIFT_EXAMPLE}
            </Code>
            <Text size="xs" c="dimmed" mt={4}>
              Pisahkan setiap soal dengan satu baris kosong. Baris yang diawali // adalah komentar.
            </Text>
          </details>
          <Group>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              onClick={() => void downloadQuestionTemplate().catch((err) => toastError(errorMessage(err)))}
            >
              Unduh Template XLSX
            </Button>
          </Group>
          <FileDropzone
            file={file}
            onChange={choose}
            maxBytes={QUESTION_LIMITS.importBytes}
            tooLargeMessage={QUESTION_MSG.importTooLarge}
            label="File soal"
            hint={`GIFT (.gift, .txt) atau Excel (.xlsx), maksimal ${QUESTION_LIMITS.importQuestions.toLocaleString('id-ID')} soal dan 5 MB`}
            error={fileError}
            onError={setFileError}
            disabled={preview.isPending || save.isPending}
          />
        </Stack>
      </Card>
      {preview.isPending && <Text role="status">Memeriksa file…</Text>}
      {preview.isError && (
        <Alert color="red" title="File tidak dapat dibaca">
          {errorMessage(preview.error)}
        </Alert>
      )}
      {data && (
        <Card withBorder component="section" aria-label="Pratinjau impor">
          <Stack>
            <Title order={3}>Pratinjau</Title>
            {errors.length > 0 ? (
              <Alert color="red" title={`${errors.length} kesalahan ditemukan`} role="alert">
                <Stack gap={6}>
                  <Text size="sm">{QUESTION_MSG.importHasErrors}</Text>
                  <LineList label="Kesalahan di file" items={errors} />
                </Stack>
              </Alert>
            ) : count === 0 ? (
              <Alert color="gray">{QUESTION_MSG.importEmpty}</Alert>
            ) : (
              <Text size="sm">
                {named.length > 0 && fileCategories
                  ? `${count} soal siap disimpan. Soal di bawah $CATEGORY masuk ke kategori ${named.join(', ')}; soal lainnya ke ${category.name}.`
                  : `${count} soal siap disimpan ke kategori ${category.name}.`}
              </Text>
            )}
            {named.length > 0 && (
              <Checkbox
                label={`Pakai kategori dari file (${named.join(', ')})`}
                description={`Tanpa centang, semua soal masuk ke kategori ${category.name}.`}
                checked={fileCategories}
                onChange={(e) => setFileCategories(e.currentTarget.checked)}
              />
            )}
            <ImportNotices skipped={skipped} noted={noted} />
            {count > 0 && questions && <QuestionsTable questions={questions} errorLines={new Set(errors.map((e) => e.line_or_row))} />}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => choose(null)}>
                Batal
              </Button>
              <Button leftSection={<IconDeviceFloppy size={16} />} disabled={!canSave} loading={save.isPending} onClick={saveAll}>
                {`Simpan ${count} soal`}
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}

/** Problems of the file by line or row ("Baris 3: …"). */
function LineList({ label, items }: { label: string; items: QuestionImportPreview['errors'] }) {
  return (
    <List size="sm" spacing={2} aria-label={label}>
      {items.map((e, i) => (
        <List.Item key={`${e.line_or_row}-${i}`}>
          {/^baris\s/i.test(e.message) ? e.message : `Baris ${e.line_or_row}: ${e.message}`}
        </List.Item>
      ))}
    </List>
  );
}

/** The questions left out of the file, and how many kept only part of what they said (orange). */
function ImportNotices({ skipped, noted }: { skipped: QuestionImportPreview['skipped']; noted: number }) {
  return (
    <>
      {skipped.length > 0 && (
        <Alert color="orange" variant="light" title={`${skipped.length} soal dilewati`}>
          <Stack gap={6}>
            <Text size="sm">Soal berikut tidak ikut diimpor; soal lainnya tetap dapat disimpan.</Text>
            <LineList label="Soal yang dilewati" items={skipped} />
          </Stack>
        </Alert>
      )}
      {noted > 0 && (
        <Alert color="orange" variant="light" title={`${noted} soal dengan catatan`}>
          Sebagian isi soal ini tidak dapat disimpan Kelasku. Lihat daftar oranye di bawah soalnya; soal tetap bisa diimpor tanpa bagian
          itu.
        </Alert>
      )}
    </>
  );
}

function QuestionsTable({ questions, errorLines }: { questions: QuestionImportPreview['questions']; errorLines: Set<number> }) {
  return (
    <PreviewTable label="Soal dalam file" columns={['Baris', 'Jenis', 'Soal', 'Poin', 'Kunci']} scroll={{ minWidth: 640 }}>
      {questions.map((q, i) => (
        <Table.Tr key={`${q.line_or_row}-${i}`} bg={errorLines.has(q.line_or_row) ? 'red.0' : undefined}>
          <Table.Td>{q.line_or_row}</Table.Td>
          <Table.Td>
            <TypeBadge type={q.type} />
          </Table.Td>
          <Table.Td maw={360}>
            <Stack gap={4}>
              {(q.title || q.category) && (
                <Group gap={6} wrap="wrap">
                  {q.title && (
                    <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {q.title}
                    </Text>
                  )}
                  {q.category && (
                    <Badge variant="outline" color="gray" tt="none" style={{ maxWidth: '100%' }}>
                      Kategori: {q.category}
                    </Badge>
                  )}
                </Group>
              )}
              <MathText size="sm" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
                {q.text}
              </MathText>
              {q.notes.length > 0 && (
                <Box bg="orange.0" px="xs" py={4} style={{ borderLeft: '3px solid var(--mantine-color-orange-6)', borderRadius: 4 }}>
                  <List size="xs" spacing={2} aria-label={`Catatan soal baris ${q.line_or_row}`}>
                    {q.notes.map((note, n) => (
                      <List.Item key={n}>{note}</List.Item>
                    ))}
                  </List>
                </Box>
              )}
            </Stack>
          </Table.Td>
          <Table.Td>{q.points}</Table.Td>
          <Table.Td maw={260}>
            <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
              {keySummary({ type: q.type, data: q.data } as QuestionKey)}
            </Text>
          </Table.Td>
        </Table.Tr>
      ))}
    </PreviewTable>
  );
}
