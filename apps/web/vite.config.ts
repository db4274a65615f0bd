import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: process.env.WEB_OUT_DIR || 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 800,
  },
});
