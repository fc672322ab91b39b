import path from 'node:path';
import { UPLOAD_LIMITS } from '@sim/shared';
import type { AppDeps } from '../../../deps';
import { signPath, verifySignedPath } from '../../../lib/url-signing';
import { SIM_FOLDERS, uploadFolder } from './keys';

/**
 * The unpacked learning package, served from the blob store under a signed path prefix:
 *   /api/v1/sims/captivate-package/{exp}.{sig}/{simId}/{uploadId}/{file path}
 * The signature (HMAC of the package folder and the expiry) sits in the path, so the package's relative
 * links (scripts, pictures, other pages) carry it along and work in a browser without a token.
 */
export const PACKAGE_PREFIX = '/api/v1/sims/captivate-package/';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** captivate_entry: the blob key of the start page, sims/{simId}/captivate/{uploadId}/{page} */
const ENTRY = new RegExp(`^sims/(${UUID})/${SIM_FOLDERS.captivate}/(${UUID})/(.+)$`);

const signedFolder = (simId: string, uploadId: string) => `/captivate/${simId}/${uploadId}/`;

export interface PackageEntry {
  /** the sim whose folder holds the files (a duplicated sim shares its original's package) */
  simId: string;
  uploadId: string;
  page: string;
}

export function parseEntry(entry: string): PackageEntry | null {
  const match = ENTRY.exec(entry);
  return match ? { simId: match[1], uploadId: match[2], page: match[3] } : null;
}

/** The folder of blobs holding the package of an entry. */
export const packageFolder = (entry: PackageEntry) => uploadFolder(entry.simId, SIM_FOLDERS.captivate, entry.uploadId);

/** The blob key of a file of a package. */
export const packageFileKey = (simId: string, uploadId: string, file: string) =>
  `${uploadFolder(simId, SIM_FOLDERS.captivate, uploadId)}/${file}`;

/** A signed, expiring URL opening the package's start page. */
export function packageUrl(deps: AppDeps, entryKey: string): string | null {
  const entry = parseEntry(entryKey);
  if (!entry) return null;
  const folder = signedFolder(entry.simId, entry.uploadId);
  const signed = signPath(deps.urlKey, folder, UPLOAD_LIMITS.fileUrlTtlSeconds, deps.now());
  const query = new URLSearchParams(signed.slice(signed.indexOf('?') + 1));
  const token = `${query.get('exp')}.${query.get('sig')}`;
  const page = entry.page.split('/').map(encodeURIComponent).join('/');
  return `${PACKAGE_PREFIX}${token}/${entry.simId}/${entry.uploadId}/${page}`;
}

export type PackageTokenCheck = 'ok' | 'bad' | 'expired';

/** Checks the {exp}.{sig} token of a package path. */
export function checkPackageToken(deps: AppDeps, token: string, simId: string, uploadId: string): PackageTokenCheck {
  const dot = token.indexOf('.');
  if (dot <= 0) return 'bad';
  const check = verifySignedPath(
    deps.urlKey,
    signedFolder(simId, uploadId),
    { exp: token.slice(0, dot), sig: token.slice(dot + 1) },
    deps.now(),
  );
  if (check.ok) return 'ok';
  return check.reason === 'expired' ? 'expired' : 'bad';
}

/** Content types of what packages hold, by extension (the rest is served as bytes). */
const PACKAGE_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.vtt': 'text/vtt',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.cur': 'image/x-icon',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.m4a': 'audio/mp4',
  '.oga': 'audio/ogg',
  '.ogg': 'audio/ogg',
  '.mp4': 'video/mp4',
  '.m4v': 'video/mp4',
  '.webm': 'video/webm',
  '.ogv': 'video/ogg',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.eot': 'application/vnd.ms-fontobject',
  '.pdf': 'application/pdf',
  '.swf': 'application/x-shockwave-flash',
};

export function packageContentType(file: string): string {
  return PACKAGE_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Headers of every package file. The package is the author's own HTML and scripts: it runs sandboxed (an
 * opaque origin without access to the app's storage or tokens), may be framed by the app, and its files
 * may be read by that opaque origin (CORS/CORP), which is what its loaders need.
 */
export const PACKAGE_HEADERS: Record<string, string> = {
  'content-security-policy': [
    'sandbox allow-scripts allow-forms allow-popups allow-modals allow-downloads allow-pointer-lock allow-presentation',
    "default-src 'self' data: blob: 'unsafe-inline' 'unsafe-eval'",
    "img-src 'self' data: blob:",
    "media-src 'self' data: blob:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; '),
  'cross-origin-resource-policy': 'cross-origin',
  'access-control-allow-origin': '*',
  'x-frame-options': 'SAMEORIGIN',
  'referrer-policy': 'no-referrer',
};
