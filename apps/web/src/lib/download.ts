import { apiDownload, type QueryValue } from './api-client';

/** Hands a blob to the browser as a download named fileName. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Downloads an API file answer (with the bearer token) and saves it under its server-given name. */
export async function downloadApiFile(path: string, query?: Record<string, QueryValue>, fallbackName?: string) {
  const { blob, fileName } = await apiDownload(path, { query, fallbackName });
  saveBlob(blob, fileName);
  return fileName;
}
