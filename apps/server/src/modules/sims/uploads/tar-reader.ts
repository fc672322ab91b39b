import { type Extract, extract, type Header } from 'tar-stream';

/**
 * Reads the tar (ustar/pax/GNU) stream bsdtar writes when it converts an archive ("bsdtar -cf - @in"),
 * with `tar-stream` doing the parsing (checksums, pax and GNU long names, base-256 sizes). It only hands
 * out each entry's header and then its bytes as a stream; what to do with an entry is decided by the
 * caller, before any of its bytes are written anywhere (uploads/unpack.ts vets every entry).
 */
export class TarFormatError extends Error {}

export type TarEntryType = 'file' | 'directory' | 'symlink' | 'hardlink' | 'other';

export interface TarEntry {
  path: string;
  type: TarEntryType;
  size: number;
  linkPath: string;
}

/** Devices, fifos, contiguous files and unknown type flags are all 'other' (the caller refuses them). */
function entryType(type: Header['type'] | null): TarEntryType {
  if (type === 'file' || type === 'directory' || type === 'symlink') return type;
  if (type === 'link') return 'hardlink';
  return 'other';
}

export function toTarEntry(header: Header): TarEntry {
  return { path: header.name, type: entryType(header.type), size: header.size, linkPath: header.linkname ?? '' };
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Waits until the parser wants more bytes, or is gone. */
function drained(ex: Extract): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      ex.off('drain', done);
      ex.off('close', done);
      resolve();
    };
    ex.on('drain', done);
    ex.on('close', done);
  });
}

/** Writes the source into the parser with back-pressure; a failure of the source is kept apart. */
async function feed(source: AsyncIterable<Buffer>, ex: Extract, failed: (err: unknown) => void): Promise<void> {
  try {
    for await (const chunk of source) {
      if (ex.destroying) return;
      if (!ex.write(chunk)) await drained(ex);
    }
    if (!ex.destroying) ex.end(undefined);
  } catch (err) {
    failed(err);
    ex.destroy(err as Error);
  }
}

/** An entry's bytes; a broken archive (cut short inside the entry) surfaces as a TarFormatError. */
async function* bytesOf(entry: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of entry) yield chunk;
  } catch (err) {
    throw new TarFormatError(message(err));
  }
}

/**
 * Walks the entries of a tar stream. For each entry, `onEntry` is called before its bytes are read; it
 * answers where the bytes go: a function consuming them (exactly entry.size bytes), or null to skip them.
 * A malformed archive throws TarFormatError; what `onEntry` or the consumer throws is thrown as it is, and
 * the rest of the stream is then not read.
 */
export async function readTar(
  source: AsyncIterable<Buffer>,
  onEntry: (entry: TarEntry) => Promise<((data: AsyncIterable<Buffer>) => Promise<void>) | null>,
): Promise<void> {
  const ex = extract();
  const entries = ex[Symbol.asyncIterator]();
  let sourceFailure: { err: unknown } | null = null;
  const feeding = feed(source, ex, (err) => {
    sourceFailure = { err };
  });
  try {
    for (;;) {
      let next: IteratorResult<Extract extends AsyncIterable<infer S> ? S : never>;
      try {
        next = await entries.next();
      } catch (err) {
        if (sourceFailure) throw (sourceFailure as { err: unknown }).err;
        throw new TarFormatError(message(err));
      }
      if (next.done) break;
      const stream = next.value;
      const consume = await onEntry(toTarEntry(stream.header));
      if (consume) await consume(bytesOf(stream as AsyncIterable<Buffer>));
      else stream.resume();
    }
  } catch (err) {
    ex.destroy();
    throw err;
  }
  await feeding;
}
