#!/usr/bin/env node
// npm run typecheck: `tsc --noEmit -p` for every TypeScript project, as many at once as the machine has
// cores (each run is single-threaded). Each project's output is printed whole when it ends; the exit code
// is non-zero when any project fails.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const PROJECTS = ['packages/shared', 'apps/server', 'apps/web', 'e2e', 'bench'];
const tsc = resolve(root, 'node_modules/typescript/bin/tsc');

function check(project) {
  return new Promise((done) => {
    const started = Date.now();
    const child = spawn(process.execPath, [tsc, '--noEmit', '-p', project], { cwd: root });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`${code === 0 ? 'ok  ' : 'FAIL'} ${project} (${seconds} s)`);
      if (output.trim()) console.log(output.trimEnd());
      done(code === 0);
    });
  });
}

const queue = [...PROJECTS];
let failed = false;
async function worker() {
  for (let project = queue.shift(); project; project = queue.shift()) {
    if (!(await check(project))) failed = true;
  }
}
await Promise.all(Array.from({ length: Math.max(1, Math.min(availableParallelism(), PROJECTS.length)) }, worker));
process.exit(failed ? 1 : 0);
