import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { loginPageWeight, report } from './bundle-budget.mjs';

let outDir = '';

/** The app's colour (Mantine teal 9, the primary shade of main.tsx) for the browser's bar and the installed app. */
const THEME_COLOR = '#087f5b';

/** The scripts and style sheets the login page loads (paths relative to the build folder): the precached app shell. */
function loginPageFiles(dir: string): Set<string> {
  const weight = loginPageWeight(dir);
  return new Set([...weight.files.map((f: { file: string }) => f.file.split(path.sep).join('/')), ...weight.cssFiles]);
}

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;

function precompress(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) precompress(file);
    else if (COMPRESSIBLE.test(entry.name) && !entry.name.endsWith('.map')) {
      const data = fs.readFileSync(file);
      if (data.length < 1024) continue;
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
      fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
    }
  }
}

export default defineConfig({
  plugins: [
    react(),
    {
      // Writes file.br and file.gz beside every text file of the build; the server sends them to
      // browsers that accept them (@fastify/static preCompressed), so nothing is compressed per request.
      name: 'kelasku-precompress',
      apply: 'build',
      closeBundle() {
        if (outDir && fs.existsSync(outDir)) precompress(outDir);
      },
    },
    {
      // Prints what the login page loads after every build (the budget check is bundle-budget.mjs).
      name: 'kelasku-login-weight',
      apply: 'build',
      configResolved(config) {
        outDir = path.resolve(config.root, config.build.outDir);
      },
      closeBundle() {
        if (fs.existsSync(path.join(outDir, 'index.html'))) console.log(report(loginPageWeight(outDir)));
      },
    },
    {
      // A stylesheet in <head> holds back the first paint until it has arrived; at the end of <body>
      // it does not, so the logo and "Memuat…" of index.html show in the first round trip. The
      // scripts still wait for it (a module script runs after the style sheets before it).
      name: 'kelasku-styles-after-shell',
      apply: 'build',
      transformIndexHtml: {
        order: 'post',
        handler(html) {
          const links: string[] = [];
          const rest = html.replace(/[ \t]*<link rel="stylesheet"[^>]*>\n?/g, (link) => (links.push(link.trim()), ''));
          return rest.replace('</body>', `${links.map((l) => `  ${l}\n`).join('')}  </body>`);
        },
      },
    },
    {
      // The early login form (public/first-login.js) lets the visitor type before the app's script is
      // there, so after "Masuk" the signed-in pages are what the dashboard waits for. The form fetches
      // them from the start, beside the app's script: their files are named on its <template>.
      name: 'kelasku-first-login-preload',
      apply: 'build',
      transformIndexHtml: {
        order: 'post',
        handler(html, ctx) {
          const app = Object.values(ctx.bundle ?? {}).find((c) => c.type === 'chunk' && c.name === 'app');
          if (!app || app.type !== 'chunk') throw new Error('vite.config.ts: the chunk "app" of the signed-in pages is missing');
          const files = [app.fileName, ...app.imports, ...(app.viteMetadata?.importedCss ?? [])].filter((f) => !html.includes(`/${f}"`));
          return html.replace(
            '<template id="first-login">',
            `<template id="first-login" data-preload="${files.map((f) => `/${f}`).join(' ')}">`,
          );
        },
      },
    },
    // Installable and readable offline (src/sw.ts, rules in src/offline/rules.ts): the web app manifest,
    // and the service worker with the app shell precached — index.html, what the login page loads, the
    // icons. The other chunks are kept by the worker when a page first loads them (a student's phone
    // on mobile data does not download the teacher's and admin's pages in the background).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      // src/offline/start.ts registers it, in production builds only (the page's policy allows no inline script).
      injectRegister: false,
      manifest: {
        id: '/',
        name: 'Kelasku',
        short_name: 'Kelasku',
        description: 'Kelas online SMK: materi, tugas, kuis dan forum diskusi — juga di ponsel, juga saat offline.',
        lang: 'id',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: THEME_COLOR,
        background_color: '#f8f9fa',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        rollupFormat: 'iife',
        globPatterns: ['index.html', 'first-login.js', 'favicon.svg', 'icons/apple-touch-icon.png', 'assets/*.{js,css}'],
        manifestTransforms: [
          async (entries) => {
            const shell = loginPageFiles(outDir);
            return { manifest: entries.filter((e) => !e.url.startsWith('assets/') || shell.has(e.url)), warnings: [] };
          },
        ],
      },
    }),
    {
      // The browser's bar in the app's colour, and the home-screen icon of iPhones.
      name: 'kelasku-pwa-head',
      apply: 'build',
      transformIndexHtml: () => [
        { tag: 'meta', attrs: { name: 'theme-color', content: THEME_COLOR }, injectTo: 'head' },
        { tag: 'link', attrs: { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' }, injectTo: 'head' },
      ],
    },
  ],
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: process.env.WEB_OUT_DIR || 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 800,
    rollupOptions: {
      treeshake: {
        // The shared contract is constants, messages and zod schemas: the web uses the constants, so
        // the schemas (and zod with them) stay out of the bundle unless a page really uses one.
        moduleSideEffects: (id: string) => !/[\\/]packages[\\/]contract[\\/]/.test(id),
      },
      output: {
        // On mobile data every request waits about 400 ms before its first byte, and a browser opens
        // six connections: few, larger chunks load faster than many small ones (bench/slow-phone.mjs).
        codeSplitting: {
          groups: [
            // Everything the login page loads, with the entry in one chunk (one download, not seven).
            { name: 'boot', tags: ['$initial'], priority: 20 },
            // The signed-in layout and the student's dashboard with all they import: one chunk after the login.
            {
              name: 'app',
              test: /[\\/]src[\\/](layout[\\/]AppLayout|features[\\/]dashboard[\\/]DashboardPage|features[\\/]student-classes[\\/]StudentDashboard)\.tsx$/,
              priority: 10,
            },
            // The icons the other pages use: about 1 KB compressed together, one request instead of one per icon.
            { name: 'icons', test: /[\\/]@tabler[\\/]icons-react[\\/]/, priority: 5 },
          ],
        },
      },
    },
  },
});
