import zlib from 'node:zlib';
import { AppError, Invalid } from '../../../lib/errors';

/**
 * An .xlsx is a zip, and a zip of a few hundred kilobytes can unpack to gigabytes (a sheet of one repeated
 * character compresses a thousandfold). exceljs (through JSZip) inflates every part into memory, so a
 * workbook is measured before it is read:
 *   1. the central directory's uncompressed sizes (ZIP64 included) are added up without inflating
 *      anything, and a workbook over WORKBOOK_LIMITS.maxUnpackedBytes is refused with 413;
 *   2. those sizes are the archive's own claim, so each deflated part is then inflated into nothing
 *      (a counter), stopping as soon as it produces more than it declared: a zip that lies is refused
 *      with 400. The work of this pass is bounded by the declared total, which step 1 bounded.
 */
export const WORKBOOK_LIMITS = {
  maxUnpackedBytes: 25 * 1024 * 1024,
  maxEntries: 2000,
} as const;

export const WORKBOOK_MESSAGES = {
  tooLarge: `This workbook is too large once unpacked (more than ${WORKBOOK_LIMITS.maxUnpackedBytes / (1024 * 1024)} MB). Please remove unused sheets or rows, or split it into smaller files.`,
  tooManyParts: 'This workbook has too many parts to be read.',
  corrupt: 'This workbook is damaged: its parts do not match their declared sizes.',
} as const;

const SIG_EOCD = 0x06054b50;
const SIG_ZIP64_LOCATOR = 0x07064b50;
const SIG_ZIP64_EOCD = 0x06064b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_LOCAL = 0x04034b50;
const MAX_U16 = 0xffff;
const MAX_U32 = 0xffffffff;

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

export class ZipFormatError extends Error {}

function u64(data: Buffer, at: number): number {
  const value = data.readBigUInt64LE(at);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) return Number.POSITIVE_INFINITY;
  return Number(value);
}

function need(data: Buffer, at: number, bytes: number) {
  if (at < 0 || at + bytes > data.length) throw new ZipFormatError('truncated zip');
}

/** The end of central directory record, searched backwards (it may be followed by a comment). */
function findEndOfCentralDirectory(data: Buffer): number {
  const last = data.length - 22;
  const first = Math.max(0, last - MAX_U16);
  for (let at = last; at >= first; at--) if (data.readUInt32LE(at) === SIG_EOCD) return at;
  throw new ZipFormatError('no end of central directory');
}

/** The entries of a zip's central directory, read without inflating anything. */
export function readCentralDirectory(data: Buffer, maxEntries: number = WORKBOOK_LIMITS.maxEntries): ZipEntry[] {
  if (data.length < 22) throw new ZipFormatError('too short');
  const eocd = findEndOfCentralDirectory(data);
  let count = data.readUInt16LE(eocd + 10);
  let size = data.readUInt32LE(eocd + 12);
  let offset = data.readUInt32LE(eocd + 16);
  if (count === MAX_U16 || size === MAX_U32 || offset === MAX_U32) {
    const locator = eocd - 20;
    need(data, locator, 20);
    if (data.readUInt32LE(locator) !== SIG_ZIP64_LOCATOR) throw new ZipFormatError('no zip64 locator');
    const zip64 = u64(data, locator + 8);
    need(data, zip64, 56);
    if (data.readUInt32LE(zip64) !== SIG_ZIP64_EOCD) throw new ZipFormatError('no zip64 end record');
    count = u64(data, zip64 + 32);
    size = u64(data, zip64 + 40);
    offset = u64(data, zip64 + 48);
  }
  if (count > maxEntries) throw new ZipFormatError('too many entries');
  need(data, offset, size);
  const entries: ZipEntry[] = [];
  let at = offset;
  for (let i = 0; i < count; i++) {
    need(data, at, 46);
    if (data.readUInt32LE(at) !== SIG_CENTRAL) throw new ZipFormatError('bad central directory entry');
    const method = data.readUInt16LE(at + 10);
    let compressedSize = data.readUInt32LE(at + 20);
    let uncompressedSize = data.readUInt32LE(at + 24);
    const nameLength = data.readUInt16LE(at + 28);
    const extraLength = data.readUInt16LE(at + 30);
    const commentLength = data.readUInt16LE(at + 32);
    let localHeaderOffset = data.readUInt32LE(at + 42);
    need(data, at + 46, nameLength + extraLength + commentLength);
    const name = data.toString('utf8', at + 46, at + 46 + nameLength);
    // ZIP64: the sizes and offset that do not fit 32 bits are in the extra field 0x0001, in this order
    let extra = at + 46 + nameLength;
    const extraEnd = extra + extraLength;
    while (extra + 4 <= extraEnd) {
      const id = data.readUInt16LE(extra);
      const length = data.readUInt16LE(extra + 2);
      if (id === 0x0001) {
        let field = extra + 4;
        const take = () => {
          if (field + 8 > extra + 4 + length) throw new ZipFormatError('short zip64 extra field');
          const value = u64(data, field);
          field += 8;
          return value;
        };
        if (uncompressedSize === MAX_U32) uncompressedSize = take();
        if (compressedSize === MAX_U32) compressedSize = take();
        if (localHeaderOffset === MAX_U32) localHeaderOffset = take();
      }
      extra += 4 + length;
    }
    entries.push({ name, method, compressedSize, uncompressedSize, localHeaderOffset });
    at = extraEnd + commentLength;
  }
  return entries;
}

/** Bytes a raw deflate stream produces, counted and thrown away; stops once past `cap`. */
function inflatedSize(compressed: Buffer, cap: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflater = zlib.createInflateRaw();
    let produced = 0;
    let done = false;
    const finish = (fn: () => void) => {
      if (done) return;
      done = true;
      fn();
    };
    inflater.on('data', (chunk: Buffer) => {
      produced += chunk.length;
      if (produced > cap) {
        finish(() => resolve(produced));
        inflater.destroy();
      }
    });
    inflater.once('end', () => finish(() => resolve(produced)));
    inflater.once('error', (err) => finish(() => reject(err)));
    inflater.end(compressed);
  });
}

/** The compressed bytes of an entry, found through its local header. */
function entryData(data: Buffer, entry: ZipEntry): Buffer {
  const at = entry.localHeaderOffset;
  need(data, at, 30);
  if (data.readUInt32LE(at) !== SIG_LOCAL) throw new ZipFormatError('bad local header');
  const start = at + 30 + data.readUInt16LE(at + 26) + data.readUInt16LE(at + 28);
  need(data, start, entry.compressedSize);
  return data.subarray(start, start + entry.compressedSize);
}

/**
 * Refuses a workbook that would unpack to more than `maxUnpackedBytes` (413) or whose parts inflate to more
 * than they declare (400), before any of it is read for real. A zip whose directory cannot be read at all
 * is refused too (400, `unreadable`: the reader's own message), since what this check cannot measure the
 * reader must not inflate.
 */
export async function assertWorkbookFits(
  data: Buffer,
  limits: { maxUnpackedBytes: number; maxEntries: number } = WORKBOOK_LIMITS,
  unreadable: () => AppError = () => Invalid(WORKBOOK_MESSAGES.corrupt, 'file'),
): Promise<void> {
  let entries: ZipEntry[];
  try {
    entries = readCentralDirectory(data, limits.maxEntries);
  } catch (err) {
    if (err instanceof ZipFormatError && err.message === 'too many entries')
      throw new AppError('TOO_LARGE', WORKBOOK_MESSAGES.tooManyParts);
    if (err instanceof ZipFormatError) throw unreadable();
    throw err;
  }
  let total = 0;
  for (const entry of entries) total += entry.uncompressedSize;
  if (total > limits.maxUnpackedBytes) throw new AppError('TOO_LARGE', WORKBOOK_MESSAGES.tooLarge);
  for (const entry of entries) {
    try {
      if (entry.method === 0) {
        if (entry.compressedSize > entry.uncompressedSize) throw new ZipFormatError('stored size mismatch');
        continue;
      }
      if (entry.method !== 8) continue; // the reader knows only stored and deflated parts: it refuses the rest
      const produced = await inflatedSize(entryData(data, entry), entry.uncompressedSize);
      if (produced > entry.uncompressedSize) throw new ZipFormatError('inflates past its declared size');
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw unreadable();
    }
  }
}
