#!/usr/bin/env node
/**
 * A returning student's phone: what the browser itself spends on each page of the app, with the
 * service worker in the path (as every phone has it after the first visit) and without it.
 *
 * The real built server (apps/api/dist/main.js, a fresh data folder with the demo school) serves the
 * built web app; Debian's Chromium headless shell is driven through Playwright at a 390 × 844
 * viewport. The demo student logs in; with the worker allowed the test waits until it controls the
 * page. A warm-up pass opens each page once (its chunks load and, with the worker, are kept); then
 * PHONE_PASSES passes tap the app's own links — a class card of the dashboard, then Presensi, Tugas
 * Saya and Nilai Saya in the bottom bar — back to the dashboard each time, waiting until no API
 * request has been in flight for half a second. What is measured is the CPU time (user + system, /proc) of every Chromium
 * process over those passes — the page, the worker, the browser's network and storage threads —
 * and the API requests the page made. Runs alternate: with, without, with, without…
 *
 *   node bench/phone-reads.mjs                 # writes bench/RESULTS-phone-reads.md
 *   PHONE_RUNS=3 PHONE_PASSES=3 PHONE_RESULTS=- node bench/phone-reads.mjs
 *
 * CPU is the machine's, not a phone's: compare the two columns, not the milliseconds with a phone.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { ROOT, cpuMs, median, processTree, runWhenMain, startServer, stopServer } from './lib.mjs';
import { launchOptions } from '../e2e/browsers.ts';

const RUNS = Number(process.env.PHONE_RUNS ?? 3);
const PASSES = Number(process.env.PHONE_PASSES ?? 3);
const STUDENT = { username: 'siswa', password: 'siswa123' };
/** The student's pages, by the links a phone shows: a class card of the dashboard, the bottom bar's. */
const bottomBar = (page, href) => page.getByRole('navigation', { name: 'Navigasi bawah' }).locator(`a[href="${href}"]`);
const PAGES = [
  (page) => page.getByRole('main').locator('a[href^="/my-classes/"]').first(),
  (page) => bottomBar(page, '/presensi'),
  (page) => bottomBar(page, '/my-work'),
  (page) => bottomBar(page, '/my-grades'),
];

const log = (...a) => console.error('[phone-reads]', ...a);

/** CPU ms of this process's descendants (Playwright's Chromium) other than the server's tree. */
function browserCpuMs(serverPid) {
  const server = new Set(processTree(serverPid));
  return processTree(process.pid)
    .filter((p) => p !== process.pid && !server.has(p))
    .reduce((sum, p) => sum + cpuMs(p), 0);
}

/** Resolves once no API request (the live stream aside) has been in flight for 500 ms. */
async function quiet(page, state) {
  for (;;) {
    if (state.count === 0 && Date.now() - state.changed >= 500) return;
    await page.waitForTimeout(100);
  }
}

async function oneRun(browser, base, serverPid, worker) {
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
    serviceWorkers: worker ? 'allow' : 'block',
  });
  try {
    const page = await context.newPage();
    const state = { count: 0, changed: Date.now(), api: 0 };
    const counted = (r) => r.url().includes('/api/') && !r.url().includes('/api/live');
    page.on('request', (r) => counted(r) && (state.count++, state.api++, (state.changed = Date.now())));
    const done = (r) => counted(r) && ((state.count = Math.max(0, state.count - 1)), (state.changed = Date.now()));
    page.on('requestfinished', done);
    page.on('requestfailed', done);

    await page.goto('/login');
    await page.getByLabel('Username atau email').fill(STUDENT.username);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(STUDENT.password);
    await page.getByRole('button', { name: 'Masuk' }).click();
    await page.waitForURL(/\/dashboard$/);
    if (worker)
      await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', undefined, { timeout: 30_000 });
    const pass = async () => {
      for (const link of PAGES) {
        await link(page).click();
        await quiet(page, state);
        await bottomBar(page, '/dashboard').click();
        await quiet(page, state);
      }
    };
    await quiet(page, state);
    await pass(); // warm-up: each page's chunks load once

    const cpu0 = browserCpuMs(serverPid);
    const api0 = state.api;
    for (let i = 0; i < PASSES; i++) await pass();
    const pages = PASSES * PAGES.length * 2;
    return { cpuMs: browserCpuMs(serverPid) - cpu0, pages, api: state.api - api0 };
  } finally {
    await context.close();
  }
}

export async function run({ results = process.env.PHONE_RESULTS ?? path.join(ROOT, 'bench/RESULTS-phone-reads.md') } = {}) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kelasku-phone-reads-'));
  const { child, base } = await startServer({
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED_DEMO: '1',
    WEB_DIR: path.join(ROOT, 'apps/web/dist'),
  });
  const browser = await chromium.launch(launchOptions);
  const runs = { with: [], without: [] };
  try {
    for (let i = 0; i < RUNS; i++) {
      for (const worker of [true, false]) {
        const r = await oneRun(browser, base, child.pid, worker);
        log(`run ${i + 1} ${worker ? 'with' : 'without'} the worker: ${r.cpuMs} ms CPU, ${r.pages} pages, ${r.api} API reads`);
        runs[worker ? 'with' : 'without'].push(r);
      }
    }
  } finally {
    await browser.close();
    await stopServer(child);
    await fs.rm(dataDir, { recursive: true, force: true });
  }
  const row = (label, rs) => {
    const perPage = median(rs.map((r) => r.cpuMs / r.pages));
    const perRead = median(rs.map((r) => r.cpuMs / r.api));
    const line = `| ${label} | ${rs.map((r) => r.cpuMs).join(', ')} | ${rs[0].pages} | ${rs[0].api} | ${perPage.toFixed(1)} ms | ${perRead.toFixed(1)} ms |`;
    return { perPage, line };
  };
  const w = row('with the service worker', runs.with);
  const wo = row('without it', runs.without);
  const lines = [
    "## A returning student's phone: the browser's CPU per page, with and without the service worker",
    '',
    `\`node bench/phone-reads.mjs\`, ${new Date().toISOString().slice(0, 10)}, ${os.cpus()[0]?.model ?? 'unknown CPU'} × ${os.availableParallelism()}: ` +
      `${RUNS} runs each (alternating), ${PASSES} passes of ${PAGES.length} pages and back per run after a warm-up pass, ` +
      'CPU of every Chromium process (page, worker, browser) from /proc.',
    '',
    '| | CPU per run (ms) | pages | API reads | median CPU per page | median CPU per API read |',
    '| --- | --- | ---: | ---: | ---: | ---: |',
    w.line,
    wo.line,
    '',
    `The service worker adds ${(w.perPage - wo.perPage).toFixed(1)} ms of browser CPU per page (+${((w.perPage / wo.perPage - 1) * 100).toFixed(0)} %).`,
  ];
  if (results !== '-') {
    const old = await fs.readFile(results, 'utf8').catch(() => '');
    const history = old.indexOf('\n## History');
    const title = '# Kelasku benchmark: a returning phone\n\n';
    await fs.writeFile(results, title + lines.join('\n') + '\n' + (history >= 0 ? old.slice(history) : ''));
  }
  return lines;
}

runWhenMain(import.meta.url, () => run());
