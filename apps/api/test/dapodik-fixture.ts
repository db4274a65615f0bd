/**
 * A Dapodik "Daftar Peserta Didik" export as a school downloads it (Peserta Didik → Unduh → Daftar PD),
 * for the import tests. The layout follows public importers of the real file: a Laravel importer of
 * it (columns 0 No … 64 Jarak Rumah ke Sekolah, header on the 4th–5th rows of the sheet scanned,
 * data after them) and a pandas reader (`rombel saat ini_unnamed: 42_level_1`: a two-level header
 * with "Rombel Saat Ini" in column 42, after the Data Wali group). Four title rows; a header over
 * two rows where every column but the three parent groups is merged down, and "Data Ayah",
 * "Data Ibu", "Data Wali" merged across their six sub-headers; data from row 7.
 *
 * Run it (`npx tsx apps/api/test/dapodik-fixture.ts`) to write test/fixtures/daftar-peserta-didik.xlsx.
 */
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';

/** Columns before the parent groups (0–23). */
const BEFORE = [
  'No',
  'Nama',
  'NIPD',
  'JK',
  'NISN',
  'Tempat Lahir',
  'Tanggal Lahir',
  'NIK',
  'Agama',
  'Alamat',
  'RT',
  'RW',
  'Dusun',
  'Kelurahan',
  'Kecamatan',
  'Kode Pos',
  'Jenis Tinggal',
  'Alat Transportasi',
  'Telepon',
  'HP',
  'E-Mail',
  'SKHUN',
  'Penerima KPS',
  'No. KPS',
];
const GROUPS = ['Data Ayah', 'Data Ibu', 'Data Wali'];
const SUB = ['Nama', 'Tahun Lahir', 'Jenjang Pendidikan', 'Pekerjaan', 'Penghasilan', 'NIK'];
/** Columns after the groups (42–64). */
const AFTER = [
  'Rombel Saat Ini',
  'No Peserta Ujian Nasional',
  'No Seri Ijazah',
  'Penerima KIP',
  'Nomor KIP',
  'Nama di KIP',
  'Nomor KKS',
  'No Registrasi Akta Lahir',
  'Bank',
  'Nomor Rekening Bank',
  'Rekening Atas Nama',
  'Layak PIP (usulan dari sekolah)',
  'Alasan Layak PIP',
  'Kebutuhan Khusus',
  'Sekolah Asal',
  'Anak ke-berapa',
  'Lintang',
  'Bujur',
  'No KK',
  'Berat Badan',
  'Tinggi Badan',
  'Lingkar Kepala',
  'Jml. Saudara Kandung',
  'Jarak Rumah ke Sekolah (KM)',
];
export const DAPODIK_COLUMNS = BEFORE.length + GROUPS.length * SUB.length + AFTER.length;

/** One student of the file. */
export interface DapodikStudent {
  name: string;
  nipd: string;
  gender: 'L' | 'P';
  nisn: string;
  birthday: string;
  hp: string;
  rombel: string;
  father: string;
  mother: string;
  /** The parents' NIK (16 digits); by default made from the NISN, so each student's parents are their own. */
  fatherNik?: string;
  motherNik?: string;
  /** The "Data Wali" group, empty by default. */
  guardian?: { name: string; nik: string };
  /** The home "Telepon" (Dapodik's landline column), 0274-123456 by default. */
  phone?: string;
}

/** The first header row's line: data starts two lines below it. */
export const DAPODIK_HEADER_LINE = 5;

/** The export's cells of one student (text, as Dapodik writes them: leading zeros kept). */
function rowOf(s: DapodikStudent, no: number): (string | number | null)[] {
  const before = [no, s.name, s.nipd, s.gender, s.nisn, 'Sleman', s.birthday, '3404011705080001', 'Islam', 'Jl. Kaliurang Km 5'];
  const address = ['001', '002', 'Karangasem', 'Caturtunggal', 'Kec. Depok', '55281', 'Bersama orang tua', 'Sepeda motor'];
  const contact = [s.phone ?? '0274-123456', s.hp, '', '', 'Tidak', ''];
  const parent = (name: string, year: number, nik: string) => [
    name,
    year,
    'SMA / sederajat',
    'Wiraswasta',
    'Rp. 2,000,000 - Rp. 4,999,999',
    nik,
  ];
  const guardian = s.guardian ? parent(s.guardian.name, 1965, s.guardian.nik) : [null, null, null, null, null, null];
  const after = [s.rombel, '', '', 'Tidak', '', '', '', '3404-LT-01012008-0001', '', '', '', 'Tidak', '', 'Tidak ada', 'SMP N 1 Depok', 1];
  return [
    ...before,
    ...address,
    ...contact,
    ...parent(s.father, 1975, s.fatherNik ?? `3404${s.nisn.slice(-6)}750001`),
    ...parent(s.mother, 1978, s.motherNik ?? `3404${s.nisn.slice(-6)}780002`),
    ...guardian,
    ...after,
    '-7.77',
    '110.38',
    '3404010101080001',
    45,
    160,
    54,
    1,
    2,
  ];
}

/** The export as an XLSX, its merged header cells merged as Excel stores them. */
export async function dapodikWorkbook(list: DapodikStudent[], school = 'SMK NEGERI 1 CONTOH'): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  ws.getCell('A1').value = 'Daftar Peserta Didik';
  ws.getCell('A2').value = school;
  ws.getCell('A3').value = 'Kecamatan Kec. Depok, Kabupaten Kab. Sleman, Provinsi Prov. D.I. Yogyakarta';
  ws.getCell('A4').value = 'Tanggal Unduh: 2026-07-14 08:12:45';
  ws.getCell('C4').value = 'Pengunduh: operator@smkn1contoh.sch.id (Operator Sekolah)';
  const top = DAPODIK_HEADER_LINE;
  const headers: [number, string][] = [...BEFORE.map((h, i) => [i, h] as [number, string])];
  GROUPS.forEach((g, k) => headers.push([BEFORE.length + k * SUB.length, g]));
  AFTER.forEach((h, i) => headers.push([BEFORE.length + GROUPS.length * SUB.length + i, h]));
  for (const [i, h] of headers) ws.getRow(top).getCell(i + 1).value = h;
  GROUPS.forEach((_, k) => {
    const first = BEFORE.length + k * SUB.length + 1;
    SUB.forEach((h, j) => (ws.getRow(top + 1).getCell(first + j).value = h));
    ws.mergeCells(top, first, top, first + SUB.length - 1);
  });
  for (const [i] of headers) {
    const inGroup = i >= BEFORE.length && i < BEFORE.length + GROUPS.length * SUB.length;
    if (!inGroup) ws.mergeCells(top, i + 1, top + 1, i + 1);
  }
  list.forEach((s, n) => {
    const row = ws.getRow(top + 2 + n);
    rowOf(s, n + 1).forEach((v, i) => {
      if (v !== null && v !== '') row.getCell(i + 1).value = v;
    });
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The NIK of Bunga's and Cahya's father: siblings' rows name one parent (issue 40). */
export const SIBLINGS_FATHER_NIK = '3404011505700003';

/** The students of the committed fixture. */
export const FIXTURE_STUDENTS: DapodikStudent[] = [
  ['Agus Salim', '2122.10.001', 'L', '0081234501', '2008-03-11', '081234567801', 'Budi Salim', 'Siti Salimah'],
  // HPs of 11 and 13 digits, as Dapodik holds many. Bunga and Cahya are siblings (one father, one NIK).
  ['Bunga Lestari', '2122.10.002', 'P', '0081234502', '2008-07-02', '08123456702', 'Hadi Lestari', 'Ani Lestari'],
  ['Cahya Nugraha', '2122.10.003', 'L', '0081234503', '2007-12-25', '0812345678031', 'Hadi Lestari', 'Rina Nugraha'],
].map(([name, nipd, gender, nisn, birthday, hp, father, mother]) => ({
  name: name!,
  nipd: nipd!,
  gender: gender as 'L' | 'P',
  nisn: nisn!,
  birthday: birthday!,
  hp: hp!,
  rombel: 'X TKJ 1',
  father: father!,
  mother: mother!,
  ...(father === 'Hadi Lestari' ? { fatherNik: SIBLINGS_FATHER_NIK } : {}),
  // Cahya also lives with a guardian (Data Wali): three parents, the most one child has.
  ...(name === 'Cahya Nugraha' ? { guardian: { name: 'Slamet Riyadi', nik: '3404012002650004' } } : {}),
}));

export const FIXTURE_PATH = path.join(import.meta.dirname, 'fixtures', 'daftar-peserta-didik.xlsx');

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  fs.mkdirSync(path.dirname(FIXTURE_PATH), { recursive: true });
  fs.writeFileSync(FIXTURE_PATH, await dapodikWorkbook(FIXTURE_STUDENTS));
  console.log(`wrote ${FIXTURE_PATH}`);
}
