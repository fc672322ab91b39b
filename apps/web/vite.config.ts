import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const API_TARGET = 'http://localhost:3000';

/** MUI's core packages and what they bring (not @mui/x-charts: the charts load with the pages that draw them). */
const MUI_CORE =
  /node_modules[\\/](@mui[\\/](material|system|utils|styled-engine|private-theming|icons-material)|@emotion|@babel[\\/]runtime|@popperjs|react-transition-group|react-is|prop-types|clsx|stylis|hoist-non-react-statics)[\\/]/;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes `<file>.br` and `<file>.gz` beside every script, style sheet, SVG and index.html of the build (not
 * the source maps), compressed once at the highest levels, for a static server that sends the variant the
 * browser accepts (@fastify/static's `preCompressed`) instead of compressing on every request.
 */
function precompress(): Plugin {
  return {
    name: 'simcentre-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const files = Object.keys(bundle).filter((file) => /\.(js|css|html|svg|json)$/.test(file));
      await Promise.all(
        files.map(async (file) => {
          const data = await fs.readFile(path.join(dir, file));
          if (data.length < 1024) return;
          const br = await brotli(data, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length },
          });
          const gz = await gzip(data, { level: 9 });
          await fs.writeFile(path.join(dir, `${file}.br`), br);
          await fs.writeFile(path.join(dir, `${file}.gz`), gz);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      // packages/shared declares "sideEffects": false (texts, limits and zod schemas): a page gets only the
      // modules of the barrel it uses.
      output: {
        // Libraries change less often than the app: cache them apart.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 3 },
            // MUI's core with its styling engine, used icons included, in one chunk (never on /login): split per
            // component it made some 60 requests of a few hundred bytes each on the first signed-in page, which
            // HTTP/1.1's six connections per host serve in turns
            { name: 'mui', test: MUI_CORE, priority: 2 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true, ws: true },
      '/case-service': { target: API_TARGET, changeOrigin: true },
    },
  },
});
