import { AVATARS } from '@sim/shared';
import { describe, expect, it, vi } from 'vitest';

const draws = vi.hoisted(() => ({ count: 0 }));

vi.mock('@dicebear/core', async (original) => {
  const core = await original<typeof import('@dicebear/core')>();
  return {
    ...core,
    createAvatar: (...args: Parameters<typeof core.createAvatar>) => {
      draws.count++;
      return core.createAvatar(...args);
    },
  };
});

describe('avatarDataUri', () => {
  it('draws each avatar once, however often it is shown', async () => {
    const { avatarDataUri } = await import('./avatar-art');
    for (let round = 0; round < 5; round++) for (const avatar of AVATARS) avatarDataUri(avatar);
    avatarDataUri('unknown'); // the default avatar's picture, already drawn
    expect(draws.count).toBe(AVATARS.length);
  });
});
