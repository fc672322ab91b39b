#!/usr/bin/env node
// What the browser loads for /login before any lazy import: the entry script and stylesheets of
// apps/web/dist/index.html, its modulepreload links, and every static import of those chunks, followed
// transitively. Prints each file with its raw and gzip size and the total gzip.
// Usage: npm run build -w apps/web && node scripts/login-bundle-size.mjs [distDir]
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = resolve(process.argv[2] ?? join(root, 'apps/web/dist'));
const indexPath = join(dist, 'index.html');
if (!existsSync(indexPath)) {
  console.error(`No ${relative(root, indexPath)}: run \`npm run build -w apps/web\` first.`);
  process.exit(1);
}

/** A URL of index.html ("/assets/x.js", "./assets/x.js") as a path inside dist, or null if external. */
function fromHtml(url) {
  if (/^[a-z]+:|^\/\//i.test(url)) return null;
  return posix.normalize(url.replace(/^\//, '').split(/[?#]/)[0]);
}

const html = readFileSync(indexPath, 'utf8');
const start = [];
for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
  const attr = (name) => tag.match(new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i'))?.[1];
  const isScript = /^<script/i.test(tag);
  const rel = attr('rel')?.toLowerCase();
  const url = isScript ? attr('src') : rel === 'stylesheet' || rel === 'modulepreload' ? attr('href') : undefined;
  const file = url ? fromHtml(url) : null;
  if (file) start.push(file);
}

// Static imports only: `import{a}from"./x.js"`, `export*from"./x.js"`, `import"./x.js"`; never `import(`.
const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*["']([^"']+\.(?:m?js|css))["']/g;

const seen = new Set();
const order = [];
const queue = [...start];
while (queue.length > 0) {
  const file = queue.shift();
  if (seen.has(file)) continue;
  seen.add(file);
  const path = join(dist, file);
  if (!existsSync(path)) {
    console.error(`Missing ${file} (referenced by the build)`);
    process.exit(1);
  }
  order.push(file);
  if (!/\.m?js$/.test(file)) continue;
  const code = readFileSync(path, 'utf8');
  for (const m of code.matchAll(STATIC_IMPORT)) {
    const spec = m[1];
    if (!spec.startsWith('.') && !spec.startsWith('/')) continue;
    const target = spec.startsWith('/') ? fromHtml(spec) : posix.normalize(posix.join(posix.dirname(file), spec));
    if (existsSync(join(dist, target))) queue.push(target);
  }
}

const rows = [{ file: 'index.html', raw: Buffer.byteLength(html), gzip: gzipSync(html).length }];
for (const file of order) {
  const data = readFileSync(join(dist, file));
  rows.push({ file, raw: data.length, gzip: gzipSync(data).length });
}
// kB = 1000 bytes, as Vite reports sizes
const kb = (n) => `${(n / 1000).toFixed(1)} kB`;
const width = Math.max(...rows.map((r) => r.file.length), 5);
console.log(`What the browser loads for /login (${relative(root, dist) || dist}), before any lazy import:\n`);
console.log(`${'file'.padEnd(width)}  ${'raw'.padStart(10)}  ${'gzip'.padStart(10)}`);
for (const r of rows) console.log(`${r.file.padEnd(width)}  ${kb(r.raw).padStart(10)}  ${kb(r.gzip).padStart(10)}`);
const raw = rows.reduce((s, r) => s + r.raw, 0);
const gzip = rows.reduce((s, r) => s + r.gzip, 0);
console.log(`${'total'.padEnd(width)}  ${kb(raw).padStart(10)}  ${kb(gzip).padStart(10)}`);
