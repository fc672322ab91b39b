import fs from 'node:fs/promises';
import path from 'node:path';
import { type TSimDocument, type TSimVideo, type TStoredFile, UPLOAD_LIMITS } from '@sim/shared';
import type { AppDeps } from '../../../deps';
import { isValidKey } from '../../../lib/blob-store';
import { signedFileUrl } from '../../../lib/signed-files';
import { packageFolder, parseEntry } from './package';
import { isKeyReferenced, isPackageReferenced } from './repository';

/** A signed, expiring read URL of a stored file. */
export const fileUrl = (deps: AppDeps, key: string) => signedFileUrl(deps, key, UPLOAD_LIMITS.fileUrlTtlSeconds).url;

/** A stored document as answers carry it: its url signed (the database keeps the blob key in url). */
export function toDocument(deps: AppDeps, doc: TSimDocument): TSimDocument {
  return { ...doc, url: isValidKey(doc.url) ? fileUrl(deps, doc.url) : doc.url };
}

export function toVideo(deps: AppDeps, file: TStoredFile | null | undefined): TSimVideo | null {
  return file ? { url: fileUrl(deps, file.key), fileName: file.fileName } : null;
}

/** Deletes a blob no sim points to any more (best effort: a failure leaves an orphan, never an error). */
export async function releaseBlob(deps: AppDeps, key: string | null | undefined) {
  if (!key || !isValidKey(key)) return;
  try {
    if (!(await isKeyReferenced(deps.db, key))) await deps.blobs.delete(key);
  } catch {
    /* an orphaned file is harmless */
  }
}

/** Deletes the files of a learning package no sim points to any more. */
export async function releasePackage(deps: AppDeps, entryKey: string | null | undefined) {
  const entry = entryKey ? parseEntry(entryKey) : null;
  if (!entry) return;
  const folder = packageFolder(entry);
  try {
    if (!(await isPackageReferenced(deps.db, folder))) await deps.blobs.deletePrefix(folder);
  } catch {
    /* an orphaned file is harmless */
  }
}

/** A fresh temporary folder under DATA_DIR/tmp (same disk as the blobs); removed by `done`. */
export async function tempFolder(deps: AppDeps, prefix: string) {
  const base = path.join(deps.config.dataDir, 'tmp');
  await fs.mkdir(base, { recursive: true });
  const dir = await fs.mkdtemp(path.join(base, `${prefix}-`));
  return { dir, done: () => fs.rm(dir, { recursive: true, force: true }) };
}
