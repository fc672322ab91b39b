import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenService } from './jwt';

const key = new TextEncoder().encode('k'.repeat(32));

describe('sign-in tokens', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers the same claims for a token verified again (from the verified tokens)', async () => {
    const tokens = new TokenService(key, 60);
    const { token } = await tokens.sign({ sub: 'u1', cid: 'c1', act: 'a1' });
    const first = await tokens.verify(token);
    expect(first).toMatchObject({ sub: 'u1', cid: 'c1', act: 'a1' });
    expect(await tokens.verify(token)).toEqual(first);
  });

  it('refuses a token verified before once it expires, at the second jose refuses it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = new Date('2026-01-01T10:00:00.000Z');
    vi.setSystemTime(start);
    const tokens = new TokenService(key, 60);
    const { token } = await tokens.sign({ sub: 'u1', cid: 'c1' }, start);
    expect(await tokens.verify(token)).not.toBeNull();
    vi.setSystemTime(new Date(start.getTime() + 59_999));
    expect(await tokens.verify(token)).not.toBeNull();
    // jose refuses when exp <= now (in seconds): at 60 s exactly
    vi.setSystemTime(new Date(start.getTime() + 60_000));
    expect(await tokens.verify(token)).toBeNull();
    expect(await new TokenService(key, 60).verify(token)).toBeNull();
  });

  it('refuses a token signed with another key, altered, or expired, and does not keep it', async () => {
    const tokens = new TokenService(key, 60);
    const other = new TokenService(new TextEncoder().encode('o'.repeat(32)), 60);
    const { token } = await other.sign({ sub: 'u1', cid: 'c1' });
    expect(await tokens.verify(token)).toBeNull();
    expect(await tokens.verify(token)).toBeNull();
    const mine = (await tokens.sign({ sub: 'u1', cid: 'c1' })).token;
    const [header, payload, signature] = mine.split('.');
    const altered = `${header}.${Buffer.from(JSON.stringify({ sub: 'u2', cid: 'c1', iat: 1, iss: 'simcentre' })).toString('base64url')}.${signature}`;
    expect(await tokens.verify(altered)).toBeNull();
    expect(await tokens.verify(`${header}.${payload}.${signature.slice(0, -2)}AA`)).toBeNull();
    const old = (await tokens.sign({ sub: 'u1', cid: 'c1' }, new Date(Date.now() - 120_000))).token;
    expect(await tokens.verify(old)).toBeNull();
  });

  it('keeps a bounded number of verified tokens, and still verifies one it let go', async () => {
    const tokens = new TokenService(key, 60, 2);
    const signed = await Promise.all(['a', 'b', 'c'].map((sub) => tokens.sign({ sub, cid: 'c1' })));
    for (const { token } of signed) expect(await tokens.verify(token)).not.toBeNull();
    expect((await tokens.verify(signed[0].token))?.sub).toBe('a');
  });
});
