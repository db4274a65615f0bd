#!/usr/bin/env node
/**
 * Slow phone, first visit (issue 23): a phone on mobile data (400 kbit/s both ways, 400 ms latency,
 * Chromium's network emulation; the CPU slowed 4× as a mid-range phone's, and not slowed: the network
 * alone) opens Kelasku with an empty cache, waits for the login page, logs in as the demo student and
 * waits for the student dashboard. Goals of the issue: the login page usable within 4 s, the
 * dashboard within 6 s of logging in.
 *
 * The real built server (apps/api/dist/main.js, child process, a fresh data folder with the demo
 * school) serves a built web app; Debian's Chromium (/usr/bin/chromium, CHROMIUM_PATH to change it)
 * is driven through Playwright, a fresh browser context (empty cache, no service worker) per run at
 * a 390 × 844 phone viewport. Times are taken inside the page (performance.now()):
 *
 *   first paint          first contentful paint after the navigation started (the logo and "Memuat…"
 *                        of index.html, or whatever the page paints first)
 *   login usable         the username field is in the page, visible and enabled (in a painted frame)
 *   dashboard            from pressing "Masuk" until the student dashboard shows its content: the
 *                        list of work due (or its "nothing due" line) and the first class card
 *
 * Before pressing "Masuk" the student types for SLOW_TYPING seconds (default 5: a username and a
 * password on a phone keyboard); what the page loads meanwhile is counted apart.
 *
 *   node bench/slow-phone.mjs                               # apps/web/dist; writes bench/RESULTS-slow-phone.md
 *   node bench/slow-phone.mjs before=/tmp/web-a after=/tmp/web-b   # compares builds (the runs alternate)
 *   SLOW_RUNS=3 SLOW_TYPING=5 SLOW_CPU=4,1 SLOW_RESULTS=- SLOW_VERBOSE=1 node bench/slow-phone.mjs
 *
 * SLOW_CPU lists the CPU slowdowns to measure: 4 (a mid-range phone) and 1 (the network alone) by default.
 *
 * SLOW_VERBOSE=1 prints every request of every run with its start and end (a waterfall). Exports
 * run(opts) → markdown lines, for bench/run.mjs. The part of the results file from "## History" on
 * (numbers kept by hand, e.g. before and after a change) is kept when the file is rewritten.
 */
/* global window, document, getComputedStyle, requestAnimationFrame, MutationObserver -- pageProbe and the waits run in the page */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { ROOT, freePort, median, runWhenMain, serverArgs, sleep } from './lib.mjs';
import { fullBrowser } from '../e2e/browsers.ts';

/** The connection and the phone: the issue's 400 kbit/s and 400 ms, a 390 × 844 screen. */
export const PROFILE = { latencyMs: 400, kbitPerSecond: 400, viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 };
/** CPU slowdowns measured: 4× (a mid-range phone, as Lighthouse's mobile profile) and 1× (the network alone, the issue's wording). */
const CPU_SLOWDOWNS = (process.env.SLOW_CPU ?? '4,1').split(',').map(Number);
/** The issue's goals: login page usable within 4 s, the student dashboard within 6 s of logging in. */
export const GOAL = { loginMs: 4000, dashboardMs: 6000 };
const STUDENT = { username: 'siswa', password: 'siswa123' };

const log = (...a) => console.error('[slow-phone]', ...a);

async function startServer(webDir) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kelasku-slow-phone-'));
  const port = await freePort();
  const child = spawn(process.execPath, serverArgs(), {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIR: webDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: '1',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(30_000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    await fs.rm(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; i < 1800; i++) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`server exited:\n${output}`);
    }
    const up = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { base, stop };
    await sleep(100);
  }
  await stop();
  throw new Error(`server did not start within 180 s:\n${output}`);
}

/**
 * Runs in the page before its own scripts: notes (performance.now()) when the username field is
 * usable, when the form is sent, and when the dashboard shows the work due and a class card.
 */
function pageProbe() {
  const t = {};
  window.__slowPhone = t;
  const shown = (el) => {
    if (!el) return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  };
  // The frame that paints a change starts at the next animation frame.
  const mark = (key) => {
    if (t[key] !== undefined || t[`${key}Pending`]) return;
    t[`${key}Pending`] = true;
    requestAnimationFrame(() => (t[key] = performance.now()));
  };
  const check = () => {
    const user = document.querySelector('input[name="username"]');
    if (user && !user.disabled && shown(user)) mark('loginUsable');
    if (t.submit === undefined) return;
    const upcoming = document.querySelector('[aria-labelledby="upcoming-title"]');
    if (upcoming && (upcoming.querySelector('li') || /Tidak ada tugas/.test(upcoming.textContent ?? ''))) mark('upcoming');
    if ([...document.querySelectorAll('article')].some(shown)) mark('classes');
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
  document.addEventListener('submit', () => (t.submit ??= performance.now()), true);
}

/** One visit: fresh context, slow network and CPU, login page, login, dashboard. */
async function visit(browser, base, typingMs, cpuSlowdown) {
  const context = await browser.newContext({
    viewport: PROFILE.viewport,
    deviceScaleFactor: PROFILE.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
    // A service worker's own requests escape the page's network emulation: the first visit is measured without one.
    serviceWorkers: 'block',
  });
  try {
    const page = await context.newPage();
    await page.addInitScript(pageProbe);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const bytesPerSecond = (PROFILE.kbitPerSecond * 1000) / 8;
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: PROFILE.latencyMs,
      downloadThroughput: bytesPerSecond,
      uploadThroughput: bytesPerSecond,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    const requests = new Map();
    cdp.on('Network.requestWillBeSent', (e) => {
      if (!/^https?:/.test(e.request.url)) return;
      requests.set(e.requestId, {
        url: e.request.url,
        type: e.type ?? '',
        wall: e.wallTime * 1000,
        start: e.timestamp,
        bytes: 0,
        done: false,
      });
    });
    cdp.on('Network.responseReceived', (e) => {
      const r = requests.get(e.requestId);
      if (r)
        Object.assign(r, {
          status: e.response.status,
          encoding: e.response.headers['content-encoding'] ?? e.response.headers['Content-Encoding'],
        });
    });
    cdp.on('Network.loadingFinished', (e) => {
      const r = requests.get(e.requestId);
      if (r) Object.assign(r, { bytes: e.encodedDataLength, end: e.timestamp, done: true });
    });
    cdp.on('Network.loadingFailed', (e) => {
      const r = requests.get(e.requestId);
      if (r) Object.assign(r, { end: e.timestamp, failed: e.errorText });
    });

    await page.goto(`${base}/`, { waitUntil: 'commit', timeout: 120_000 });
    await page.waitForFunction(() => window.__slowPhone?.loginUsable !== undefined, null, { timeout: 120_000, polling: 100 });
    // The student types (modelled by a pause); then the form is filled and sent.
    await sleep(typingMs);
    await page.getByLabel('Username atau email').fill(STUDENT.username);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(STUDENT.password);
    await page.getByRole('button', { name: 'Masuk' }).click();
    await page.waitForFunction(() => window.__slowPhone?.upcoming !== undefined && window.__slowPhone?.classes !== undefined, null, {
      timeout: 120_000,
      polling: 100,
    });
    const t = await page.evaluate(() => {
      const paint = Object.fromEntries(performance.getEntriesByType('paint').map((p) => [p.name, p.startTime]));
      return { ...window.__slowPhone, fp: paint['first-paint'], fcp: paint['first-contentful-paint'], origin: performance.timeOrigin };
    });
    const dashboard = Math.max(t.upcoming, t.classes);
    // Each request placed in the page's timeline (wall clock against the page's time origin).
    const monoToPage = [...requests.values()].map((r) => r.wall - t.origin - r.start * 1000).sort((a, b) => a - b)[0] ?? 0;
    const list = [...requests.values()].map((r) => ({
      ...r,
      at: r.wall - t.origin,
      until: r.end !== undefined ? r.end * 1000 + monoToPage : undefined,
    }));
    // A request counts for the phase in which it ended (what the page waited for); one still open, where it began.
    const phase = (r) => {
      const at = r.until ?? r.at;
      return at <= t.loginUsable ? 'login' : at <= t.submit ? 'typing' : at <= dashboard ? 'dashboard' : 'after';
    };
    const sum = (name) => {
      const rs = list.filter((r) => phase(r) === name);
      return {
        requests: rs.length,
        kb: rs.reduce((n, r) => n + r.bytes, 0) / 1024,
        api: rs.filter((r) => new URL(r.url).pathname.startsWith('/api/')).length,
      };
    };
    return {
      fcp: t.fcp ?? t.fp,
      loginUsable: t.loginUsable,
      dashboard: dashboard - t.submit,
      upcoming: t.upcoming - t.submit,
      classes: t.classes - t.submit,
      login: sum('login'),
      typing: sum('typing'),
      dash: sum('dashboard'),
      compressed: list
        .filter((r) => /\.(js|css)$/.test(new URL(r.url).pathname))
        .every((r) => r.encoding === 'br' || r.encoding === 'gzip'),
      waterfall: list
        .sort((a, b) => a.at - b.at)
        .map(
          (r) =>
            `    ${phase(r).padEnd(9)} ${r.at.toFixed(0).padStart(6)} → ${(r.until ?? NaN).toFixed(0).padStart(6)} ms ${(r.bytes / 1024).toFixed(1).padStart(7)} KB ${String(r.status ?? r.failed ?? '').padEnd(4)} ${r.encoding ?? ''} ${new URL(r.url).pathname}`,
        ),
    };
  } finally {
    await context.close();
  }
}

const s = (ms) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : '–');
const goalMark = (ms, goal) =>
  ms <= goal ? `${s(ms)} (goal ≤ ${s(goal).replace('.00', '')}: met)` : `**${s(ms)}** (goal ≤ ${s(goal).replace('.00', '')}: **missed**)`;

/** The builds to measure: label=dir arguments, or apps/web/dist. */
function buildsFrom(args) {
  const list = args.map((a, i) =>
    a.includes('=') ? { label: a.split('=')[0], dir: a.slice(a.indexOf('=') + 1) } : { label: `build ${i + 1}`, dir: a },
  );
  return list.length ? list : [{ label: 'this build', dir: path.join(ROOT, 'apps/web/dist') }];
}

export async function run(opts = {}) {
  const runs = Number(opts.runs ?? process.env.SLOW_RUNS ?? 3);
  const typingMs = Number(opts.typingSeconds ?? process.env.SLOW_TYPING ?? 5) * 1000;
  const verbose = process.env.SLOW_VERBOSE === '1';
  const builds = (opts.builds ?? buildsFrom(process.argv.slice(2))).map((b) => ({ ...b, dir: path.resolve(b.dir) }));
  const resultsFile =
    opts.resultsFile !== undefined
      ? opts.resultsFile
      : process.env.SLOW_RESULTS === '-'
        ? null
        : path.resolve(ROOT, process.env.SLOW_RESULTS ?? 'bench/RESULTS-slow-phone.md');
  for (const b of builds) {
    if (!existsSync(path.join(b.dir, 'index.html')))
      throw new Error(`${b.dir} holds no built web app: npm run build -w apps/web (WEB_OUT_DIR=dir)`);
  }
  // The full browser, as a phone runs (not the tests' headless shell).
  const { executablePath } = fullBrowser;
  const browser = await chromium.launch(fullBrowser);
  const servers = [];
  const load = os.loadavg()[0];
  try {
    for (const b of builds) {
      log(`starting the server for ${b.label} (${b.dir}) …`);
      servers.push(await startServer(b.dir));
      // Warm-up: the server's code paths and the password hasher ran once before anything is timed.
      const base = servers.at(-1).base;
      await fetch(`${base}/`).then((r) => r.text());
      await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(STUDENT) });
    }
    // One column per CPU slowdown and build; the runs go round all of them, so a machine that gets busier or quieter affects each alike.
    const columns = CPU_SLOWDOWNS.flatMap((cpu) =>
      builds.map((b, j) => ({
        label: `${b.label}, ${cpu === 1 ? 'network only' : `CPU ${cpu}×`}`,
        base: () => servers[j].base,
        cpu,
        results: [],
      })),
    );
    for (let i = 0; i < runs; i++) {
      for (const c of columns) {
        const r = await visit(browser, c.base(), typingMs, c.cpu);
        c.results.push(r);
        log(
          `${c.label} run ${i + 1}: first paint ${s(r.fcp)}, login usable ${s(r.loginUsable)} (${r.login.requests} requests, ${r.login.kb.toFixed(0)} KB), ` +
            `dashboard ${s(r.dashboard)} after "Masuk" (${r.dash.requests} requests, ${r.dash.api} to the API, ${r.dash.kb.toFixed(0)} KB)`,
        );
        if (verbose) console.error(r.waterfall.join('\n'));
      }
    }
    const med = (c, f) => median(c.results.map(f));
    const row = (name, f, fmt = s) => `| ${name} | ${columns.map((c) => fmt(med(c, f))).join(' | ')} |`;
    const num = (x) => (Number.isFinite(x) ? x.toFixed(0) : '–');
    const kb = (x) => (Number.isFinite(x) ? `${x.toFixed(0)} KB` : '–');
    const lines = [
      '## Slow phone, first visit',
      '',
      `A phone on mobile data opens Kelasku with an empty cache: Chromium's network emulation (CDP \`Network.emulateNetworkConditions\`: ` +
        `${PROFILE.kbitPerSecond} kbit/s down and up, ${PROFILE.latencyMs} ms latency per request), the CPU ${CPU_SLOWDOWNS.map((c) => (c === 1 ? 'not slowed (network only)' : `slowed ${c}×`)).join(' and ')} ` +
        `(\`Emulation.setCPUThrottlingRate\`), ${PROFILE.viewport.width} × ${PROFILE.viewport.height} viewport (device scale ${PROFILE.deviceScaleFactor}, touch), ` +
        `a fresh browser context per run (empty cache, service workers blocked). The built server (apps/api/dist/main.js, child process, fresh embedded database with the demo school) serves the web build; ` +
        `Debian Chromium (${executablePath}) through Playwright. The student (\`${STUDENT.username}\`) types for ${typingMs / 1000} s, presses "Masuk", and the dashboard counts as shown when it lists the work due and the first class card. ` +
        `"Requests" and "bytes" count what ended in that phase (what the page waited for; bytes as transferred, headers included). ` +
        `Median of ${runs} run${runs === 1 ? '' : 's'} per column, the runs going round the columns. ` +
        `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.version}, load average ${load.toFixed(1)} at the start. Run ${new Date().toISOString()}.`,
      '',
      `Command: \`${opts.command ?? ['node bench/slow-phone.mjs', ...process.argv.slice(2)].join(' ')}\``,
      '',
      `| median | ${columns.map((c) => c.label).join(' | ')} |`,
      `| --- | ${columns.map(() => '---:').join(' | ')} |`,
      row('first paint (first contentful paint)', (r) => r.fcp),
      row('login page usable (username field)', (r) => r.loginUsable),
      row('requests until then', (r) => r.login.requests, num),
      row('bytes until then', (r) => r.login.kb, kb),
      row(`requests while typing (${typingMs / 1000} s)`, (r) => r.typing.requests, num),
      row('bytes while typing', (r) => r.typing.kb, kb),
      row('"Masuk" → work due shown', (r) => r.upcoming),
      row('"Masuk" → class cards shown', (r) => r.classes),
      row('"Masuk" → dashboard shown (both)', (r) => r.dashboard),
      row('requests "Masuk" → dashboard', (r) => r.dash.requests, num),
      row('… of them API calls', (r) => r.dash.api, num),
      row('bytes "Masuk" → dashboard', (r) => r.dash.kb, kb),
      '',
      ...columns.flatMap((c) => [
        `- ${c.label}: login page usable ${goalMark(
          med(c, (r) => r.loginUsable),
          GOAL.loginMs,
        )}, dashboard ${goalMark(
          med(c, (r) => r.dashboard),
          GOAL.dashboardMs,
        )} after "Masuk"; ` +
          `every run: login ${c.results.map((r) => s(r.loginUsable)).join(', ')}; dashboard ${c.results.map((r) => s(r.dashboard)).join(', ')}; ` +
          `scripts and styles compressed (br/gzip): ${c.results.every((r) => r.compressed) ? 'yes' : '**no**'}.`,
      ]),
      '',
    ];
    if (resultsFile) {
      const old = existsSync(resultsFile) ? readFileSync(resultsFile, 'utf8') : '';
      const kept = old.indexOf('\n## History');
      await fs.writeFile(
        resultsFile,
        `# Kelasku benchmark: slow phone, first visit\n\n${lines.join('\n')}${kept >= 0 ? old.slice(kept) : ''}`,
      );
    }
    return lines;
  } finally {
    await browser.close();
    for (const server of servers) await server.stop();
  }
}

runWhenMain(import.meta.url, run);
