import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import fs from 'node:fs';
import path from 'node:path';
import { loginPageWeight, report } from './bundle-budget.mjs';

let outDir = '';

export default defineConfig({
  plugins: [
    react(),
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
