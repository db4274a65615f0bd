/**
 * The feature boundary of eslint.config.js: a feature's routes.ts is imported by the route
 * registry (src/features/index.ts) and by nobody else. Lints snippets with ESLint's Node API as
 * if they lived at the given paths (the files need not exist); no database involved.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../../..');
const featuresDir = path.join(repo, 'apps/api/src/features');
// Two real feature folders: the config reads the folder list from disk.
const [a, b] = fs
  .readdirSync(featuresDir, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();

let eslint: ESLint;

/** Line numbers of boundary violations when `code` sits at `file` (relative to the repo). */
async function violations(file: string, code: string): Promise<number[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repo, file) });
  expect(result, file).toBeDefined();
  const messages = result!.messages;
  // A fatal message (parse error, "file ignored") would make an empty list meaningless.
  expect(
    messages.filter((m) => m.fatal || m.ruleId === null),
    file,
  ).toEqual([]);
  return messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.line);
}

describe('lint: feature boundaries', () => {
  beforeAll(() => {
    expect(a && b, 'at least two feature folders').toBeTruthy();
    eslint = new ESLint({ cwd: repo, overrideConfigFile: path.join(repo, 'eslint.config.js') });
  });

  it("refuses another feature's routes inside a feature, however it is spelt", async () => {
    const code = [
      `import { x } from '../${b}/routes.js';`,
      `import y from '../${b}/routes';`,
      `import type { Z } from '../${b}/routes.ts';`,
      `export { w } from '../../features/${b}/routes.js';`,
      `export * from '../${b}/routes.js';`,
      'export const v: Z = [x, y];',
    ].join('\n');
    expect(await violations(`apps/api/src/features/${a}/routes.ts`, code)).toEqual([1, 2, 3, 4, 5]);
    expect(await violations(`apps/api/src/features/${a}/queries.ts`, code)).toEqual([1, 2, 3, 4, 5]);
    // From a subfolder of a feature too.
    const nested = `import { x } from '../../${b}/routes.js';\nexport const v = x;`;
    expect(await violations(`apps/api/src/features/${a}/parts/present.ts`, nested)).toEqual([1]);
  });

  it("allows the feature's own routes and any feature's queries", async () => {
    const code = [
      `import { own } from './routes.js';`,
      `import { mine } from './queries.js';`,
      `import { theirs } from '../${b}/queries.js';`,
      `import { present } from '../${b}/present.js';`,
      `import fileRoutes from '../../files/routes.js';`,
      `import { shared } from '../users-shared.js';`,
      'export const v = [own, mine, theirs, present, fileRoutes, shared];',
    ].join('\n');
    expect(await violations(`apps/api/src/features/${a}/routes.ts`, code)).toEqual([]);
    expect(await violations(`apps/api/src/features/${a}/parts/x.ts`, code.replace("'./routes.js'", "'../routes.js'"))).toEqual([]);
  });

  it('lets only the registry import routes from outside the feature folders', async () => {
    const code = `import * as r from './${a}/routes.js';\nexport const v = r;`;
    expect(await violations('apps/api/src/features/index.ts', code)).toEqual([]);
    expect(await violations('apps/api/src/features/users-shared.ts', code)).toEqual([1]);
    expect(await violations('apps/api/src/app.ts', code.replace('./', './features/'))).toEqual([1]);
    expect(await violations('apps/api/src/http/errors.ts', code.replace('./', '../features/'))).toEqual([1]);
    expect(await violations('apps/api/test/some.test.ts', code.replace('./', '../src/features/'))).toEqual([1]);
    // A feature's queries stay importable from anywhere.
    expect(await violations('apps/api/test/some.test.ts', code.replace('./', '../src/features/').replace('routes', 'queries'))).toEqual([]);
  });
});
