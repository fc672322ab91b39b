import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatBudget,
  htmlScripts,
  LOGIN_JS_BUDGET_BYTES,
  loginBudget,
  loginScripts,
  type Manifest,
} from './login-budget';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const FAKE_HTML = `<!doctype html><html><head>
<script type="module" crossorigin src="/assets/index-a.js"></script>
<link rel="modulepreload" crossorigin href="/assets/react-b.js">
<link rel="modulepreload" crossorigin href="/assets/extra-e.js">
<link rel="stylesheet" crossorigin href="/assets/index-c.css">
</head><body><div id="root"></div></body></html>`;

const FAKE_MANIFEST: Manifest = {
  'index.html': {
    file: 'assets/index-a.js',
    isEntry: true,
    imports: ['_react-b.js', '_shared-d.js'],
    dynamicImports: ['src/admin.tsx'],
  },
  '_react-b.js': { file: 'assets/react-b.js' },
  '_shared-d.js': { file: 'assets/shared-d.js', imports: ['_react-b.js', '_tiny-f.js'] },
  '_tiny-f.js': { file: 'assets/tiny-f.js' },
  '_extra-e.js': { file: 'assets/extra-e.js' },
  'src/admin.tsx': { file: 'assets/admin-g.js', imports: ['_charts-h.js'] },
  '_charts-h.js': { file: 'assets/charts-h.js' },
};

describe('the /login script list', () => {
  it('takes the entry, its static imports (transitively) and the preloads of index.html, not dynamic imports', () => {
    expect(loginScripts(FAKE_MANIFEST, FAKE_HTML)).toEqual([
      'assets/extra-e.js',
      'assets/index-a.js',
      'assets/react-b.js',
      'assets/shared-d.js',
      'assets/tiny-f.js',
    ]);
  });

  it("reads index.html's module scripts and modulepreloads, not its stylesheets", () => {
    expect(htmlScripts(FAKE_HTML)).toEqual(['assets/index-a.js', 'assets/react-b.js', 'assets/extra-e.js']);
  });

  it('counts a script index.html loads that the manifest does not know', () => {
    const html = '<script type="module" src="/assets/inline-x.js"></script>';
    expect(loginScripts(FAKE_MANIFEST, html)).toContain('assets/inline-x.js');
  });

  it('refuses a manifest without an entry or with a dangling import', () => {
    expect(() => loginScripts({ a: { file: 'a.js' } })).toThrow(/no entry/);
    expect(() => loginScripts({ a: { file: 'a.js', isEntry: true, imports: ['missing'] } })).toThrow(/missing/);
  });
});

describe('the /login budget', () => {
  const sizes: Record<string, number> = {
    'assets/index-a.js': 30 * 1024,
    'assets/react-b.js': 100 * 1024,
    'assets/shared-d.js': 15 * 1024,
    'assets/tiny-f.js': 1024,
    'assets/extra-e.js': 4 * 1024,
    'assets/admin-g.js': 500 * 1024,
    'assets/charts-h.js': 500 * 1024,
  };

  it('sums the gzip sizes of what /login loads and passes at exactly 150 KB', () => {
    const report = loginBudget(FAKE_MANIFEST, FAKE_HTML, (file) => sizes[file]);
    expect(report.totalGzipBytes).toBe(150 * 1024);
    expect(report.withinBudget).toBe(true);
    expect(report.budgetBytes).toBe(LOGIN_JS_BUDGET_BYTES);
  });

  it('fails one byte over the budget', () => {
    const report = loginBudget(FAKE_MANIFEST, FAKE_HTML, (file) => sizes[file] + (file.includes('tiny') ? 1 : 0));
    expect(report.totalGzipBytes).toBe(150 * 1024 + 1);
    expect(report.withinBudget).toBe(false);
    expect(formatBudget(report)).toMatch(
      /^\/login loads 5 scripts, 150\.0 KB gzip \(budget 150\.0 KB\):\n +100\.0 KB {2}assets\/react-b\.js/,
    );
  });

  it('fails when a heavy library moves onto the login path (a static import of the entry)', () => {
    const grown: Manifest = {
      ...FAKE_MANIFEST,
      'index.html': { ...FAKE_MANIFEST['index.html'], imports: ['_react-b.js', '_shared-d.js', '_charts-h.js'] },
    };
    const report = loginBudget(grown, FAKE_HTML, (file) => sizes[file]);
    expect(report.files.map((f) => f.file)).toContain('assets/charts-h.js');
    expect(report.withinBudget).toBe(false);
  });
});

/**
 * The real build. `npm test` runs vitest before `npm run build`, so the test builds the web app itself, with
 * the project's vite.config.ts (production mode, manifest on, no source maps), into a folder of its own
 * (about 3 s).
 */
describe('the built web app', () => {
  let outDir = '';
  let manifest: Manifest;
  let html = '';

  beforeAll(async () => {
    outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-login-budget-'));
    // in a process of its own (the tests run in jsdom), in production mode (vitest sets NODE_ENV=test)
    const vite = path.join(webRoot, '../../node_modules/vite/bin/vite.js');
    const args = [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--manifest', '--sourcemap', 'false'];
    await promisify(execFile)(process.execPath, [...args, '--logLevel', 'error'], {
      cwd: webRoot,
      env: { ...process.env, NODE_ENV: 'production' },
    });
    manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'));
    html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
  }, 120_000);

  afterAll(() => {
    if (outDir) fs.rmSync(outDir, { recursive: true, force: true });
  });

  it('loads at most 150 KB of gzip JavaScript on /login', () => {
    const report = loginBudget(manifest, html, (file) => gzipSync(fs.readFileSync(path.join(outDir, file))).length);
    // the figures in the test output (console.warn: the lint keeps console.log out of the sources)
    console.warn(formatBudget(report));
    // the production build: React's development bundle would blow the budget for the wrong reason
    expect(report.files.some((f) => f.file.startsWith('assets/index-'))).toBe(true);
    expect(report.totalGzipBytes, formatBudget(report)).toBeLessThanOrEqual(LOGIN_JS_BUDGET_BYTES);
  });

  it('writes a brotli and a gzip copy beside each of its scripts, for a server that sends them (vite.config.ts)', () => {
    for (const file of loginScripts(manifest, html)) {
      const original = fs.readFileSync(path.join(outDir, file));
      if (original.length < 1024) continue;
      expect(brotliDecompressSync(fs.readFileSync(path.join(outDir, `${file}.br`))).equals(original), file).toBe(true);
      expect(gunzipSync(fs.readFileSync(path.join(outDir, `${file}.gz`))).equals(original), file).toBe(true);
    }
  });

  it('keeps the builder, the charts and the data tables off the /login path', () => {
    const loaded = loginScripts(manifest, html).join('\n');
    expect(loaded).not.toMatch(/sim-builder|ChartsWrapper|take-sim|dashboard|admin-page|mui-layout/);
  });
});
