import { useState } from 'react';
import { Alert, Button, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDownload, IconSearch, IconUpload } from '@tabler/icons-react';
import { GRADES } from '@kelasku/contract';
import { downloadFile } from '../../api/download';
import { assignmentsExportPath } from '../../api/teaching';
import { QueryState } from '../../components/QueryState';
import { errorMessage, toastError } from '../../lib/toast';
import { usePhone } from '../../lib/use-phone';
import { AssignmentModal } from './AssignmentModal';
import { RombelSubjects } from './RombelSubjects';
import { TeachingGrid } from './TeachingGrid';
import { TeachingImportModal } from './TeachingImportModal';
import { MAX_ROWS, useTeachingGrid, type TeachingGridState } from './useTeachingGrid';

/** Semester, grade, department and a rombel's name. */
function Filters({ state }: { state: TeachingGridState }) {
  const f = state.filters;
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
      <NativeSelect
        label="Semester"
        value={state.semesterId ? String(state.semesterId) : ''}
        onChange={(e) => state.setSemester(Number(e.currentTarget.value))}
        data={(state.semesters.data ?? []).map((s) => ({ value: String(s.id), label: s.active ? `${s.label} (aktif)` : s.label }))}
      />
      <NativeSelect
        label="Kelas"
        value={f.grade}
        onChange={(e) => f.setGrade(e.currentTarget.value)}
        data={[{ value: '', label: 'Semua kelas' }, ...GRADES.map((g) => ({ value: String(g), label: `Kelas ${g}` }))]}
      />
      <NativeSelect
        label="Jurusan"
        value={f.department}
        onChange={(e) => f.setDepartment(e.currentTarget.value)}
        data={[
          { value: '', label: 'Semua jurusan' },
          ...(state.departments.data ?? []).map((d) => ({ value: String(d.id), label: d.code })),
        ]}
      />
      <TextInput
        label="Cari rombel"
        placeholder="Nama rombel"
        leftSection={<IconSearch size={16} />}
        value={f.search}
        onChange={(e) => f.setSearch(e.currentTarget.value)}
      />
    </SimpleGrid>
  );
}

/** /school/teaching — pembagian tugas mengajar: who teaches which subject to which rombel (issue 37). */
export default function TeachingPage() {
  const state = useTeachingGrid();
  const phone = usePhone();
  const [importing, setImporting] = useState(false);
  const activeSemester = state.semesters.data?.find((s) => s.active);

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={2}>Pembagian Tugas Mengajar</Title>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            onClick={() =>
              void downloadFile(assignmentsExportPath(state.semesterId), 'pembagian-tugas.xlsx').catch((err) =>
                toastError(errorMessage(err)),
              )
            }
          >
            Unduh XLSX
          </Button>
          <Button variant="default" leftSection={<IconUpload size={16} />} onClick={() => setImporting(true)}>
            Impor XLSX
          </Button>
        </Group>
      </Group>
      <Text size="sm" c="gray.7">
        {phone
          ? 'Pilih rombel, lalu ketuk mata pelajaran untuk menentukan gurunya.'
          : 'Klik sel untuk menentukan guru dan jam per minggu. Setiap tugas mengajar punya satu kelas online untuk gurunya.'}
      </Text>
      <Filters state={state} />
      {state.semesters.isSuccess && !activeSemester && (
        <Alert color="yellow">Belum ada semester aktif. Aktifkan semester di halaman Semester.</Alert>
      )}
      <QueryState query={state.grid}>
        {() => {
          const d = state.derived;
          if (!d) return null;
          if (d.allRombels.length === 0) return <Text c="gray.7">Tidak ada rombel yang cocok</Text>;
          if (d.columns.length === 0 && !phone)
            return <Text c="gray.7">Belum ada mata pelajaran. Tambahkan di halaman Mata Pelajaran.</Text>;
          return (
            <>
              {phone ? <RombelSubjects state={state} /> : <TeachingGrid state={state} />}
              {!phone && d.hidden > 0 && (
                <Text
                  size="sm"
                  c="gray.7"
                >{`${d.hidden} rombel lagi tidak ditampilkan (maksimal ${MAX_ROWS}). Saring menurut kelas, jurusan atau nama.`}</Text>
              )}
            </>
          );
        }}
      </QueryState>
      <AssignmentModal target={state.target} onClose={state.close} />
      <TeachingImportModal
        kind="assignments"
        opened={importing}
        onClose={() => setImporting(false)}
        hint={`Kolom: Rombel, Kode Mapel, Mapel, Guru (nama atau NIP; beberapa guru dipisah titik koma, yang pertama pemilik kelas), Jam per Minggu dan Wali Kelas (boleh kosong). Diimpor ke semester aktif${activeSemester ? ` (${activeSemester.label})` : ''}; kelas online dibuat untuk setiap tugas mengajar baru.`}
      />
    </Stack>
  );
}
