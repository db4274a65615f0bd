import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { launchOptions } from './browsers';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `kelasku-e2e-${port}`);
if (!process.env.TEST_WORKER_INDEX) fs.rmSync(dataDir, { recursive: true, force: true });

/** Browser tests: the real server (demo data on a fresh embedded database) driven by Debian's Chromium. */
export default defineConfig({
  outputDir: path.join(os.tmpdir(), `kelasku-e2e-results-${port}`),
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: process.env.CI ? 2 : 1,
  // On CI one retry: 118 browser tests on a loaded 2-core machine met three different timing flakes in
  // three full runs (each fixed since). A test that passes only on its retry is listed as "flaky" in
  // the output, to be fixed; one that fails twice fails the run.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions,
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  // Tests that change the whole school (@school-wide: the FET import's dozens of teachers, rombels
  // and classes; the next semester, which archives every class) run in a project of their own,
  // which `npm run test:e2e` starts after the others on a fresh server, one test at a time.
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } }, grepInvert: [/@phone/, /@school-wide/] },
    { name: 'phone', use: { viewport: { width: 390, height: 844 } }, grep: /@phone/, grepInvert: /@school-wide/ },
    { name: 'school-wide', use: { viewport: { width: 1280, height: 800 } }, grep: /@school-wide/ },
  ],
  webServer: {
    // What users run: the built server (npm start), serving the built web app.
    command: `node ${path.join(root, 'apps/api/dist/main.js')}`,
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    // SIGTERM, so the app stops its embedded PostgreSQL server too (SIGKILL would leave it running).
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIR: process.env.E2E_WEB_DIR ?? path.join(root, 'apps/web/dist'),
      LOG_LEVEL: 'warn',
      // One trusted proxy: a test may speak for other addresses (X-Forwarded-For), as a school's
      // users behind a balancer do, to reach the per-account login lock (accounts-admin.spec.ts).
      TRUST_PROXY: '1',
    },
  },
});
