/**
 * The Content-Disposition of a download: `attachment; filename="…"` for a plain ASCII name, else the
 * RFC 6266 `filename*=UTF-8''…` form (non-ASCII letters, quotes, backslashes).
 */
export function attachmentDisposition(fileName: string): string {
  return /^[\x20-\x7e]+$/.test(fileName) && !/["\\]/.test(fileName)
    ? `attachment; filename="${fileName}"`
    : `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
