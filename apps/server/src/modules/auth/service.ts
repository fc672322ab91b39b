import { isDeactivatedStatus, LOGIN_AS_TEXTS, MESSAGES, type TLoginResponse } from '@sim/shared';
import { and, eq, isNull } from 'drizzle-orm';
import { users } from '../../db/schema/index';
import type { AppDeps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { found, Invalid, RuleBroken, Unauthorized } from '../../lib/errors';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/password';
import { randomToken, sha256 } from '../../lib/secrets';
import { assertCanUser } from '../../policies/user';
import { recordAudit } from '../audit/service';
import { queueEmail, sendQueuedEmails } from '../mail/service';
import { loadUserAccess } from '../permissions/service';
import { beginAttempt } from './attempt-limits';
import {
  consumeResetTokens,
  findActiveUserByEmail,
  findUsableResetToken,
  insertResetToken,
  setPasswordHash,
} from './repository';

/**
 * For other modules: writes they make inside their own transactions — a reset token (the welcome link of a
 * new user) and a new password hash (which ends every session of the user).
 */
export { insertResetToken, setPasswordHash } from './repository';

const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/** Whether an active user (of any company: emails sign in, so they are unique) has this email. */
export async function emailHasAccount(deps: AppDeps, email: string): Promise<boolean> {
  return (await findActiveUserByEmail(deps.db, email)) !== null;
}

/** A sign-in answer; `issuedAt` (now by default) starts the token's lifetime. */
async function session(
  deps: AppDeps,
  userId: string,
  companyId: string,
  impersonatorId?: string,
  issuedAt: Date = deps.now(),
): Promise<TLoginResponse> {
  const access = found(await loadUserAccess(deps.db, userId, deps.now(), companyId));
  const { token, expiresAt } = await deps.tokens.sign({ sub: userId, cid: companyId, act: impersonatorId }, issuedAt);
  return {
    success: true,
    token,
    expires_at: expiresAt.toISOString(),
    user: access.user,
    permissions: access.permissions,
    login_to_agent_account: Boolean(impersonatorId),
  };
}

/** Sign-in; a failure counts toward the limits of the email and of the address (attempt-limits.ts). */
export async function login(deps: AppDeps, email: string, password: string, ip: string): Promise<TLoginResponse> {
  const attempt = await beginAttempt(deps, 'login', email, ip, MESSAGES.loginRateLimited);
  const user = await findActiveUserByEmail(deps.db, email);
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
  if (!user || !ok) {
    await attempt.fail();
    throw Unauthorized(MESSAGES.loginBadCredentials);
  }
  await attempt.pass();
  // told only to whoever knows the password
  if (isDeactivatedStatus(user.status)) throw Unauthorized(MESSAGES.accountInactive);
  return session(deps, user.id, user.companyId);
}

/** An administrator opens a learner's (agent's) account of their own company; audited. */
export async function loginToAgentAccount(
  deps: AppDeps,
  actor: Actor,
  target: { id: string; email?: string },
  ip: string,
): Promise<TLoginResponse> {
  const [row] = await deps.db
    .select({ id: users.id, email: users.email, status: users.status })
    .from(users)
    .where(and(eq(users.id, target.id), eq(users.companyId, actor.companyId), isNull(users.deletedAt)));
  const agent = found(row && (!target.email || target.email === row.email) ? row : null);
  if (isDeactivatedStatus(agent.status)) throw RuleBroken(MESSAGES.accountInactive);
  // a learner's account of the company, not one's own, whose permissions the caller all holds (policies/user.ts)
  const access = await loadUserAccess(deps.db, agent.id, deps.now(), actor.companyId);
  assertCanUser(actor, 'login_as', access?.actor);
  await recordAudit(
    deps.db,
    { companyId: actor.companyId, actorId: actor.userId, ip },
    { type: 'login.as_agent', agentId: agent.id, agentEmail: agent.email },
  );
  return session(deps, agent.id, actor.companyId, actor.userId);
}

/**
 * The way back from an agent's account: the caller's token was issued by `loginToAgentAccount`, so it names
 * the administrator (`act`), and the access hook has just checked that this administrator still exists, is
 * active and changed no password since (token-holders.ts). The answer is the administrator's own session,
 * issued as of the agent's token (`sessionIssuedAt`): it ends when the agent's session would have, so going
 * back and forth never lengthens a session that no password opened. Not audited apart: what is done in the
 * agent's account is recorded with the administrator as actor, and `login.as_agent` marks its start.
 */
export async function backToOwnAccount(deps: AppDeps, actor: Actor, sessionIssuedAt: Date): Promise<TLoginResponse> {
  if (!actor.impersonatorId || actor.impersonatorId === actor.userId)
    throw RuleBroken(LOGIN_AS_TEXTS.notInAnotherAccount);
  return session(deps, actor.impersonatorId, actor.companyId, undefined, sessionIssuedAt);
}

/**
 * A request for a reset link: it counts toward the limits (every request does: each may send an email),
 * then the link is made and queued in the background. The answer, the same whether the email exists or
 * not, waits neither for the look-up nor for the mail server, so its timing tells nothing either.
 * `delivery` settles once the token and its email job are committed (the job queue sends the email).
 */
export async function forgotPassword(
  deps: AppDeps,
  email: string,
  ip: string,
  baseUrl: string,
): Promise<{ delivery: Promise<void> }> {
  const attempt = await beginAttempt(deps, 'forgot', email, ip, MESSAGES.passwordResetRateLimited);
  await attempt.fail();
  return { delivery: sendResetLink(deps, email, baseUrl) };
}

/** Queues a single-use reset link when the account exists and is active: the token and its email in one transaction. */
async function sendResetLink(deps: AppDeps, email: string, baseUrl: string): Promise<void> {
  const user = await findActiveUserByEmail(deps.db, email);
  if (!user || isDeactivatedStatus(user.status)) return;
  const token = randomToken();
  const link = `${baseUrl}/forgotpassword?email=${encodeURIComponent(user.email)}&token=${encodeURIComponent(token)}`;
  const queued = await deps.db.transaction(async (tx) => {
    await insertResetToken(tx, user.id, sha256(token), new Date(deps.now().getTime() + RESET_TOKEN_TTL_MS));
    return queueEmail(
      tx,
      {
        to: user.email,
        subject: 'Reset your SimCentre password',
        text:
          `A password reset was asked for your account.\n\nOpen this link within one hour to choose a new password:\n${link}\n\n` +
          'If you did not ask for it, ignore this email; your password stays as it is.',
      },
      { companyId: user.companyId, createdBy: null },
    );
  });
  sendQueuedEmails(deps, [queued]);
}

/** A new password with an emailed token; a bad token counts toward the limits. Ends every session. */
export async function resetPassword(
  deps: AppDeps,
  email: string,
  password: string,
  token: string,
  ip: string,
): Promise<void> {
  const attempt = await beginAttempt(deps, 'reset', email, ip, MESSAGES.passwordResetRateLimited);
  const now = deps.now();
  const row = await findUsableResetToken(deps.db, sha256(token), now);
  if (!row || row.email !== email) {
    await attempt.fail();
    throw Invalid(MESSAGES.resetBadToken);
  }
  await attempt.pass();
  const hash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    await setPasswordHash(tx, row.userId, hash, now);
    await consumeResetTokens(tx, row.userId, now);
  });
}
