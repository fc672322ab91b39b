import type { DbOrTx } from '../../db/client';
import { auditLog } from '../../db/schema/index';

export interface AuditEvent {
  companyId: string | null;
  actorId: string | null;
  action: string;
  targetType?: string;
  targetId?: string;
  details?: Record<string, unknown>;
  ip?: string;
}

/** Records an audited action; call it inside the transaction of the action itself. */
export async function recordAudit(db: DbOrTx, event: AuditEvent): Promise<void> {
  await db.insert(auditLog).values(event);
}
