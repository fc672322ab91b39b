import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { pack } from 'tar-stream';
import { afterEach, describe, expect, it } from 'vitest';
import { readTar, type TarEntry, TarFormatError } from './tar-reader';
import { DEFAULT_UNPACK_LIMITS, UnpackError, type UnpackLimits, unpackArchive } from './unpack';

type Item = {
  name: string;
  type?: 'file' | 'directory' | 'symlink' | 'link' | 'fifo';
  body?: string | Buffer;
  linkname?: string;
};

/** A tar archive made by tar-stream's packer (pax headers for long names, as bsdtar writes them). */
async function tarOf(items: Item[]): Promise<Buffer> {
  const p = pack();
  const chunks: Buffer[] = [];
  const done = new Promise<void>((resolve, reject) => {
    p.on('data', (c: unknown) => chunks.push(c as Buffer));
    p.on('end', () => resolve());
    p.on('error', reject);
  });
  for (const item of items) {
    const type = item.type ?? 'file';
    const body = type === 'file' ? Buffer.from(item.body ?? '') : undefined;
    await new Promise<void>((resolve, reject) => {
      const cb = (err?: Error | null) => (err ? reject(err) : resolve());
      if (body) p.entry({ name: item.name, type, size: body.length }, body, cb);
      else p.entry({ name: item.name, type, linkname: item.linkname }, cb);
    });
  }
  p.finalize();
  await done;
  return Buffer.concat(chunks);
}

/** The archive as a stream of small chunks, so headers and entries straddle chunk boundaries. */
async function* chunked(data: Buffer, size = 100): AsyncGenerator<Buffer> {
  for (let i = 0; i < data.length; i += size) yield data.subarray(i, i + size);
}

/** Every entry with the bytes of the files (other entries skipped). */
async function readAll(data: Buffer, size?: number) {
  const out: { entry: TarEntry; body?: string }[] = [];
  await readTar(chunked(data, size), async (entry) => {
    const item: { entry: TarEntry; body?: string } = { entry };
    out.push(item);
    if (entry.type !== 'file') return null;
    return async (bytes) => {
      const parts: Buffer[] = [];
      for await (const b of bytes) parts.push(b);
      item.body = Buffer.concat(parts).toString('utf8');
    };
  });
  return out;
}

describe('readTar (tar-stream)', () => {
  it('hands out every entry with its type, size, link and exact bytes, across chunk boundaries', async () => {
    const long = `${'deep/'.repeat(30)}page.html`;
    const tar = await tarOf([
      { name: 'site', type: 'directory' },
      { name: 'site/index.html', body: '<p>hello</p>' },
      { name: 'empty.txt', body: '' },
      { name: long, body: 'x'.repeat(1500) },
      { name: 'ln', type: 'symlink', linkname: '/etc/passwd' },
      { name: 'hard', type: 'link', linkname: 'site/index.html' },
      { name: 'pipe', type: 'fifo' },
    ]);
    for (const size of [1, 100, 512, 1 << 20]) {
      const got = await readAll(tar, size);
      expect(got.map((g) => [g.entry.path, g.entry.type, g.entry.size, g.entry.linkPath])).toEqual([
        ['site', 'directory', 0, ''],
        ['site/index.html', 'file', 12, ''],
        ['empty.txt', 'file', 0, ''],
        [long, 'file', 1500, ''],
        ['ln', 'symlink', 0, '/etc/passwd'],
        ['hard', 'hardlink', 0, 'site/index.html'],
        ['pipe', 'other', 0, ''],
      ]);
      expect(got.map((g) => g.body)).toEqual([
        undefined,
        '<p>hello</p>',
        '',
        'x'.repeat(1500),
        undefined,
        undefined,
        undefined,
      ]);
    }
  });

  it("reads GNU long names and ustar prefixes (the system tar's formats)", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tar-unit-'));
    try {
      const long = `${'folder-with-a-long-name/'.repeat(6)}index.html`;
      await fs.mkdir(path.join(dir, 'in', path.dirname(long)), { recursive: true });
      await fs.writeFile(path.join(dir, 'in', long), 'long');
      for (const format of ['gnu', 'ustar']) {
        const tar = execFileSync('tar', ['-C', path.join(dir, 'in'), `--format=${format}`, '-cf', '-', long]);
        const got = await readAll(tar);
        expect(got.at(-1)).toEqual({ entry: { path: long, type: 'file', size: 4, linkPath: '' }, body: 'long' });
      }
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses a broken archive as a TarFormatError: a bad checksum, a cut inside an entry or a header', async () => {
    const tar = await tarOf([{ name: 'a.html', body: 'y'.repeat(2000) }]);
    const bad = Buffer.from(tar);
    bad[10] ^= 0x01; // the name changes, the checksum no longer matches
    await expect(readAll(bad)).rejects.toBeInstanceOf(TarFormatError);
    await expect(readAll(tar.subarray(0, 1024))).rejects.toBeInstanceOf(TarFormatError);
    await expect(readAll(tar.subarray(0, 300))).rejects.toBeInstanceOf(TarFormatError);
    await expect(readAll(Buffer.from('PK\u0003\u0004 not a tar at all'.padEnd(1024, '!')))).rejects.toBeInstanceOf(
      TarFormatError,
    );
  });

  it('throws what the caller throws as it is, and reads no further', async () => {
    const tar = await tarOf([
      { name: 'a', body: 'a' },
      { name: 'b', body: 'b' },
    ]);
    const seen: string[] = [];
    const refusal = new Error('refused');
    await expect(
      readTar(chunked(tar), async (entry) => {
        seen.push(entry.path);
        throw refusal;
      }),
    ).rejects.toBe(refusal);
    expect(seen).toEqual(['a']);
    const writeFailure = Object.assign(new Error('exists'), { code: 'EEXIST' });
    await expect(
      readTar(chunked(tar), async () => async () => {
        throw writeFailure;
      }),
    ).rejects.toBe(writeFailure);
  });

  it('throws a failure of the source as it is', async () => {
    const tar = await tarOf([{ name: 'a', body: 'a'.repeat(3000) }]);
    const broken = new Error('pipe broke');
    async function* source() {
      yield tar.subarray(0, 700);
      throw broken;
    }
    await expect(readTar(source(), async () => null)).rejects.toBe(broken);
  });
});

describe.skipIf(!existsSync('/usr/bin/bsdtar') && !existsSync('/usr/local/bin/bsdtar'))(
  'unpackArchive vets every entry of a tar converted by bsdtar',
  { timeout: 60_000 },
  () => {
    const dirs: string[] = [];
    afterEach(async () => {
      for (const d of dirs.splice(0)) await fs.rm(d, { recursive: true, force: true });
    });

    async function unpack(archive: Buffer, limits: Partial<UnpackLimits> = {}, name = 'in.tar') {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'unpack-unit-'));
      dirs.push(dir);
      await fs.writeFile(path.join(dir, name), archive);
      const out = path.join(dir, 'out');
      await fs.mkdir(out);
      const result = await unpackArchive(path.join(dir, name), out, { ...DEFAULT_UNPACK_LIMITS, ...limits }).catch(
        (e: unknown) => e,
      );
      const written = (await fs.readdir(out, { recursive: true })).sort();
      return { result, written };
    }

    const reason = (r: unknown) => (r instanceof UnpackError ? r.reason : r);

    it('writes the files of a good archive and drops hidden and __MACOSX entries', async () => {
      const { result, written } = await unpack(
        await tarOf([
          { name: 'course/', type: 'directory' },
          { name: 'course/index.html', body: 'start' },
          { name: 'course/js/app.js', body: 'run()' },
          { name: 'course/.DS_Store', body: 'junk' },
          { name: '__MACOSX/course/._index.html', body: 'junk' },
        ]),
      );
      expect(result).toEqual([
        { path: 'course/index.html', size: 5 },
        { path: 'course/js/app.js', size: 5 },
      ]);
      expect(written).toEqual(['course', 'course/index.html', 'course/js', 'course/js/app.js']);
    });

    it.each([
      ['a path climbing out (../)', [{ name: 'a/../../evil.html', body: 'x' }]],
      ['an absolute path', [{ name: '/tmp/evil.html', body: 'x' }]],
      ['a drive letter', [{ name: 'C:/evil.html', body: 'x' }]],
      ['a backslash', [{ name: 'a\\..\\evil.html', body: 'x' }]],
      ['a control character', [{ name: 'a\u0001.html', body: 'x' }]],
      [
        'a symbolic link',
        [
          { name: 'index.html', body: 'x' },
          { name: 'pw', type: 'symlink', linkname: '/etc/passwd' },
        ],
      ],
      [
        'a hard link',
        [
          { name: 'index.html', body: 'x' },
          { name: 'copy.html', type: 'link', linkname: 'index.html' },
        ],
      ],
      [
        'a fifo',
        [
          { name: 'index.html', body: 'x' },
          { name: 'pipe', type: 'fifo' },
        ],
      ],
      [
        'a name given twice',
        [
          { name: 'index.html', body: 'x' },
          { name: 'index.html', body: 'y' },
        ],
      ],
      [
        'a file where a folder is',
        [
          { name: 'a', body: 'x' },
          { name: 'a/index.html', body: 'y' },
        ],
      ],
    ] as [string, Item[]][])('refuses %s as unsafe, with nothing of it written', async (_, items) => {
      const { result, written } = await unpack(await tarOf(items));
      expect(reason(result)).toBe('unsafe');
      expect(written.filter((w) => w.includes('evil') || w === 'pw' || w === 'copy.html' || w === 'pipe')).toEqual([]);
    });

    it('stops at the entry-count, depth and byte limits (a gzip bomb included)', async () => {
      const many = await tarOf(Array.from({ length: 6 }, (_, i) => ({ name: `f${i}.html`, body: 'x' })));
      expect(reason((await unpack(many, { maxEntries: 5 })).result)).toBe('too-big');
      expect((await unpack(many, { maxEntries: 6 })).written).toHaveLength(6);

      const deep = await tarOf([{ name: 'a/b/c/d.html', body: 'x' }]);
      expect(reason((await unpack(deep, { maxDepth: 2 })).result)).toBe('too-big');
      expect((await unpack(deep, { maxDepth: 3 })).result).toEqual([{ path: 'a/b/c/d.html', size: 1 }]);

      const big = await tarOf([
        { name: 'a.bin', body: Buffer.alloc(1500) },
        { name: 'b.bin', body: Buffer.alloc(1500) },
      ]);
      const tooBig = await unpack(big, { maxBytes: 2000 });
      expect(reason(tooBig.result)).toBe('too-big');
      expect(tooBig.written).not.toContain('b.bin');

      // 8 MiB of zeros in a few kB of gzip: stopped at the limit on the entry's size, before its bytes
      const bomb = zlib.gzipSync(
        await tarOf([
          { name: 'index.html', body: 'x' },
          { name: 'z.bin', body: Buffer.alloc(8 << 20) },
        ]),
      );
      expect(bomb.length).toBeLessThan(64 * 1024);
      const bombed = await unpack(bomb, { maxBytes: 1 << 20 }, 'in.tgz');
      expect(reason(bombed.result)).toBe('too-big');
      expect(bombed.written).not.toContain('z.bin');
    });

    it('answers unreadable for what is not an archive and empty for an archive of junk only', async () => {
      expect(reason((await unpack(Buffer.from('this is not an archive at all'))).result)).toBe('unreadable');
      expect(reason((await unpack(await tarOf([{ name: '.hidden', body: 'x' }]))).result)).toBe('empty');
    });
  },
);
