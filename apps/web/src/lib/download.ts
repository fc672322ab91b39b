import type { RouteContract } from '@sim/shared';
import { type ApiInput, apiDownload } from './api-client';

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

/** Downloads a file route's answer (with the bearer token) and saves it under its server-given name. */
export async function downloadRouteFile<C extends RouteContract>(route: C, input: ApiInput<C>, fallbackName?: string) {
  const { blob, fileName } = await apiDownload(route, { input, fallbackName });
  saveBlob(blob, fileName);
  return fileName;
}
