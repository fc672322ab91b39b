// Runs programs as child processes, never through a shell: the speech engines, ffmpeg for recordings, bsdtar for packages.
import { spawn } from 'node:child_process';
import { access, constants } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export interface RunResult {
  stdout: Buffer;
  stderr: string;
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface RunOptions {
  input?: Buffer | string;
  timeoutMs?: number;
  env?: NodeJS.ProcessEnv;
  /** bytes of stdout kept at most (the job fails beyond) */
  maxStdout?: number;
  /** characters of stderr kept, from its end (default 4000) */
  stderrTail?: number;
}

const STDERR_TAIL = 4000;

/**
 * Lowers a child's scheduling priority (nice `nice`): CPU-bound background work (speech decoders, video
 * builds) then yields the cores to the server and its database when both want them, so pages stay quick
 * under load and the background work takes the wait; on an idle machine it changes nothing. Where the
 * system refuses, the child keeps the server's priority.
 */
export function lowerPriority(pid: number | undefined, nice: number): void {
  if (!pid || nice <= 0) return;
  try {
    os.setPriority(pid, nice);
  } catch {
    // not allowed here: it runs at the server's priority
  }
}

/** Runs a program without a shell (arguments are never interpreted), feeding `input` on stdin. */
export function run(command: string, args: readonly string[], options: RunOptions = {}): Promise<RunResult> {
  const { input, timeoutMs = 120_000, env, maxStdout = 512 * 1024 * 1024, stderrTail = STDERR_TAIL } = options;
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'], env: env ?? process.env });
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = '';
    let failure: Error | undefined;
    const timer = setTimeout(() => {
      failure = new Error(`${path.basename(command)} timed out after ${timeoutMs} ms`);
      child.kill('SIGKILL');
    }, timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxStdout) {
        failure = new Error(`${path.basename(command)} produced too much output`);
        child.kill('SIGKILL');
        return;
      }
      chunks.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-stderrTail);
    });
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (failure) reject(failure);
      else resolve({ stdout: Buffer.concat(chunks), stderr, code, signal });
    });
    // a child that exits before reading its input closes the pipe: not an error of ours
    child.stdin.on('error', () => {});
    child.stdin.end(input ?? '');
  });
}

/** Runs a program and throws with the tail of its stderr unless it exits 0. */
export async function runChecked(command: string, args: readonly string[], options: RunOptions = {}): Promise<Buffer> {
  const result = await run(command, args, options);
  if (result.code !== 0) {
    const why = result.signal ? `signal ${result.signal}` : `status ${result.code}`;
    const tail = result.stderr.trim().split('\n').slice(-3).join(' | ');
    throw new Error(`${path.basename(command)} failed (${why})${tail ? `: ${tail}` : ''}`);
  }
  return result.stdout;
}

/** The absolute path of an executable found on PATH, or undefined. */
export async function which(program: string): Promise<string | undefined> {
  if (program.includes('/')) return (await isExecutable(program)) ? program : undefined;
  for (const dir of (process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, program);
    if (await isExecutable(candidate)) return candidate;
  }
  return undefined;
}

export async function isExecutable(file: string): Promise<boolean> {
  try {
    await access(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export async function exists(file: string): Promise<boolean> {
  try {
    await access(file, constants.R_OK);
    return true;
  } catch {
    return false;
  }
}
