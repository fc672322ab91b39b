import crypto from 'node:crypto';
import { PROFILE_PHOTO_MAX_BYTES, SETTINGS_TEXTS } from '@sim/shared';
import type { FastifyRequest } from 'fastify';
import { AppError, Invalid } from '../../lib/errors';
import { multipartError } from '../../lib/multipart-errors';

export const PHOTO_ROUTE = '/api/v1/users/profile-photo';
export const PHOTO_URL_PREFIX = `${PHOTO_ROUTE}?file=`;
export const PHOTO_KEY_PREFIX = 'profile-photos/';
export const PHOTO_FILE_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|gif|webp)$/;

const TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
} as const;
export type PhotoExt = keyof typeof TYPES;
export const photoContentType = (ext: PhotoExt) => TYPES[ext];

/** The image type by its first bytes (what the browser says about the file is not trusted). */
export function sniffImage(data: Buffer): PhotoExt | null {
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpg';
  const head = data.subarray(0, 12).toString('latin1');
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return 'gif';
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP') return 'webp';
  return null;
}

/** A new photo's file name: random, so its URL cannot be guessed. */
export function newPhotoFile(ext: PhotoExt): string {
  return `${crypto.randomUUID()}.${ext}`;
}

/** The file name of a stored photo URL of ours, or null. */
export function photoFileOf(url: string | null): string | null {
  if (!url?.startsWith(PHOTO_URL_PREFIX)) return null;
  const file = url.slice(PHOTO_URL_PREFIX.length);
  return PHOTO_FILE_PATTERN.test(file) ? file : null;
}

/** Reads the multipart field `photo`: an image (PNG, JPEG, GIF, WebP) of at most 2 MB. */
export async function readPhotoUpload(request: FastifyRequest): Promise<{ data: Buffer; ext: PhotoExt }> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_TYPE', SETTINGS_TEXTS.photoMissing);
  let data: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: PROFILE_PHOTO_MAX_BYTES, files: 1, fields: 5 } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'photo') {
        part.file.resume();
        continue;
      }
      data = await part.toBuffer();
    }
  } catch (err) {
    multipartError(err, SETTINGS_TEXTS.photoTooLarge);
  }
  if (!data || data.length === 0) throw Invalid(SETTINGS_TEXTS.photoMissing, 'photo');
  const ext = sniffImage(data);
  if (!ext) throw new AppError('UNSUPPORTED_TYPE', SETTINGS_TEXTS.photoNotImage);
  return { data, ext };
}
