import crypto from 'node:crypto';
import type { PresignedUploadType } from '@sim/shared';
import { FILES_PREFIX } from '../../../lib/signed-files';

/**
 * Where the files of a sim live in the blob store. Every key starts with sims/{simId}/{folder}/{uploadId}/,
 * so a key handed back by a client is checked against the sim before it is used, and a new upload never
 * overwrites the file another answer still points to.
 */
export const SIM_FOLDERS = {
  attachment: 'attachment',
  tutorial: 'tutorial',
  demoVideo: 'demo-video',
  captivate: 'captivate',
  recordings: 'recordings',
} as const;
export type SimFolder = (typeof SIM_FOLDERS)[keyof typeof SIM_FOLDERS];

export const PRESIGNED_PREFIX = '/api/v1/sims/presigned-upload/';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const UUID_RE = new RegExp(`^${UUID}$`, 'i');
export const isUuid = (value: string) => UUID_RE.test(value);

export const newUploadId = () => crypto.randomUUID();

/**
 * A file name safe in a key and a URL: [A-Za-z0-9._-], starting with a letter or digit, its extension kept
 * ("Call guide (v2).pdf" → "Call_guide_v2_.pdf", "文件.pdf" → "file.pdf").
 */
export function safeFileName(name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '').normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  const dot = base.lastIndexOf('.');
  const clean = (text: string) => text.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/_+/g, '_');
  const stem =
    clean(dot > 0 ? base.slice(0, dot) : base)
      .replace(/^[._-]+/, '')
      .slice(0, 90) || 'file';
  const ext =
    dot > 0
      ? base
          .slice(dot + 1)
          .replace(/[^A-Za-z0-9]/g, '')
          .slice(0, 10)
      : '';
  return ext ? `${stem}.${ext}` : stem;
}

export function fileKey(simId: string, folder: SimFolder, uploadId: string, fileName: string): string {
  return `sims/${simId}/${folder}/${uploadId}/${safeFileName(fileName)}`;
}

/** The folder of a sim's key (everything under it belongs to one upload). */
export function uploadFolder(simId: string, folder: SimFolder, uploadId: string): string {
  return `sims/${simId}/${folder}/${uploadId}`;
}

export const presignedFolder = (type: PresignedUploadType): SimFolder =>
  type === 'attachment' ? SIM_FOLDERS.attachment : SIM_FOLDERS.tutorial;

/** The path a presigned PUT goes to (signed by the caller). */
export function presignedPath(type: PresignedUploadType, simId: string, uploadId: string, fileName: string): string {
  return `${PRESIGNED_PREFIX}${type}/${simId}/${uploadId}/${safeFileName(fileName)}`;
}

const FILE_URL = new RegExp(`^${FILES_PREFIX}sims/(${UUID})/([a-z-]+)/(${UUID})/([^/]+)$`, 'i');
const PUT_URL = new RegExp(`^${PRESIGNED_PREFIX}(attachment|tutorial)/(${UUID})/(${UUID})/([^/]+)$`, 'i');

/**
 * The blob key behind a downloadUrl or presignedUrl of get-presigned-url (relative or absolute), when it
 * is a file of this sim in this folder; null otherwise.
 */
export function keyOfUploadUrl(url: string, simId: string, folder: SimFolder): string | null {
  let pathname: string;
  try {
    pathname = new URL(url, 'http://localhost').pathname;
  } catch {
    return null;
  }
  let parts: { sim: string; folder: string; upload: string; name: string } | null = null;
  const file = FILE_URL.exec(pathname);
  if (file) parts = { sim: file[1], folder: file[2], upload: file[3], name: file[4] };
  const put = PUT_URL.exec(pathname);
  if (put)
    parts = { sim: put[2], folder: presignedFolder(put[1] as PresignedUploadType), upload: put[3], name: put[4] };
  if (!parts) return null;
  let name: string;
  try {
    name = decodeURIComponent(parts.name);
  } catch {
    return null;
  }
  if (parts.sim.toLowerCase() !== simId.toLowerCase() || parts.folder !== folder) return null;
  if (safeFileName(name) !== name) return null;
  return `sims/${simId.toLowerCase()}/${folder}/${parts.upload.toLowerCase()}/${name}`;
}
