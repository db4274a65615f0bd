// @vitest-environment node
/**
 * The import rules of eslint.config.js (issue 36) catch what they are for: an upward import in the
 * web's layers, a feature importing another one it does not compose, and an import cycle (in the web
 * and in the API, whose imports end in `.js`). A downward import passes, and so does a cycle made
 * of type-only imports (they vanish at run time: a documented choice of the config).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

// The web's tsconfig has no Node types (browser code): node:fs comes in untyped, through a variable.
interface FsLike {
  mkdirSync(path: string, options: { recursive: boolean }): void;
  writeFileSync(path: string, text: string): void;
  rmSync(path: string, options: { recursive: boolean; force: boolean }): void;
}
const fsModule: string = 'node:fs';

const repoRoot = decodeURIComponent(new URL('../../../../', import.meta.url).pathname);
const tag = `.lint-fixtures-${Math.random().toString(36).slice(2, 10)}`;
const webDir = `apps/web/src/test/${tag}`;
const apiDir = `apps/api/src/${tag}`;

let fs: FsLike;
let eslint: ESLint;

/** The rule ids ESLint reports for `code` as if it were the file `filePath` (relative to the repository). */
async function rulesFor(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}${filePath}` });
  return (result?.messages ?? []).map((m) => m.ruleId ?? `fatal: ${m.message}`);
}

/** The rule ids ESLint reports for the file on disk. */
async function rulesOfFile(filePath: string): Promise<string[]> {
  const [result] = await eslint.lintFiles([`${repoRoot}${filePath}`]);
  return (result?.messages ?? []).map((m) => m.ruleId ?? `fatal: ${m.message}`);
}

beforeAll(async () => {
  fs = (await import(/* @vite-ignore */ fsModule)) as FsLike;
  eslint = new ESLint({ cwd: repoRoot });
  const write = (file: string, text: string) => fs.writeFileSync(`${repoRoot}${file}`, text);
  fs.mkdirSync(`${repoRoot}${webDir}`, { recursive: true });
  fs.mkdirSync(`${repoRoot}${apiDir}`, { recursive: true });
  // A run-time cycle in the web (extension-less imports).
  write(`${webDir}/a.ts`, "import { b } from './b';\nexport const a = () => b() + 1;\n");
  write(`${webDir}/b.ts`, "import { a } from './a';\nexport const b = () => (a.length > 1 ? 1 : 0);\n");
  // A cycle of type-only imports: allowed.
  write(`${webDir}/t1.ts`, "import type { T2 } from './t2';\nexport interface T1 {\n  next: T2 | null;\n}\n");
  write(`${webDir}/t2.ts`, "import type { T1 } from './t1';\nexport interface T2 {\n  next: T1 | null;\n}\n");
  // A run-time cycle in the API (`.js` suffixes naming `.ts` files).
  write(`${apiDir}/a.ts`, "import { b } from './b.js';\nexport const a = () => b() + 1;\n");
  write(`${apiDir}/b.ts`, "import { a } from './a.js';\nexport const b = () => (a.length > 1 ? 1 : 0);\n");
}, 60_000);

afterAll(() => {
  fs?.rmSync(`${repoRoot}${webDir}`, { recursive: true, force: true });
  fs?.rmSync(`${repoRoot}${apiDir}`, { recursive: true, force: true });
});

describe('import cycles (import-x/no-cycle)', () => {
  it('are caught in the web', async () => {
    expect(await rulesOfFile(`${webDir}/a.ts`)).toContain('import-x/no-cycle');
  }, 60_000);

  it('are caught in the API, through its .js suffixes', async () => {
    expect(await rulesOfFile(`${apiDir}/a.ts`)).toContain('import-x/no-cycle');
  }, 60_000);

  it('do not count type-only imports', async () => {
    expect(await rulesOfFile(`${webDir}/t1.ts`)).toEqual([]);
  }, 60_000);
});

describe("the web's layers (no-restricted-imports)", () => {
  const upward: [string, string][] = [
    ['apps/web/src/lib/x.ts', "import { UsersPage } from '../features/users/UsersPage';\nexport const x = UsersPage;\n"],
    ['apps/web/src/lib/x.ts', "import { api } from '../api/client';\nexport const x = api;\n"],
    ['apps/web/src/lib/x.ts', "import { QueryState } from '../components/QueryState';\nexport const x = QueryState;\n"],
    ['apps/web/src/api/x.ts', "import { AppLayout } from '../layout/AppLayout';\nexport const x = AppLayout;\n"],
    ['apps/web/src/components/X.tsx', "import { router } from '../router';\nexport const x = router;\n"],
    [
      'apps/web/src/offline/x.ts',
      "import { SubmissionPage } from '../features/submissions/SubmissionPage';\nexport const x = SubmissionPage;\n",
    ],
    ['apps/web/src/live/x.ts', "import { subscribeToSession } from '../session-subscribers';\nexport const x = subscribeToSession;\n"],
    ['apps/web/src/uploads/x.ts', "import { HandInForm } from '../features/submissions/HandInForm';\nexport const x = HandInForm;\n"],
    ['apps/web/src/features/profile/x.ts', "import { useClassMenu } from '../../layout/useClassMenu';\nexport const x = useClassMenu;\n"],
    ['apps/web/src/features/quizzes/teacher/x.ts', "import { router } from '../../../router';\nexport const x = router;\n"],
    // A feature that does not compose the other one.
    ['apps/web/src/features/users/x.ts', "import { QuizItem } from '../quizzes/teacher/QuizItem';\nexport const x = QuizItem;\n"],
  ];

  it.each(upward)(
    'refuse an upward import in %s',
    async (filePath, code) => {
      expect(await rulesFor(code, filePath)).toContain('no-restricted-imports');
    },
    60_000,
  );

  const downward: [string, string][] = [
    ['apps/web/src/api/x.ts', "import { formatFileSize } from '../lib/format';\nexport const x = formatFileSize;\n"],
    ['apps/web/src/components/X.tsx', "import { api } from '../api/client';\nexport const x = api;\n"],
    ['apps/web/src/features/users/x.ts', "import { QueryState } from '../../components/QueryState';\nexport const x = QueryState;\n"],
    ['apps/web/src/layout/x.ts', "import { ProfilePage } from '../features/profile/ProfilePage';\nexport const x = ProfilePage;\n"],
    // A composition the config allows: the class page's cards hold quizzes.
    ['apps/web/src/features/online-classes/x.ts', "import { QuizItem } from '../quizzes/teacher/QuizItem';\nexport const x = QuizItem;\n"],
  ];

  it.each(downward)(
    'let a downward import pass in %s',
    async (filePath, code) => {
      expect(await rulesFor(code, filePath)).toEqual([]);
    },
    60_000,
  );
});

describe('sizes and role ids (max-lines-per-function, no-restricted-syntax)', () => {
  const body = (lines: number) => Array.from({ length: lines }, (_, i) => `  total += ${i};`).join('\n');
  // A function of `lines` + 4 lines.
  const fn = (lines: number) => `export function long(): number {\n  let total = 0;\n${body(lines)}\n  return total;\n}\n`;

  it('refuse a function over 150 lines in src, and let one of 150 pass', async () => {
    expect(await rulesFor(fn(147), 'apps/api/src/features/users/x.ts')).toContain('max-lines-per-function');
    expect(await rulesFor(fn(146), 'apps/api/src/features/users/x.ts')).toEqual([]);
  }, 60_000);

  it('refuse a role compared with a bare number, and let ROLE_IDS pass', async () => {
    const bare = 'export const isStudent = (u: { roleId: number }) => u.roleId === 3;\n';
    const named =
      "import { ROLE_IDS } from '@kelasku/contract';\nexport const isStudent = (u: { roleId: number }) => u.roleId === ROLE_IDS.student;\n";
    expect(await rulesFor(bare, 'apps/api/src/features/users/x.ts')).toContain('no-restricted-syntax');
    expect(await rulesFor('export const f = (u: { role_id: number }) => 1 !== u.role_id;\n', 'apps/web/src/lib/x.ts')).toContain(
      'no-restricted-syntax',
    );
    expect(await rulesFor(named, 'apps/api/src/features/users/x.ts')).toEqual([]);
  }, 60_000);
});

describe("the API's shared services (no-restricted-imports)", () => {
  it('refuse importing a feature, and let a service import another service', async () => {
    const upward = "import { storageFull } from '../features/notifications/events.js';\nexport const x = storageFull;\n";
    const sideways = "import { HttpError } from '../http/errors.js';\nexport const x = HttpError;\n";
    expect(await rulesFor(upward, 'apps/api/src/files/x.ts')).toContain('no-restricted-imports');
    expect(await rulesFor(sideways, 'apps/api/src/files/x.ts')).toEqual([]);
  }, 60_000);
});
