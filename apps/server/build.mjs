// Bundles the server and its command-line tools into dist/ with esbuild; node_modules stay external.

import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist', { recursive: true, force: true });
const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  alias: { '@sim/shared': '../../packages/shared/src/index.ts' },
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: 'warning',
};
await build({
  ...common,
  entryPoints: {
    main: 'src/main.ts',
    'invite-company': 'src/cli/invite-company.ts',
  },
  outdir: 'dist',
});
cpSync('drizzle', 'dist/drizzle', { recursive: true });
console.log('server built into apps/server/dist');
