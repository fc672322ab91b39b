// Runs programs as child processes, never through a shell: the speech engines, ffmpeg for recordings, bsdtar for packages.
import {
  type ChildProcess,
  type ChildProcessWithoutNullStreams,
  type SpawnOptions,
  type SpawnOptionsWithoutStdio,
  spawn,
} from 'node:child_process';
import { accessSync, constants as fsConstants, statSync } from 'node:fs';
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
  /** the child's nice value (lowerPriority) */
  nice?: number;
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

/** util-linux's setpriv (Debian: in the essential util-linux package), found once; undefined off Linux or without it. */
let setprivFound: { path: string | undefined } | undefined;
function setpriv(): string | undefined {
  setprivFound ??= { path: process.platform === 'linux' ? whichSync('setpriv') : undefined };
  return setprivFound.path;
}

/** True when the children started here die with this process (setpriv found); false: they may outlive a kill -9. */
export function childrenDieWithServer(): boolean {
  return setpriv() !== undefined;
}

/**
 * The command line that starts `command` so that it dies with this process. Linux sends a child a signal
 * when its parent dies only if the child asked for one (prctl PR_SET_PDEATHSIG), which Node cannot do between
 * fork and exec; `setpriv --pdeathsig KILL -- program args` asks for SIGKILL and then execs the program (same
 * pid, the setting kept across exec), so a server killed with kill -9 leaves no ffmpeg or decoder running
 * after it. The program is resolved on PATH first: one that is missing is spawned as it is, so the caller
 * still gets its ENOENT error. Without setpriv (not Linux) the command is unchanged.
 */
function dyingWithParent(command: string, args: readonly string[], env?: NodeJS.ProcessEnv): [string, string[]] {
  const wrapper = setpriv();
  const program = wrapper ? whichSync(command, (env ?? process.env).PATH) : undefined;
  if (!wrapper || !program) return [command, [...args]];
  return [wrapper, ['--pdeathsig', 'KILL', '--', program, ...args]];
}

export interface ChildOptions {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** the child's nice value (lowerPriority); 0 or none: the server's priority */
  nice?: number;
}

/**
 * The one way the server starts a program (every ffmpeg, ffprobe, decoder, bsdtar...): without a shell, dying
 * with the server (dyingWithParent), at a lower priority when `nice` is given. A child of a worker thread
 * would die with that thread: children are started from the main thread.
 */
export function spawnChild(
  command: string,
  args: readonly string[],
  options: ChildOptions & Pick<SpawnOptions, 'stdio'> = {},
): ChildProcess {
  const { nice = 0, ...rest } = options;
  const [file, argv] = dyingWithParent(command, args, rest.env);
  const child = spawn(file, argv, rest);
  lowerPriority(child.pid, nice);
  return child;
}

/** spawnChild with stdin, stdout and stderr as pipes. */
export function spawnPiped(command: string, args: readonly string[], options: ChildOptions = {}) {
  const { nice = 0, ...rest } = options;
  const [file, argv] = dyingWithParent(command, args, rest.env);
  const child: ChildProcessWithoutNullStreams = spawn(file, argv, {
    ...rest,
    stdio: 'pipe',
  } satisfies SpawnOptionsWithoutStdio);
  lowerPriority(child.pid, nice);
  return child;
}

/** Runs a program without a shell (arguments are never interpreted), feeding `input` on stdin. */
export function run(command: string, args: readonly string[], options: RunOptions = {}): Promise<RunResult> {
  const { input, timeoutMs = 120_000, env, maxStdout = 512 * 1024 * 1024, stderrTail = STDERR_TAIL } = options;
  return new Promise((resolve, reject) => {
    const child = spawnPiped(command, args, { env: env ?? process.env, nice: options.nice });
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

/** which(), without waiting: the absolute path of `program` on `searchPath`, or undefined. */
export function whichSync(program: string, searchPath = process.env.PATH): string | undefined {
  if (program.includes('/') && !path.isAbsolute(program)) return undefined; // relative to a cwd: not resolved here
  const candidates = path.isAbsolute(program)
    ? [program]
    : (searchPath ?? '/usr/local/bin:/usr/bin:/bin')
        .split(path.delimiter)
        .filter((dir) => path.isAbsolute(dir))
        .map((dir) => path.join(dir, program));
  for (const candidate of candidates) {
    try {
      if (!statSync(candidate).isFile()) continue;
      accessSync(candidate, fsConstants.X_OK);
      return candidate;
    } catch {
      // not here
    }
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
