import { MESSAGES, ROLE_NAMES, type TRegisterRequest } from '@sim/shared';
import { eq } from 'drizzle-orm';
import { usedInvitations, users } from '../../db/schema/index';
import type { AppDeps } from '../../deps';
import { Conflict, Invalid, PG_UNIQUE_VIOLATION, pgErrorCode } from '../../lib/errors';
import { type Invitation, readInvitation } from '../../lib/invitation';
import { hashPassword } from '../../lib/password';
import { emailHasAccount } from '../auth/service';
import { createCompanyWithDefaultRoles } from '../companies/service';

export async function checkInvitation(deps: AppDeps, value: string): Promise<Invitation | null> {
  const invitation = readInvitation(deps.inviteKey, value, deps.now());
  if (!invitation) return null;
  const [used] = await deps.db.select().from(usedInvitations).where(eq(usedInvitations.nonce, invitation.nonce));
  return used ? null : invitation;
}

/** Creates the company of a valid invitation, its default roles, and the registrant as account owner. */
export async function registerCompany(deps: AppDeps, input: TRegisterRequest): Promise<void> {
  const invitation = await checkInvitation(deps, input.allowNewCompany);
  if (!invitation) throw Invalid(MESSAGES.registrationBadInvitation, 'allowNewCompany');
  if (await emailHasAccount(deps, input.email)) throw Conflict(MESSAGES.duplicateEmail, 'email');
  const passwordHash = await hashPassword(input.password);
  try {
    await deps.db.transaction(async (tx) => {
      const { companyId, roleIds } = await createCompanyWithDefaultRoles(tx, input.company_name);
      await tx.insert(usedInvitations).values({ nonce: invitation.nonce, companyId });
      await tx.insert(users).values({
        companyId,
        firstName: input.first_name,
        lastName: input.last_name,
        email: input.email,
        phoneNumber: input.phone_number,
        passwordHash,
        roleId: roleIds[ROLE_NAMES.accountOwner],
        status: 'active',
        subStatus: 'Operations',
      });
    });
  } catch (err) {
    if (pgErrorCode(err) === PG_UNIQUE_VIOLATION) {
      const detail = String((err as { cause?: { detail?: string } }).cause?.detail ?? '');
      if (detail.includes('nonce')) throw Invalid(MESSAGES.registrationBadInvitation, 'allowNewCompany');
      throw Conflict(MESSAGES.duplicateEmail, 'email');
    }
    throw err;
  }
}
