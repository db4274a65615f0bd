import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import path from 'node:path';

// The unit tests run in a time zone that is not Jakarta, so every WIB conversion is proven to ignore the machine's zone.
process.env.TZ = 'America/New_York';

export default defineConfig({
  plugins: [react()],
  root: path.resolve(import.meta.dirname),
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // Only the web's unit tests: never the Playwright *.spec.ts files.
    include: ['src/**/*.test.{ts,tsx}'],
    env: { TZ: 'America/New_York' },
  },
});
