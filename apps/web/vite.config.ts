import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { loginPageWeight, report } from './bundle-budget.mjs';

let outDir = '';

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
    },
  },
});
