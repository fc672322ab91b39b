/**
 * A reader of the tar (ustar/pax) stream bsdtar writes when it converts an archive ("bsdtar -cf - @in").
 * It only reads headers and hands out each entry's bytes as a stream; what to do with an entry is decided
 * by the caller, before any of its bytes are written anywhere.
 */
const BLOCK = 512;
/** pax and GNU long-name headers larger than this are refused (they only hold names and sizes) */
const MAX_META_BYTES = 1024 * 1024;

export class TarFormatError extends Error {}

export type TarEntryType = 'file' | 'directory' | 'symlink' | 'hardlink' | 'other';

export interface TarEntry {
  path: string;
  type: TarEntryType;
  size: number;
  linkPath: string;
}

/** Exact reads from an async stream of chunks. */
class ByteReader {
  private buf: Buffer = Buffer.alloc(0);
  private done = false;
  constructor(private readonly it: AsyncIterator<Buffer>) {}

  private async fill(n: number) {
    while (this.buf.length < n && !this.done) {
      const next = await this.it.next();
      if (next.done) this.done = true;
      else if (next.value.length) this.buf = this.buf.length ? Buffer.concat([this.buf, next.value]) : next.value;
    }
  }

  /** Exactly n bytes, or null at the end of the stream. */
  async read(n: number): Promise<Buffer | null> {
    await this.fill(n);
    if (this.buf.length < n) return null;
    const out = this.buf.subarray(0, n);
    this.buf = this.buf.subarray(n);
    return out;
  }

  /** The next n bytes as chunks, without holding them. */
  async *chunks(n: number): AsyncGenerator<Buffer> {
    let left = n;
    while (left > 0) {
      if (!this.buf.length) await this.fill(1);
      if (!this.buf.length) throw new TarFormatError('the archive ended inside an entry');
      const take = Math.min(left, this.buf.length);
      const out = this.buf.subarray(0, take);
      this.buf = this.buf.subarray(take);
      left -= take;
      yield out;
    }
  }

  async discard(n: number) {
    for await (const _ of this.chunks(n));
  }
}

const padding = (size: number) => (BLOCK - (size % BLOCK)) % BLOCK;

function text(block: Buffer, start: number, length: number): string {
  const field = block.subarray(start, start + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? field.length : end).toString('utf8');
}

function octal(block: Buffer, start: number, length: number): number {
  const field = block.subarray(start, start + length);
  if (field[0] & 0x80) {
    // base-256 (GNU/star) for large values: big-endian after the marker bit
    let value = field[0] & 0x7f;
    for (let i = 1; i < field.length; i++) value = value * 256 + field[i];
    return value;
  }
  const digits = text(block, start, length).trim();
  if (!/^[0-7]*$/.test(digits)) throw new TarFormatError('a header number is not octal');
  return digits ? Number.parseInt(digits, 8) : 0;
}

function checksumOk(block: Buffer): boolean {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i];
  return sum === octal(block, 148, 8);
}

/** pax records "LEN key=value\n" → map. */
export function parsePax(data: Buffer): Map<string, string> {
  const out = new Map<string, string>();
  let pos = 0;
  while (pos < data.length) {
    const space = data.indexOf(0x20, pos);
    if (space === -1) break;
    const len = Number.parseInt(data.subarray(pos, space).toString('ascii'), 10);
    if (!Number.isInteger(len) || len <= 0 || pos + len > data.length) throw new TarFormatError('a pax record is bad');
    const record = data.subarray(space + 1, pos + len - 1).toString('utf8');
    const eq = record.indexOf('=');
    if (eq > 0) out.set(record.slice(0, eq), record.slice(eq + 1));
    pos += len;
  }
  return out;
}

function entryType(flag: string): TarEntryType {
  if (flag === '0' || flag === '\0' || flag === '') return 'file';
  if (flag === '5') return 'directory';
  if (flag === '2') return 'symlink';
  if (flag === '1') return 'hardlink';
  return 'other';
}

/**
 * Walks the entries of a tar stream. For each entry, `onEntry` is called before its bytes are read; it
 * answers where the bytes go: a function consuming them (exactly entry.size bytes), or null to skip them.
 */
export async function readTar(
  source: AsyncIterable<Buffer>,
  onEntry: (entry: TarEntry) => Promise<((data: AsyncIterable<Buffer>) => Promise<void>) | null>,
): Promise<void> {
  const reader = new ByteReader(source[Symbol.asyncIterator]());
  let pax = new Map<string, string>();
  let longName: string | null = null;
  let longLink: string | null = null;
  for (;;) {
    const block = await reader.read(BLOCK);
    if (!block || block.every((b) => b === 0)) return; // end of archive
    if (!checksumOk(block)) throw new TarFormatError('a header checksum is wrong');
    const flag = String.fromCharCode(block[156]);
    const headerSize = octal(block, 124, 12);
    if (flag === 'x' || flag === 'g' || flag === 'L' || flag === 'K') {
      if (headerSize > MAX_META_BYTES) throw new TarFormatError('a metadata header is too large');
      const data = (await reader.read(headerSize + padding(headerSize)))?.subarray(0, headerSize);
      if (!data) throw new TarFormatError('the archive ended inside a header');
      if (flag === 'x') pax = parsePax(data);
      else if (flag === 'L') longName = text(data, 0, data.length);
      else if (flag === 'K') longLink = text(data, 0, data.length);
      continue; // global headers ('g') carry nothing this reader needs
    }
    const magic = block.subarray(257, 262).toString('ascii');
    const prefix = magic === 'ustar' ? text(block, 345, 155) : '';
    const name = text(block, 0, 100);
    const paxSize = pax.get('size');
    const size = paxSize !== undefined ? Number(paxSize) : headerSize;
    if (!Number.isSafeInteger(size) || size < 0) throw new TarFormatError('an entry size is bad');
    const entry: TarEntry = {
      path: pax.get('path') ?? longName ?? (prefix ? `${prefix}/${name}` : name),
      type: entryType(flag),
      size,
      linkPath: pax.get('linkpath') ?? longLink ?? text(block, 157, 100),
    };
    pax = new Map();
    longName = null;
    longLink = null;
    const consume = await onEntry(entry);
    if (consume) await consume(reader.chunks(size));
    else await reader.discard(size);
    await reader.discard(padding(size));
  }
}
