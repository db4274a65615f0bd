import { defineConfig } from 'vitest/config';
import path from 'node:path';

const root = import.meta.dirname;
const databases = ['embedded', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];
/** `npm run test:quick`: the feature tests without the whole-process tests (crashes, the embedded server's life, two instances). */
const quick = process.env.KELASKU_QUICK === '1';
const processTests = ['test/crash.test.ts', 'test/embedded-server.test.ts', 'test/two-instances.test.ts'];

/** API integration tests: every file runs on the embedded server, and on PostgreSQL when TEST_DATABASE_URL is set. */
export default defineConfig({
  test: {
    root,
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    globalSetup: [path.join(root, 'test/global-setup.ts')],
    projects: databases.map((db) => ({
      extends: true,
      test: {
        name: db,
        include: ['test/**/*.test.ts'],
        exclude: [
          ...(quick ? processTests : []),
          // The app's own embedded server is only started without DATABASE_URL.
          ...(db === 'postgres' ? ['test/embedded-server.test.ts'] : []),
        ],
        env: { KELASKU_TEST_DB: db },
      },
    })),
  },
});
