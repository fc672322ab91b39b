import { describe, expect, it } from 'vitest';
import { makeInvitation, readInvitation } from './invitation';

const key = Buffer.from('k'.repeat(32));
const now = new Date('2030-05-01T10:00:00Z');

describe('company invitations', () => {
  it('reads back a fresh invitation', () => {
    const inv = readInvitation(key, makeInvitation(key, 3600, now), now);
    expect(inv?.expiresAt.toISOString()).toBe('2030-05-01T11:00:00.000Z');
    expect(inv?.nonce).toMatch(/^[\w-]{16}$/);
  });
  it.each([
    ['expired', (v: string) => v, new Date('2030-05-01T11:00:00Z')],
    ['signed with another key', (v: string) => makeInvitation(Buffer.from('x'.repeat(32)), 3600, now) || v, now],
    [
      'with a changed payload',
      (v: string) => `${Buffer.from('{"n":"a","e":9999999999}').toString('base64url')}.${v.split('.')[1]}`,
      now,
    ],
    ['with an extra part', (v: string) => `${v}.x`, now],
    ['garbage', () => 'not-an-invitation', now],
  ])('refuses one %s', (_, change, at) => {
    expect(readInvitation(key, change(makeInvitation(key, 3600, now)), at)).toBeNull();
  });
});
