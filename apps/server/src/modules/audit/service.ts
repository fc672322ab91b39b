import type { Actor } from '../../lib/actor';
import type { AuditSource } from './audit';

// The audit module's face to other modules: they record audited events only through this file.
export { type AuditEvent, type AuditSource, recordAudit } from './audit';

/** The source of an entry by the caller: their company, and the person acting (an administrator logged in
 * to an agent's account is the one recorded). */
export function auditSourceOf(actor: Actor): AuditSource {
  return { companyId: actor.companyId, actorId: actor.impersonatorId ?? actor.userId };
}
