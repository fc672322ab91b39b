import { lorelei } from '@dicebear/collection';
import { createAvatar } from '@dicebear/core';
import { avatarIndex, loreleiOptions } from './avatar-looks';

/**
 * The pictures of the avatars, drawn in the browser by DiceBear (no network, no image files): the SVG of
 * each avatar is made once, the first time it is asked for, and kept as a data URI for `<img src>`. This
 * module and DiceBear load apart from the app (use-avatar-src.ts imports it on demand), only on the
 * screens that show avatars.
 */
const drawn = new Map<number, string>();

/** The avatar's picture as a data URI (an unknown id draws the default avatar). */
export function avatarDataUri(avatar: string): string {
  const index = avatarIndex(avatar);
  let uri = drawn.get(index);
  if (uri === undefined) {
    uri = createAvatar(lorelei, { ...loreleiOptions(avatar), seed: `avatar-${index + 1}` }).toDataUri();
    drawn.set(index, uri);
  }
  return uri;
}
