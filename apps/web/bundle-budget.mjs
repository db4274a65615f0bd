#!/usr/bin/env node
/**
 * Browser weight budget (issue 7): the login page may load at most 160 KB of gzipped JavaScript and
 * 15 KB of gzipped CSS. "What the login page loads" is the entry script of index.html, the chunks it
 * preloads, and every chunk they import statically (lazy route chunks are not loaded there); its CSS,
 * the style sheets index.html links. Issue 23 lowered the budget from 200 KB: on 400 kbit/s every
 * 10 KB is a fifth of a second before the login page can be used (bench/slow-phone.mjs), and the
 * page was at 144 KB + 10 KB then.
 *
 *   node apps/web/bundle-budget.mjs          # builds into a temporary folder, prints the sizes, fails above the budget
 *   node apps/web/bundle-budget.mjs <dir>    # checks an existing build
 *
 * vite.config.ts prints the same figure after every build.
 *
 * Issue 41: KaTeX, which typesets formulas, is never part of what the login page loads (katexWeight).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

export const LOGIN_BUDGET_KB = 160;
export const LOGIN_CSS_BUDGET_KB = 15;

const gzipKb = (buf) => zlib.gzipSync(buf, { level: 9 }).length / 1024;

/** The JavaScript files the login page loads, with raw and gzipped sizes (KB). */
export function loginPageWeight(outDir) {
  const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const start = [
    ...[...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1]),
    ...[...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]),
  ].map((href) => path.resolve(outDir, href.replace(/^\//, '')));
  const seen = new Set();
  const queue = [...start];
  while (queue.length) {
    const file = queue.shift();
    if (seen.has(file)) continue;
    seen.add(file);
    const code = fs.readFileSync(file, 'utf8');
    // Static imports only: `import{a}from"./x.js"`, `import"./x.js"`, `export{a}from"./x.js"`; not import("./x.js").
    for (const m of code.matchAll(/(?:\bimport|\bexport)\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g)) {
      queue.push(path.resolve(path.dirname(file), m[1]));
    }
  }
  const files = [...seen].map((f) => {
    const buf = fs.readFileSync(f);
    return { file: path.relative(outDir, f), kb: buf.length / 1024, gzipKb: gzipKb(buf) };
  });
  files.sort((a, b) => b.gzipKb - a.gzipKb);
  // Its style sheets: not the signed-in pages' files that the early login form fetches ahead (data-preload).
  const cssFiles = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="\/([^"]+\.css)"/g)].map((m) => m[1]);
  const css = cssFiles.reduce((n, f) => n + gzipKb(fs.readFileSync(path.join(outDir, f))), 0);
  return { files, gzipKb: files.reduce((n, f) => n + f.gzipKb, 0), kb: files.reduce((n, f) => n + f.kb, 0), cssFiles, cssGzipKb: css };
}

/**
 * Mantine classes (m_xxxxxxxx) the login page's JavaScript uses whose styles its style sheets lack,
 * though Mantine's complete styles have them: the first screen loads only its part of Mantine's
 * styles (src/first-screen.css), and a component added to it needs its styles added there too.
 */
export function missingMantineStyles(outDir) {
  const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const css = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="\/([^"]+)"/g)]
    .map((m) => fs.readFileSync(path.join(outDir, m[1]), 'utf8'))
    .join('\n');
  const complete = fs.readFileSync(createRequire(import.meta.url).resolve('@mantine/core/styles.css'), 'utf8');
  const used = new Set(
    loginPageWeight(outDir).files.flatMap((f) => fs.readFileSync(path.join(outDir, f.file), 'utf8').match(/\bm_[0-9a-f]{8}\b/g) ?? []),
  );
  return [...used].filter((c) => complete.includes(`.${c}`) && !css.includes(`.${c}`)).sort();
}

/** KaTeX's code and style sheet carry these: its parser's error text and its own class names. */
const KATEX_MARK = /KaTeX parse error|\.katex-mathml|\.katex-html/;

/**
 * Issue 41: KaTeX (about 80 KB of gzipped JavaScript, its style sheet and fonts) is loaded only by a
 * page showing a formula, never by the login page. `login`: the login page's files (its script, the
 * chunks it imports statically and its style sheets) that hold KaTeX, which must be none; `chunks`:
 * the build's files that do, with their gzipped size (KB), which must not be empty (else the check
 * itself is blind).
 */
export function katexWeight(outDir) {
  const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const css = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="\/([^"]+)"/g)].map((m) => m[1]);
  const loginFiles = [...loginPageWeight(outDir).files.map((f) => f.file.split(path.sep).join('/')), ...css];
  const holds = (file) => KATEX_MARK.test(fs.readFileSync(path.join(outDir, file), 'utf8'));
  const chunks = fs
    .readdirSync(path.join(outDir, 'assets'))
    .filter((f) => /\.(js|css)$/.test(f))
    .map((f) => `assets/${f}`)
    .filter(holds)
    .map((file) => ({ file, gzipKb: gzipKb(fs.readFileSync(path.join(outDir, file))) }));
  return { login: loginFiles.filter(holds), chunks };
}

export function report(w) {
  const lines = w.files.map((f) => `  ${f.file.padEnd(48)} ${f.kb.toFixed(1).padStart(8)} KB  ${f.gzipKb.toFixed(1).padStart(7)} KB gzip`);
  lines.push(
    `  login page JavaScript: ${w.gzipKb.toFixed(1)} KB gzipped (${w.kb.toFixed(1)} KB raw) in ${w.files.length} files — budget ${LOGIN_BUDGET_KB} KB; CSS ${w.cssGzipKb.toFixed(1)} KB gzipped — budget ${LOGIN_CSS_BUDGET_KB} KB`,
  );
  return lines.join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  let outDir = process.argv[2];
  let tmp = null;
  if (!outDir) {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kelasku-web-budget-'));
    outDir = tmp;
    const webDir = path.dirname(fileURLToPath(import.meta.url));
    execFileSync(process.execPath, [path.join(webDir, '../../node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
      cwd: webDir,
      env: { ...process.env, WEB_OUT_DIR: outDir },
      stdio: 'inherit',
    });
  }
  try {
    const w = loginPageWeight(outDir);
    console.log(report(w));
    if (w.gzipKb > LOGIN_BUDGET_KB) {
      console.error(`FAIL: the login page loads ${w.gzipKb.toFixed(1)} KB of gzipped JavaScript, over the ${LOGIN_BUDGET_KB} KB budget.`);
      process.exitCode = 1;
    } else if (w.cssGzipKb > LOGIN_CSS_BUDGET_KB) {
      console.error(`FAIL: the login page loads ${w.cssGzipKb.toFixed(1)} KB of gzipped CSS, over the ${LOGIN_CSS_BUDGET_KB} KB budget.`);
      process.exitCode = 1;
    } else console.log('ok: within the budget');
    const katex = katexWeight(outDir);
    if (katex.login.length) {
      console.error(`FAIL: the login page loads KaTeX (${katex.login.join(', ')}): import it only through src/components/math/load.ts.`);
      process.exitCode = 1;
    } else if (katex.chunks.length === 0) {
      console.error('FAIL: no chunk of the build holds KaTeX: the check for it (KATEX_MARK) no longer recognises it.');
      process.exitCode = 1;
    } else {
      const sizes = katex.chunks.map((c) => `${c.file} ${c.gzipKb.toFixed(1)} KB gzip`).join(', ');
      console.log(`ok: KaTeX is loaded only by the pages showing a formula (${sizes})`);
    }
    const missing = missingMantineStyles(outDir);
    if (missing.length) {
      console.error(
        `FAIL: the login page uses Mantine classes without their styles (${missing.join(', ')}): add the component's file to apps/web/src/first-screen.css.`,
      );
      process.exitCode = 1;
    } else console.log("ok: the login page's style sheet holds the Mantine styles its components use");
  } finally {
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  }
}
