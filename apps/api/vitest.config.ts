import { defineConfig } from 'vitest/config';
import path from 'node:path';

const root = import.meta.dirname;
const databases = ['embedded', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];
/** `npm run test:quick`: the feature tests without the whole-process tests (crashes, the embedded server's life, two instances). */
const quick = process.env.KELASKU_QUICK === '1';
const processTests = [
  'test/crash.test.ts',
  'test/embedded-server.test.ts',
  'test/two-instances.test.ts',
  'test/quiz-crash.test.ts',
  'test/scale-out.test.ts',
  'test/cluster.test.ts',
  'test/embedded-death.test.ts',
  'test/private-folder.test.ts',
];

/**
 * The test files that store or read files: the `s3` project runs them again with the files in a
 * bucket of a local s3rver (S3Storage) instead of the storage folder.
 */
const fileTests = [
  'test/files.test.ts',
  'test/uploads-hostile.test.ts',
  'test/materials.test.ts',
  'test/material-links.test.ts',
  'test/contents.test.ts',
  'test/online-classes.test.ts',
  'test/submissions.test.ts',
  'test/assignment-loop.test.ts',
  'test/submission-zip.test.ts',
  'test/profile.test.ts',
  'test/lesson-copy.test.ts',
  'test/file-links.test.ts',
  'test/two-instances.test.ts',
  'test/resumable.test.ts',
];

/**
 * What runs again on the machine's PostgreSQL (TEST_DATABASE_URL; 15, the oldest the app supports,
 * where the embedded server is 18): a compatibility run of the SQL, not the whole suite a second
 * time. Every endpoint for every role (the authorization matrix), every read endpoint on a seeded
 * school (query counts), backups (pg_dump and restore), the school files' imports, the live bus
 * (LISTEN/NOTIFY), lost connections, quiz attempts and the pipelined statement lanes. The whole suite twice took 91 minutes of CI
 * on a slow 2-core machine, over its 90-minute limit; this run is about a fifth of the second pass.
 */
const postgresTests = [
  'test/authz-matrix.test.ts',
  'test/query-counts.test.ts',
  'test/backup.test.ts',
  'test/imports.test.ts',
  'test/parent-import.test.ts',
  'test/erapor.test.ts',
  'test/fet-import.test.ts',
  'test/live.test.ts',
  'test/fault-recovery.test.ts',
  'test/quiz-attempts.test.ts',
  'test/lanes.test.ts',
];

/**
 * API integration tests: every file runs on the embedded server, the SQL compatibility run above on
 * PostgreSQL when TEST_DATABASE_URL is set, and the file tests on the embedded server with S3
 * storage (`s3`).
 */
export default defineConfig({
  test: {
    root,
    pool: 'forks',
    maxWorkers: 2,
    // Each worker runs its files one after another in one process: the app's modules and their
    // libraries are loaded once per worker, not once per file (loading them was about a third of a
    // file's time). Every file still builds its own app on its own database (test/helpers.ts).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    globalSetup: [path.join(root, 'test/global-setup.ts')],
    projects: [
      ...databases.map((db) => ({
        extends: true as const,
        test: {
          name: db,
          include: db === 'postgres' ? postgresTests : ['test/**/*.test.ts'],
          // The whole-process tests (crashes, SIGTERM, two instances, the cluster, the embedded server's
          // life) test the app's processes, not the database: they run once, on the embedded server
          // (the same PostgreSQL), and the quick run skips them.
          exclude: quick || db === 'postgres' ? processTests : [],
          env: { KELASKU_TEST_DB: db },
        },
      })),
      {
        extends: true as const,
        test: {
          name: 's3',
          include: fileTests,
          exclude: quick ? processTests : [],
          env: { KELASKU_TEST_DB: 'embedded', KELASKU_TEST_STORAGE: 's3' },
        },
      },
    ],
  },
});
