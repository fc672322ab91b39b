import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { passwordResetTokens, users } from '../../db/schema/index';

export async function findActiveUserByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select({
      id: users.id,
      companyId: users.companyId,
      passwordHash: users.passwordHash,
      email: users.email,
      status: users.status,
    })
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt)));
  return row ?? null;
}

export async function insertResetToken(db: DbOrTx, userId: string, tokenHash: string, expiresAt: Date) {
  await db.insert(passwordResetTokens).values({ userId, tokenHash, expiresAt });
}

export async function findUsableResetToken(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ id: passwordResetTokens.id, userId: passwordResetTokens.userId, email: users.email })
    .from(passwordResetTokens)
    .innerJoin(users, and(eq(users.id, passwordResetTokens.userId), isNull(users.deletedAt)))
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    );
  return row ?? null;
}

/** Marks every open reset token of the user as used (the one just used and any older ones). */
export async function consumeResetTokens(db: DbOrTx, userId: string, now: Date) {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/** A new password ends every session of the user: tokens issued before `now` are refused. */
export async function setPasswordHash(db: DbOrTx, userId: string, passwordHash: string, now: Date) {
  await db.update(users).set({ passwordHash, tokensValidAfter: now, updatedAt: now }).where(eq(users.id, userId));
}

/** What decides whether a sign-in token of these users still holds (deleted users are absent). */
export async function findTokenHolders(db: DbOrTx, userIds: string[]) {
  return db
    .select({ id: users.id, status: users.status, tokensValidAfter: users.tokensValidAfter })
    .from(users)
    .where(and(inArray(users.id, userIds), isNull(users.deletedAt)));
}
