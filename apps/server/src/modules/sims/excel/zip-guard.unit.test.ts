import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../lib/errors';
import { assertWorkbookFits, readCentralDirectory, WORKBOOK_MESSAGES, ZipFormatError } from './zip-guard';

/** One deflated entry; `zip64` writes its sizes in a ZIP64 extra field and the end records in ZIP64 form. */
function zipOf(content: Buffer, opts: { claim?: number; zip64?: boolean; comment?: string } = {}) {
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  const data = zlib.deflateRawSync(content);
  const size = opts.claim ?? content.length;
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(Math.min(size, 0xffffffff), 22);
  local.writeUInt16LE(name.length, 26);
  const extra = Buffer.alloc(opts.zip64 ? 20 : 0);
  if (opts.zip64) {
    extra.writeUInt16LE(0x0001, 0);
    extra.writeUInt16LE(16, 2);
    extra.writeBigUInt64LE(BigInt(size), 4);
    extra.writeBigUInt64LE(BigInt(data.length), 12);
  }
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(opts.zip64 ? 0xffffffff : data.length, 20);
  central.writeUInt32LE(opts.zip64 ? 0xffffffff : size, 24);
  central.writeUInt16LE(name.length, 28);
  central.writeUInt16LE(extra.length, 30);
  const cdOffset = local.length + name.length + data.length;
  const cd = Buffer.concat([central, name, extra]);
  const tail: Buffer[] = [];
  if (opts.zip64) {
    const z = Buffer.alloc(56);
    z.writeUInt32LE(0x06064b50, 0);
    z.writeBigUInt64LE(1n, 24);
    z.writeBigUInt64LE(1n, 32);
    z.writeBigUInt64LE(BigInt(cd.length), 40);
    z.writeBigUInt64LE(BigInt(cdOffset), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(cdOffset + cd.length), 8);
    tail.push(z, locator);
  }
  const comment = Buffer.from(opts.comment ?? '');
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(opts.zip64 ? 0xffff : 1, 8);
  end.writeUInt16LE(opts.zip64 ? 0xffff : 1, 10);
  end.writeUInt32LE(opts.zip64 ? 0xffffffff : cd.length, 12);
  end.writeUInt32LE(opts.zip64 ? 0xffffffff : cdOffset, 16);
  end.writeUInt16LE(comment.length, 20);
  return Buffer.concat([local, name, data, cd, ...tail, end, comment]);
}

const refusal = async (data: Buffer) => {
  try {
    await assertWorkbookFits(data, { maxUnpackedBytes: 1000, maxEntries: 10 });
    return null;
  } catch (err) {
    return err instanceof AppError ? { status: err.status, message: err.message } : err;
  }
};

describe('the unpacked size of a workbook, read from its central directory', () => {
  const text = Buffer.from('<x>'.repeat(100));

  it('reads the sizes of a plain zip and of a ZIP64 zip (after a comment)', () => {
    expect(readCentralDirectory(zipOf(text))[0]).toMatchObject({ uncompressedSize: 300, method: 8 });
    const z64 = readCentralDirectory(zipOf(text, { zip64: true, comment: 'hello' }))[0];
    expect(z64).toMatchObject({ name: 'xl/worksheets/sheet1.xml', uncompressedSize: 300 });
    expect(z64.compressedSize).toBe(zlib.deflateRawSync(text).length);
  });

  it('accepts a workbook within the limit, refuses one declared above it with 413 (ZIP64: 5 GB)', async () => {
    expect(await refusal(zipOf(text))).toBeNull();
    expect(await refusal(zipOf(text, { zip64: true }))).toBeNull();
    expect(await refusal(zipOf(Buffer.alloc(2000, 65)))).toEqual({ status: 413, message: WORKBOOK_MESSAGES.tooLarge });
    expect(await refusal(zipOf(text, { zip64: true, claim: 5 * 1024 ** 3 }))).toEqual({
      status: 413,
      message: WORKBOOK_MESSAGES.tooLarge,
    });
  });

  it('refuses with 400 a part that inflates past its declared size, and a truncated directory', async () => {
    expect(await refusal(zipOf(Buffer.alloc(900, 65), { claim: 10 }))).toEqual({
      status: 400,
      message: WORKBOOK_MESSAGES.corrupt,
    });
    const whole = zipOf(text);
    expect(await refusal(whole.subarray(0, whole.length - 30))).toEqual({
      status: 400,
      message: WORKBOOK_MESSAGES.corrupt,
    });
    expect(() => readCentralDirectory(Buffer.from('not a zip at all, not even close'))).toThrow(ZipFormatError);
  });
});
