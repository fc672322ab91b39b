// Bundles the server and its command-line tools into dist/ with esbuild; node_modules stay external.
// SERVER_OUT_DIR (a folder name beside dist/, e.g. dist-bench) builds a private copy, so a bench or a test
// that runs the built server is not pulled from under by another build.

import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const out = process.env.SERVER_OUT_DIR || 'dist';
if (!/^dist(-[\w-]+)?$/.test(out)) throw new Error('SERVER_OUT_DIR must be dist or dist-<name>');
rmSync(out, { recursive: true, force: true });
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
    // the neural recogniser's worker thread (stt-moonshine.ts finds it beside main.js)
    'moonshine-worker': 'src/modules/speech/engines/moonshine/stt-moonshine-worker.ts',
  },
  outdir: out,
});
cpSync('drizzle', `${out}/drizzle`, { recursive: true });
console.log(`server built into apps/server/${out}`);
