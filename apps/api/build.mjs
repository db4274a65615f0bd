// Bundles the server (with the shared contract) into dist/; npm packages stay external.
import { build } from 'esbuild';
import fs from 'node:fs';

const pkg = JSON.parse(fs.readFileSync(new URL('./package.json', import.meta.url)));
const external = Object.keys(pkg.dependencies).filter((d) => d !== '@kelasku/contract');
fs.rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: ['src/main.ts', 'src/create-admin.ts', 'src/seed/large.ts', 'src/backup/cli.ts'].filter((f) => fs.existsSync(f)),
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  // Code behind a dynamic import (the S3 client, loaded only with STORAGE=s3) stays in a chunk of its own.
  splitting: true,
  external: [...external, ...external.map((d) => `${d}/*`)],
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: 'warning',
});
fs.cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
console.log('api built: apps/api/dist');
