import crypto from 'node:crypto';
import { PROFILE_PHOTO_MAX_BYTES, profileApi, SETTINGS_TEXTS } from '@sim/shared';
import { AppError } from '../../lib/errors';
import type { FormSpec, UploadedFile } from '../../lib/multipart';

export const PHOTO_URL_PREFIX = `${profileApi.photo.url}?file=`;
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

/** The form of update-profile-photo: the file field `photo`, at most 2 MB. */
export const PHOTO_FORM = {
  file: {
    field: 'photo',
    maxBytes: PROFILE_PHOTO_MAX_BYTES,
    tooLarge: SETTINGS_TEXTS.photoTooLarge,
    missing: SETTINGS_TEXTS.photoMissing,
  },
  fields: [],
  notMultipart: SETTINGS_TEXTS.photoMissing,
  limits: { fields: 5 },
} satisfies FormSpec;

/** The uploaded photo with its image type (PNG, JPEG, GIF, WebP by its bytes): 415 for anything else. */
export function photoOf(file: UploadedFile): { data: Buffer; ext: PhotoExt } {
  const ext = sniffImage(file.bytes);
  if (!ext) throw new AppError('UNSUPPORTED_TYPE', SETTINGS_TEXTS.photoNotImage);
  return { data: file.bytes, ext };
}
