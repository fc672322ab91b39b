import type { ByteRange } from './blob-store';

/**
 * The single byte range of an HTTP Range header ("bytes=0-499", "bytes=500-", "bytes=-500") against a file
 * of `size` bytes. undefined: no usable Range header (answer the whole file); null: not satisfiable (416).
 * Several ranges are answered as the whole file (allowed by RFC 9110).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | null | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/i.exec(header.trim());
  if (!match) return undefined;
  const [, from, to] = match;
  if (from === '' && to === '') return undefined;
  if (size === 0) return null;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0) return null;
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || end < start) return null;
  return { start, end };
}
