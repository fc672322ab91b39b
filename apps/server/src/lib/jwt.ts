import { jwtVerify, SignJWT } from 'jose';

export interface TokenClaims {
  sub: string; // user id
  cid: string; // company id
  /** set when an administrator logged in to an agent's account: the administrator's id */
  act?: string;
}

export class TokenService {
  constructor(
    private readonly key: Uint8Array,
    private readonly ttlSeconds: number,
  ) {}

  async sign(claims: TokenClaims, now = new Date()): Promise<{ token: string; expiresAt: Date }> {
    const iat = Math.floor(now.getTime() / 1000);
    const exp = iat + this.ttlSeconds;
    const jwt = new SignJWT({ cid: claims.cid, ...(claims.act ? { act: claims.act } : {}) })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .setIssuer('simcentre');
    return { token: await jwt.sign(this.key), expiresAt: new Date(exp * 1000) };
  }

  /** Answers the claims, or null for a bad, forged or expired token. */
  async verify(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: 'simcentre', algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.cid !== 'string') return null;
      return { sub: payload.sub, cid: payload.cid, act: typeof payload.act === 'string' ? payload.act : undefined };
    } catch {
      return null;
    }
  }
}
