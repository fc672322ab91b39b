import { helpdeskApi } from '@sim/shared';
import { FILES_PREFIX } from '../../lib/signed-files';

/**
 * Where help-request attachments live in the blob store: helpdesk/{companyId}/{userId}/{uploadId}/{name}.
 * The key names the uploader, so a URL handed back on a ticket is accepted only from the user who uploaded
 * it; a fresh upload id per presigned URL means an upload never overwrites another.
 */

/** The presigned PUT's path up to its upload id. */
export const PUT_PREFIX = helpdeskApi.presignedPut.url.slice(0, helpdeskApi.presignedPut.url.indexOf(':uploadId'));

/**
 * A file name safe in a key and a URL: [A-Za-z0-9._-], starting with a letter or digit, its extension kept
 * ("Screen shot (2).png" → "Screen_shot_2_.png").
 */
export function safeFileName(name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '').normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  const dot = base.lastIndexOf('.');
  const stem = (dot > 0 ? base.slice(0, dot) : base)
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^[._-]+/, '')
    .slice(0, 90);
  const ext =
    dot > 0
      ? base
          .slice(dot + 1)
          .replace(/[^A-Za-z0-9]/g, '')
          .slice(0, 10)
      : '';
  return `${stem || 'file'}${ext ? `.${ext}` : ''}`;
}

export interface Uploader {
  companyId: string;
  userId: string;
}

export const uploadKey = (who: Uploader, uploadId: string, fileName: string) =>
  `helpdesk/${who.companyId}/${who.userId}/${uploadId}/${safeFileName(fileName)}`;

export const putPath = (uploadId: string, fileName: string) => `${PUT_PREFIX}${uploadId}/${safeFileName(fileName)}`;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const FILE_RE = new RegExp(`^${FILES_PREFIX}helpdesk/(${UUID})/(${UUID})/(${UUID})/([^/]+)$`, 'i');
const PUT_RE = new RegExp(`^${PUT_PREFIX}(${UUID})/([^/]+)$`, 'i');

/**
 * The key behind a downloadUrl or presignedUrl answered to this user (relative or absolute); null for any
 * other URL, another user's upload or a name that is not the safe name the URL was made with.
 */
export function keyOfUploadUrl(url: string, who: Uploader): string | null {
  let pathname: string;
  try {
    pathname = new URL(url, 'http://localhost').pathname;
  } catch {
    return null;
  }
  let upload: string;
  let encoded: string;
  const file = FILE_RE.exec(pathname);
  const put = PUT_RE.exec(pathname);
  if (file) {
    if (file[1].toLowerCase() !== who.companyId.toLowerCase() || file[2].toLowerCase() !== who.userId.toLowerCase())
      return null;
    [upload, encoded] = [file[3], file[4]];
  } else if (put) [upload, encoded] = [put[1], put[2]];
  else return null;
  let name: string;
  try {
    name = decodeURIComponent(encoded);
  } catch {
    return null;
  }
  if (safeFileName(name) !== name) return null;
  return uploadKey(who, upload.toLowerCase(), name);
}
