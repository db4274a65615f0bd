/**
 * A real school's FET file and the timetable FET generates for it, for the API's FET import test
 * and the browser's (e2e/fet-import.spec.ts): Debian's fet-data ships SMK Negeri 1 Arahan
 * (Indramayu)'s 2016/2017 file; Debian's fet-cl generates its timetable CSV (test/fixtures/fet/README.md).
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

export const SMK_FET_FILE =
  '/usr/share/doc/fet-data/examples/FET-5-official/Indonesia/SMK-Negeri-1-Arahan-Kab-Indramayu/netura_2016-2017.fet';

/**
 * Runs fet-cl on SMK_FET_FILE into `outDir` with fixed seeds (the same timetable every run, about
 * 1–4 s) and returns the path of the timetable CSV it writes. Throws when fet-cl fails.
 */
export function generateFetTimetable(outDir: string): string {
  const seeds = ['10', '11', '12', '20', '21', '22'].map((n, i) => `--randomseeds${n}=${i + 1}`);
  execFileSync(
    'fet-cl',
    [
      `--inputfile=${SMK_FET_FILE}`,
      `--outputdir=${outDir}`,
      '--timelimitseconds=60',
      '--htmllevel=0',
      '--exportcsv=true',
      '--writetimetablesxml=false',
      ...seeds,
    ],
    { stdio: 'ignore', timeout: 90_000 },
  );
  return join(outDir, 'csv', 'netura_2016-2017', 'netura_2016-2017_timetable.csv');
}
