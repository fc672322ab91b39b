import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BlobExistsError, LocalBlobStore } from './blob-store';

describe('local blob store: types and write-once', () => {
  let root: string;
  let store: LocalBlobStore;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'sim-blobs-'));
    store = new LocalBlobStore(root);
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  const files = () => (fs.readdirSync(root, { recursive: true }) as string[]).sort();

  it('keeps a type in a sidecar file, and writes none for the default type', async () => {
    await store.putStream('a/typed', Readable.from([Buffer.from('x')]), 'video/webm', { ifAbsent: true });
    await store.putStream('a/raw', Readable.from([Buffer.from('y')]), 'application/octet-stream', { ifAbsent: true });
    expect(files()).toEqual(['a', 'a/raw', 'a/typed', 'a/typed.type']);
    expect(await store.stat('a/typed')).toEqual({ size: 1, contentType: 'video/webm' });
    expect(await store.stat('a/raw')).toEqual({ size: 1, contentType: 'application/octet-stream' });
  });

  it('drops the old sidecar when a file is stored again with the default type', async () => {
    await store.put('b/file', Buffer.from('one'), 'audio/mpeg');
    await store.put('b/file', Buffer.from('two!'), 'application/octet-stream');
    expect(files()).toEqual(['b', 'b/file']);
    expect(await store.get('b/file')).toEqual({ data: Buffer.from('two!'), contentType: 'application/octet-stream' });
  });

  it('refuses a second write of a write-once key and keeps the first bytes', async () => {
    await store.putStream('c/part', Readable.from([Buffer.from('first')]), 'application/octet-stream', {
      ifAbsent: true,
    });
    await expect(
      store.putStream('c/part', Readable.from([Buffer.from('second')]), 'application/octet-stream', { ifAbsent: true }),
    ).rejects.toBeInstanceOf(BlobExistsError);
    expect((await store.get('c/part'))?.data.toString()).toBe('first');
    expect(files().filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('put: write-once from memory, refused with the first bytes kept and no temporary file left', async () => {
    await store.put('d/part', Buffer.from('first'), 'application/octet-stream', { ifAbsent: true });
    await expect(
      store.put('d/part', Buffer.from('second'), 'application/octet-stream', { ifAbsent: true }),
    ).rejects.toBeInstanceOf(BlobExistsError);
    await store.put('d/typed', Buffer.from('t'), 'video/webm', { ifAbsent: true });
    expect(files()).toEqual(['d', 'd/part', 'd/typed', 'd/typed.type']);
    expect(await store.get('d/part')).toEqual({ data: Buffer.from('first'), contentType: 'application/octet-stream' });
    expect(await store.stat('d/typed')).toEqual({ size: 1, contentType: 'video/webm' });
  });

  it('makes a remembered folder again when it has gone (deletePrefix, or removed by hand)', async () => {
    await store.put('e/1/a', Buffer.from('a'), 'application/octet-stream', { ifAbsent: true });
    await store.deletePrefix('e/1');
    await store.put('e/1/b', Buffer.from('b'), 'application/octet-stream', { ifAbsent: true });
    expect(files()).toEqual(['e', 'e/1', 'e/1/b']);
    // removed behind the store's back: the write finds no folder, makes it and writes again
    fs.rmSync(path.join(root, 'e'), { recursive: true });
    await store.put('e/1/c', Buffer.from('c'), 'application/octet-stream', { ifAbsent: true });
    await store.put('e/1/d', Buffer.from('d'), 'audio/mpeg');
    expect(files()).toEqual(['e', 'e/1', 'e/1/c', 'e/1/d', 'e/1/d.type']);
    expect((await store.get('e/1/c'))?.data.toString()).toBe('c');
  });
});
