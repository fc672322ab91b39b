import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { childrenDieWithServer } from './process';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The process's command name and state (`R`, `S`, `Z`...), or null when it is gone. */
function procOf(pid: number): { comm: string; state: string } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    return { comm: stat.slice(stat.indexOf('(') + 1, close), state: stat.slice(close + 2, close + 3) };
  } catch {
    return null;
  }
}
/** Running: there and not a zombie (a zombie has ended; only its parent has not collected it). */
const running = (pid: number) => {
  const p = procOf(pid);
  return p !== null && p.state !== 'Z';
};

/** Polls `condition` until it holds or `timeoutMs` passes; answers whether it held. */
async function waitFor(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return condition();
}

const leftovers: number[] = [];
afterAll(() => {
  for (const pid of leftovers)
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone
    }
});

/**
 * Issue 32: after a kill -9 of the server, the two ffmpeg processes of its video builds kept running while
 * the restarted server ran the same jobs again. Every child the server starts goes through lib/process.ts,
 * which makes it die with its parent (setpriv --pdeathsig KILL); a child started with Node's plain spawn
 * is the control: it outlives the kill.
 */
describe.runIf(process.platform === 'linux')('children die with the server', () => {
  it('finds setpriv on this machine (util-linux)', () => {
    expect(childrenDieWithServer()).toBe(true);
  });

  it('kills the children of spawnChild and run() when their parent is killed with SIGKILL', {
    timeout: 30_000,
  }, async () => {
    const parent = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'children.fixture.ts')], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    if (parent.pid) leftovers.push(parent.pid);
    const pids = await new Promise<number[]>((resolve, reject) => {
      let text = '';
      parent.stdout.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        const line = /^pids (\d+) (\d+) (\d+)$/m.exec(text);
        if (line) resolve(line.slice(1).map(Number));
      });
      parent.once('exit', (code) => reject(new Error(`the fixture exited (${code})`)));
    });
    leftovers.push(...pids);
    const [helper, ran, plain] = pids;
    // each child has become `sleep` (setpriv has set the parent-death signal and exec'd it)
    expect(await waitFor(() => pids.every((pid) => procOf(pid)?.comm === 'sleep'), 10_000)).toBe(true);

    parent.kill('SIGKILL');
    expect(await waitFor(() => !running(helper) && !running(ran), 10_000)).toBe(true);
    // the control, started without the helper, is still running: the kill alone would have left them all
    expect(running(plain)).toBe(true);
  });
});
