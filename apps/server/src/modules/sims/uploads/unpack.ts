import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { UPLOAD_LIMITS } from '@sim/shared';
import { isValidKey, MAX_KEY_LENGTH } from '../../../lib/blob-store';
import { spawnPiped, which } from '../../../lib/process';
import { readTar, type TarEntry, TarFormatError } from './tar-reader';

/**
 * Safe unpacking of a learning package (.zip, .rar, .7z). bsdtar (libarchive) reads the archive in a child
 * process with a time limit, no right to write files and a memory cap, and converts it to a tar stream on
 * its stdout. Each entry's header is vetted here BEFORE any of its bytes are written: only regular files
 * and folders, relative paths without "..", within the entry-count, depth and total-size limits (counted
 * on the real bytes, so a zip bomb stops at the limit). Files are created by this process only, inside a
 * fresh folder; afterwards every path is checked again with lstat.
 */
export interface UnpackLimits {
  maxEntries: number;
  maxBytes: number;
  maxDepth: number;
  timeoutMs: number;
}

export const DEFAULT_UNPACK_LIMITS: UnpackLimits = {
  maxEntries: UPLOAD_LIMITS.packageMaxEntries,
  maxBytes: UPLOAD_LIMITS.packageMaxUnpackedBytes,
  maxDepth: UPLOAD_LIMITS.packageMaxDepth,
  timeoutMs: UPLOAD_LIMITS.packageUnpackTimeoutMs,
};

export type UnpackFailure = 'unsafe' | 'too-big' | 'unreadable' | 'empty' | 'unavailable';

export class UnpackError extends Error {
  constructor(
    readonly reason: UnpackFailure,
    detail: string,
  ) {
    super(detail);
  }
}

export interface UnpackedFile {
  /** "/"-separated, relative to the folder */
  path: string;
  size: number;
}

/** room kept in a blob key for the folder of the package */
const KEY_PREFIX_ROOM = 128;
/** bsdtar's address space cap (kB): enough for zip/rar and ordinary 7z dictionaries. */
const MEMORY_KB = 1024 * 1024;

/** Names that are not part of a package: macOS resource forks and hidden files. */
function isJunk(segments: string[]): boolean {
  return segments[0] === '__MACOSX' || segments.some((s) => s.startsWith('.'));
}

/** The entry's path as safe segments; throws for absolute paths, "..", backslashes or control characters. */
export function safeSegments(raw: string, maxDepth: number): string[] {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (raw.startsWith('/') || raw.includes('\\') || /[\u0000-\u001f\u007f]/.test(raw) || /^[a-z]:/i.test(raw))
    throw new UnpackError('unsafe', `refused path ${JSON.stringify(raw)}`);
  const segments = raw.split('/').filter((s) => s !== '' && s !== '.');
  if (segments.some((s) => s === '..')) throw new UnpackError('unsafe', `refused path ${JSON.stringify(raw)}`);
  if (segments.length > maxDepth + 1) throw new UnpackError('too-big', `path too deep ${JSON.stringify(raw)}`);
  return segments;
}

/** Unpacks `archive` into the empty folder `dest`; answers the regular files written. */
export async function unpackArchive(
  archive: string,
  dest: string,
  limits: UnpackLimits = DEFAULT_UNPACK_LIMITS,
): Promise<UnpackedFile[]> {
  const bsdtar = await which('bsdtar');
  if (!bsdtar) throw new UnpackError('unavailable', 'bsdtar is not installed');
  const root = await fs.realpath(dest);
  const child = spawnPiped('sh', [
    '-c',
    'ulimit -f 0 && ulimit -v "$3" && exec "$1" -cf - -P --format pax "@$2"',
    'unpack',
    bsdtar,
    archive,
    String(MEMORY_KB),
  ]);
  child.stdin.end(); // bsdtar reads the archive's file, not its input
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-2000);
  });
  const exited = new Promise<number | null>((resolve) => {
    child.once('close', (code) => resolve(code));
    child.once('error', () => resolve(-1));
  });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill('SIGKILL');
  }, limits.timeoutMs);

  let entries = 0;
  let bytes = 0;
  const written: UnpackedFile[] = [];
  try {
    await readTar(child.stdout, async (entry: TarEntry) => {
      entries += 1;
      if (entries > limits.maxEntries) throw new UnpackError('too-big', `more than ${limits.maxEntries} entries`);
      if (entry.type !== 'file' && entry.type !== 'directory')
        throw new UnpackError('unsafe', `refused ${entry.type} ${JSON.stringify(entry.path)}`);
      const segments = safeSegments(entry.path, limits.maxDepth);
      if (entry.type === 'file') {
        bytes += entry.size;
        if (bytes > limits.maxBytes) throw new UnpackError('too-big', `more than ${limits.maxBytes} bytes`);
      }
      if (!segments.length || isJunk(segments)) return null;
      const relative = segments.join('/');
      // the blob key adds sims/{simId}/captivate/{uploadId}/ in front
      if (!isValidKey(relative) || relative.length > MAX_KEY_LENGTH - KEY_PREFIX_ROOM)
        throw new UnpackError('unsafe', `refused name ${JSON.stringify(entry.path)}`);
      const target = path.join(root, ...segments);
      if (entry.type === 'directory') {
        await fs.mkdir(target, { recursive: true });
        return null;
      }
      await fs.mkdir(path.dirname(target), { recursive: true });
      written.push({ path: relative, size: entry.size });
      return async (data) => {
        // 'wx': a second entry of the same name is refused, and no existing file is followed or reused
        await pipeline(Readable.from(data), createWriteStream(target, { flags: 'wx', mode: 0o644 }));
      };
    });
  } catch (err) {
    child.kill('SIGKILL');
    if (err instanceof UnpackError) throw err;
    if (timedOut) throw new UnpackError('unreadable', 'unpacking took too long');
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' || code === 'ENOTDIR' || code === 'EISDIR')
      throw new UnpackError('unsafe', `an entry clashes with another one: ${(err as Error).message}`);
    if (err instanceof TarFormatError) throw new UnpackError('unreadable', `${err.message}; ${stderr.trim()}`);
    throw err;
  } finally {
    clearTimeout(timer);
  }
  child.stdout.resume();
  const code = await exited;
  if (timedOut) throw new UnpackError('unreadable', 'unpacking took too long');
  if (code !== 0) throw new UnpackError('unreadable', `bsdtar failed (${code}): ${stderr.trim()}`);
  await verifyTree(root, written, limits);
  if (!written.length) throw new UnpackError('empty', 'no files');
  return written;
}

/** Every path under root is a folder or a regular file we wrote, inside root, within the limits. */
async function verifyTree(root: string, expected: UnpackedFile[], limits: UnpackLimits) {
  const want = new Map(expected.map((f) => [f.path, f.size]));
  let files = 0;
  let bytes = 0;
  const walk = async (dir: string, rel: string) => {
    for (const name of await fs.readdir(dir)) {
      const full = path.join(dir, name);
      const relative = rel ? `${rel}/${name}` : name;
      const st = await fs.lstat(full);
      if (st.isDirectory()) {
        await walk(full, relative);
        continue;
      }
      if (!st.isFile() || st.nlink !== 1) throw new UnpackError('unsafe', `unexpected ${relative}`);
      if (want.get(relative) !== st.size) throw new UnpackError('unsafe', `unexpected file ${relative}`);
      const real = await fs.realpath(full);
      if (!real.startsWith(`${root}${path.sep}`)) throw new UnpackError('unsafe', `outside: ${relative}`);
      files += 1;
      bytes += st.size;
    }
  };
  await walk(root, '');
  if (files !== expected.length || files > limits.maxEntries || bytes > limits.maxBytes)
    throw new UnpackError('unsafe', 'the unpacked files differ from the archive');
}

/** Names a package's start page usually has, best first. */
const START_PAGES = [
  'index.html',
  'index.htm',
  'index_scorm.html',
  'story.html',
  'story_html5.html',
  'default.html',
  'default.htm',
  'main.html',
];

/**
 * The start page: the shallowest file with a usual start-page name (index.html first), else the shallowest
 * .html/.htm file (by name); null when there is none.
 */
export function findStartPage(files: readonly UnpackedFile[]): string | null {
  const html = files
    .map((f) => f.path)
    .filter((p) => /\.html?$/i.test(p))
    .map((p) => {
      const segments = p.split('/');
      const rank = START_PAGES.indexOf(segments[segments.length - 1].toLowerCase());
      return { p, depth: segments.length, rank: rank === -1 ? START_PAGES.length : rank };
    });
  if (!html.length) return null;
  const named = html.filter((h) => h.rank < START_PAGES.length);
  const pool = named.length ? named : html;
  pool.sort((a, b) => a.depth - b.depth || a.rank - b.rank || a.p.localeCompare(b.p));
  return pool[0].p;
}
