import { signPath } from './url-signing';

/** What signing needs of the app's dependencies (AppDeps has both). */
export interface SigningDeps {
  urlKey: Parameters<typeof signPath>[0];
  now: () => Date;
}

/** Where stored files are read: GET /api/v1/files/<key> (filesApi.read), through a signed, expiring URL. */
export const FILES_PREFIX = '/api/v1/files/';

/** Where stored files are downloaded: GET /api/v1/downloads/<key> (filesApi.download), signed apart. */
export const DOWNLOADS_PREFIX = '/api/v1/downloads/';

const encodedKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');

/** The URL path of a stored file (each key segment encoded), unsigned. */
export function filePath(key: string): string {
  return `${FILES_PREFIX}${encodedKey(key)}`;
}

/** A signed, expiring URL that downloads a stored file (Content-Disposition: attachment). */
export function signedDownloadUrl(deps: SigningDeps, key: string, ttlSeconds: number): string {
  return signPath(deps.urlKey, `${DOWNLOADS_PREFIX}${encodedKey(key)}`, ttlSeconds, deps.now());
}

/** A signed, expiring URL to read a stored file (the "presigned" URLs of the spec). */
export function signedFileUrl(deps: SigningDeps, key: string, ttlSeconds: number): { url: string; expiresAt: Date } {
  const now = deps.now();
  return {
    url: signPath(deps.urlKey, filePath(key), ttlSeconds, now),
    expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
  };
}
