import { isAgentRole, MESSAGES, type TLoginResponse } from '@sim/shared';
import { and, eq, isNull } from 'drizzle-orm';
import { users } from '../../db/schema/index';
import type { AppDeps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { Forbidden, found, Invalid, Unauthorized } from '../../lib/errors';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/password';
import { randomToken, sha256 } from '../../lib/secrets';
import { recordAudit } from '../audit/audit';
import { loadUserAccess } from '../permissions/access-repository';
import {
  consumeResetTokens,
  findActiveUserByEmail,
  findUsableResetToken,
  insertResetToken,
  setPasswordHash,
} from './repository';

const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

async function session(
  deps: AppDeps,
  userId: string,
  companyId: string,
  impersonatorId?: string,
): Promise<TLoginResponse> {
  const access = found(await loadUserAccess(deps.db, userId, deps.now(), companyId));
  const { token, expiresAt } = await deps.tokens.sign({ sub: userId, cid: companyId, act: impersonatorId }, deps.now());
  return {
    success: true,
    token,
    expires_at: expiresAt.toISOString(),
    user: access.user,
    permissions: access.permissions,
    login_to_agent_account: Boolean(impersonatorId),
  };
}

export async function login(deps: AppDeps, email: string, password: string): Promise<TLoginResponse> {
  const user = await findActiveUserByEmail(deps.db, email);
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
  if (!user || !ok) throw Unauthorized(MESSAGES.loginBadCredentials);
  return session(deps, user.id, user.companyId);
}

/** An administrator opens an agent's account of their own company; audited. */
export async function loginToAgentAccount(
  deps: AppDeps,
  actor: Actor,
  target: { id: string; email?: string },
  ip: string,
): Promise<TLoginResponse> {
  const [row] = await deps.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.id, target.id), eq(users.companyId, actor.companyId), isNull(users.deletedAt)));
  const agent = found(row && (!target.email || target.email === row.email) ? row : null);
  const access = found(await loadUserAccess(deps.db, agent.id, deps.now(), actor.companyId));
  if (!isAgentRole(access.user.role)) throw Forbidden(MESSAGES.loginAsAgentOnlyAgents);
  await recordAudit(deps.db, {
    companyId: actor.companyId,
    actorId: actor.userId,
    action: 'login.as_agent',
    targetType: 'user',
    targetId: agent.id,
    details: { agent_email: agent.email },
    ip,
  });
  return session(deps, agent.id, actor.companyId, actor.userId);
}

/** Sends a single-use reset link when the account exists; answers the same way either way. */
export async function forgotPassword(deps: AppDeps, email: string, baseUrl: string): Promise<void> {
  const user = await findActiveUserByEmail(deps.db, email);
  if (!user) return;
  const token = randomToken();
  await insertResetToken(deps.db, user.id, sha256(token), new Date(deps.now().getTime() + RESET_TOKEN_TTL_MS));
  const link = `${baseUrl}/forgotpassword?email=${encodeURIComponent(user.email)}&token=${encodeURIComponent(token)}`;
  await deps.mailer.send({
    to: user.email,
    subject: 'Reset your SimCentre password',
    text:
      `A password reset was asked for your account.\n\nOpen this link within one hour to choose a new password:\n${link}\n\n` +
      'If you did not ask for it, ignore this email; your password stays as it is.',
  });
}

export async function resetPassword(deps: AppDeps, email: string, password: string, token: string): Promise<void> {
  const now = deps.now();
  const row = await findUsableResetToken(deps.db, sha256(token), now);
  if (!row || row.email !== email) throw Invalid(MESSAGES.resetBadToken);
  const hash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    await setPasswordHash(tx, row.userId, hash, now);
    await consumeResetTokens(tx, row.userId, now);
  });
}
