import { lorelei } from '@dicebear/collection';
import { createAvatar } from '@dicebear/core';
import { AVATARS, DEFAULT_AVATAR } from '@sim/shared';
import { describe, expect, it } from 'vitest';
import { avatarDataUri } from './avatar-art';
import { LOOKS, loreleiOptions, SKIN_TONES } from './avatar-looks';

const svgOf = (uri: string) => decodeURIComponent(uri.replace(/^data:image\/svg\+xml;utf8,/, ''));

describe('the avatar pictures', () => {
  it('are 24 distinct SVG pictures, one per avatar of the spec', () => {
    expect(LOOKS).toHaveLength(AVATARS.length);
    const uris = AVATARS.map(avatarDataUri);
    for (const uri of uris) {
      expect(uri).toMatch(/^data:image\/svg\+xml;utf8,/);
      expect(svgOf(uri)).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    }
    expect(new Set(uris).size).toBe(24);
  });

  it('are the same for the same avatar, drawn from fixed features (no random choice)', () => {
    for (const avatar of ['avatar-1', 'avatar-13', 'avatar-24']) {
      const again = createAvatar(lorelei, { ...loreleiOptions(avatar), seed: avatar }).toDataUri();
      expect(avatarDataUri(avatar)).toBe(again);
      // whatever the seed, the features are the ones chosen
      const otherSeed = createAvatar(lorelei, { ...loreleiOptions(avatar), seed: 'something else' }).toDataUri();
      expect(otherSeed).toBe(again);
    }
  });

  it('vary: all six skin tones, short and long hair, beards, glasses and earrings', () => {
    const options = AVATARS.map(loreleiOptions);
    expect(new Set(options.map((o) => o.skinColor[0]))).toEqual(new Set(Object.values(SKIN_TONES)));
    expect(new Set(options.map((o) => o.hair[0])).size).toBe(24);
    expect(new Set(options.map((o) => o.hairColor[0])).size).toBeGreaterThanOrEqual(6);
    for (const feature of ['beardProbability', 'glassesProbability', 'earringsProbability'] as const) {
      const count = options.filter((o) => o[feature] === 100).length;
      expect(count, feature).toBeGreaterThanOrEqual(4);
      expect(count, feature).toBeLessThanOrEqual(12);
    }
    // each skin tone shows in the picture
    for (const tone of Object.values(SKIN_TONES))
      expect(AVATARS.some((a) => svgOf(avatarDataUri(a)).includes(`#${tone}`))).toBe(true);
  });

  it('draw the default avatar for an unknown id', () => {
    expect(avatarDataUri('avatar-99')).toBe(avatarDataUri(DEFAULT_AVATAR));
    expect(avatarDataUri('')).toBe(avatarDataUri(DEFAULT_AVATAR));
  });
});
