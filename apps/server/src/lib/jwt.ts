import { jwtVerify, SignJWT } from 'jose';

export interface TokenClaims {
  sub: string; // user id
  cid: string; // company id
  /** set when an administrator logged in to an agent's account: the administrator's id */
  act?: string;
}

export interface VerifiedClaims extends TokenClaims {
  /**
   * When the token was issued, in milliseconds (claim `iat_ms`; `iat` has only seconds). Compared with
   * the user's `tokens_valid_after`, so a token issued in the same second as a password change, but
   * before it, is refused, and one issued after it is accepted.
   */
  issuedAtMs: number;
}

export class TokenService {
  constructor(
    private readonly key: Uint8Array,
    private readonly ttlSeconds: number,
  ) {}

  async sign(claims: TokenClaims, now = new Date()): Promise<{ token: string; expiresAt: Date }> {
    const iat = Math.floor(now.getTime() / 1000);
    const exp = iat + this.ttlSeconds;
    const jwt = new SignJWT({ cid: claims.cid, iat_ms: now.getTime(), ...(claims.act ? { act: claims.act } : {}) })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .setIssuer('simcentre');
    return { token: await jwt.sign(this.key), expiresAt: new Date(exp * 1000) };
  }

  /** Answers the claims, or null for a bad, forged or expired token. */
  async verify(token: string): Promise<VerifiedClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: 'simcentre', algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.cid !== 'string' || typeof payload.iat !== 'number')
        return null;
      return {
        sub: payload.sub,
        cid: payload.cid,
        act: typeof payload.act === 'string' ? payload.act : undefined,
        // tokens signed before iat_ms existed: their second
        issuedAtMs: typeof payload.iat_ms === 'number' ? payload.iat_ms : payload.iat * 1000,
      };
    } catch {
      return null;
    }
  }
}
