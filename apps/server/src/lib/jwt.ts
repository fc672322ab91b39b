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

/** A token whose signature, header and claims jose accepted, with the claims that depend on the time. */
interface Verified {
  claims: VerifiedClaims;
  /** `exp` and `nbf` in seconds, checked again on every use exactly as jose checks them */
  exp: number | undefined;
  nbf: number | undefined;
}

export class TokenService {
  /**
   * Tokens already verified, by their text. A token's signature, header, issuer and claim types cannot
   * change, so jose (a WebCrypto key import and an HMAC on the thread pool, the largest cost of an
   * authenticated call) runs once per token; its time window (`exp`, `nbf`) is checked again on every use
   * as jose checks it, and whether the user may still use it (password change, deactivation, deletion) is
   * read from the database by the access hook on every call, as before. Only accepted tokens are kept.
   */
  private readonly verified = new Map<string, Verified>();

  constructor(
    private readonly key: Uint8Array,
    private readonly ttlSeconds: number,
    private readonly maxVerified = 10_000,
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
    const known = this.verified.get(token);
    if (known) {
      // jose's time checks (clock tolerance 0): refused once `exp <= now`, or while `nbf > now`
      const now = Math.floor(Date.now() / 1000);
      if ((known.exp === undefined || known.exp > now) && (known.nbf === undefined || known.nbf <= now))
        return known.claims;
      if (known.exp !== undefined && known.exp <= now) this.verified.delete(token);
      return null;
    }
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: 'simcentre', algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.cid !== 'string' || typeof payload.iat !== 'number')
        return null;
      const claims: VerifiedClaims = Object.freeze({
        sub: payload.sub,
        cid: payload.cid,
        act: typeof payload.act === 'string' ? payload.act : undefined,
        // tokens signed before iat_ms existed: their second
        issuedAtMs: typeof payload.iat_ms === 'number' ? payload.iat_ms : payload.iat * 1000,
      });
      this.remember(token, { claims, exp: payload.exp, nbf: payload.nbf });
      return claims;
    } catch {
      return null;
    }
  }

  private remember(token: string, entry: Verified) {
    if (this.verified.size >= this.maxVerified) {
      // the oldest first (a Map iterates in insertion order)
      const oldest = this.verified.keys().next().value;
      if (oldest !== undefined) this.verified.delete(oldest);
    }
    this.verified.set(token, entry);
  }
}
