import { isDeactivatedStatus } from '@sim/shared';
import type { DbOrTx } from '../../db/client';
import type { VerifiedClaims } from '../../lib/jwt';
import { findTokenHolders } from './repository';

/**
 * Whether a verified sign-in token still holds: its user (and the administrator who opened the agent's
 * account, when there is one) still exists, is not deactivated (Inactive, Post Employment), and changed
 * no password since the token was issued (`tokens_valid_after`, compared in milliseconds).
 */
export async function tokenStillHolds(db: DbOrTx, claims: VerifiedClaims): Promise<boolean> {
  const ids = claims.act && claims.act !== claims.sub ? [claims.sub, claims.act] : [claims.sub];
  const holders = await findTokenHolders(db, ids);
  return ids.every((id) => {
    const holder = holders.find((h) => h.id === id);
    if (!holder || isDeactivatedStatus(holder.status)) return false;
    return !holder.tokensValidAfter || claims.issuedAtMs >= holder.tokensValidAfter.getTime();
  });
}
