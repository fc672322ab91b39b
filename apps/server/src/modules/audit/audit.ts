import type { DbOrTx } from '../../db/client';
import { auditLog } from '../../db/schema/index';

/**
 * What the audit log records, one member per kind of event. `type` is the `action` stored in
 * audit_log (unchanged strings: tests and operators query them); the other fields become its target and
 * details. A new audited action adds a member here and a case in `toRow`, so every stored entry of an
 * action has the same shape.
 */
export type AuditEvent =
  | { type: 'login.as_agent'; agentId: string; agentEmail: string }
  | { type: 'user.create' | 'user.update'; userId: string; email: string; roleId: string; passwordChanged: boolean }
  | { type: 'user.update_self'; userId: string; fields: readonly string[] }
  | { type: 'user.password_change'; userId: string }
  | { type: 'user.delete'; userId: string; email: string }
  | {
      type: 'user.temp_role.add';
      userId: string;
      roleId: string;
      roleName: string;
      startDate: string;
      endDate: string;
    }
  | { type: 'user.temp_role.delete'; userId: string; roleId: string; roleName: string }
  | { type: 'role.delete'; roleId: string; name: string }
  | { type: 'role.permissions.save'; roleId: string; name: string; permissionCount: number }
  | { type: 'sim.trashed' | 'sim.restored'; simId: string }
  | { type: 'sim.duplicated'; simId: string; fromSimId: string }
  | { type: 'sim.trash_emptied'; simIds: readonly string[] }
  | {
      type: 'assignment.create';
      simId: string;
      assignmentIds: readonly string[];
      userIds: readonly string[];
      groupId: string | null;
    }
  | { type: 'assignment.delete'; assignmentId: string; simId: string; userId: string }
  | { type: 'assignment.send_for_review'; assignmentId: string; simId: string }
  | { type: 'assignment.review'; assignmentId: string; simId: string; userId: string; decision: 'PASS' | 'NO PASS' }
  | {
      type: 'attempt_line.keyword_override';
      lineId: string;
      attemptId: string;
      assignmentId: string;
      /** the learner */
      userId: string;
      keyword: string;
      credited: boolean;
      reason: string;
      /** the keyword's decision and the figures of the line and the attempt, before and after */
      before: Record<string, unknown>;
      after: Record<string, unknown>;
    }
  | { type: 'ticket.create'; ticketId: string; number: number }
  | { type: 'ticket.status'; ticketId: string; number: number; from: string; to: string }
  | { type: 'ticket.assign'; ticketId: string; number: number; assignedToId: string }
  | { type: 'ticket.delete'; ticketId: string; number: number; attachments: number }
  | {
      type: 'client.error';
      report: { message: string; url?: string | null; component?: string | null; stack?: string | null };
    };

export type AuditAction = AuditEvent['type'];

/** Who did it, for which company, from where. */
export interface AuditSource {
  companyId: string | null;
  /** the person acting (an administrator logged in to an agent's account: the administrator) */
  actorId: string | null;
  ip?: string;
}

type AuditRow = typeof auditLog.$inferInsert;

/** The stored row of an event: the same action, target and detail keys as before the events were typed. */
function toRow(event: AuditEvent): Pick<AuditRow, 'action' | 'targetType' | 'targetId' | 'details'> {
  const action = event.type;
  switch (event.type) {
    case 'login.as_agent':
      return { action, targetType: 'user', targetId: event.agentId, details: { agent_email: event.agentEmail } };
    case 'user.create':
    case 'user.update':
      return {
        action,
        targetType: 'user',
        targetId: event.userId,
        details: { email: event.email, role_id: event.roleId, password_changed: event.passwordChanged },
      };
    case 'user.update_self':
      return { action, targetType: 'user', targetId: event.userId, details: { fields: [...event.fields] } };
    case 'user.password_change':
      return { action, targetType: 'user', targetId: event.userId };
    case 'user.delete':
      return { action, targetType: 'user', targetId: event.userId, details: { email: event.email } };
    case 'user.temp_role.add':
      return {
        action,
        targetType: 'user',
        targetId: event.userId,
        details: { role_id: event.roleId, role: event.roleName, start_date: event.startDate, end_date: event.endDate },
      };
    case 'user.temp_role.delete':
      return {
        action,
        targetType: 'user',
        targetId: event.userId,
        details: { role_id: event.roleId, role: event.roleName },
      };
    case 'role.delete':
      return { action, targetType: 'role', targetId: event.roleId, details: { name: event.name } };
    case 'role.permissions.save':
      return {
        action,
        targetType: 'role',
        targetId: event.roleId,
        details: { name: event.name, permissions: event.permissionCount },
      };
    case 'sim.trashed':
    case 'sim.restored':
      return { action, targetType: 'sim', targetId: event.simId };
    case 'sim.duplicated':
      return { action, targetType: 'sim', targetId: event.simId, details: { from: event.fromSimId } };
    case 'sim.trash_emptied':
      return { action, targetType: 'sim', details: { sim_ids: [...event.simIds] } };
    case 'assignment.create':
      return {
        action,
        targetType: 'sim',
        targetId: event.simId,
        details: { assignment_ids: [...event.assignmentIds], user_ids: [...event.userIds], group_id: event.groupId },
      };
    case 'assignment.delete':
      return {
        action,
        targetType: 'assignment',
        targetId: event.assignmentId,
        details: { sim_id: event.simId, user_id: event.userId },
      };
    case 'assignment.send_for_review':
      return { action, targetType: 'assignment', targetId: event.assignmentId, details: { sim_id: event.simId } };
    case 'assignment.review':
      return {
        action,
        targetType: 'assignment',
        targetId: event.assignmentId,
        details: { sim_id: event.simId, user_id: event.userId, decision: event.decision },
      };
    case 'attempt_line.keyword_override':
      return {
        action,
        targetType: 'attempt_line',
        targetId: event.lineId,
        details: {
          attempt_id: event.attemptId,
          assignment_id: event.assignmentId,
          user_id: event.userId,
          keyword: event.keyword,
          credited: event.credited,
          reason: event.reason,
          before: event.before,
          after: event.after,
        },
      };
    case 'ticket.create':
      return { action, targetType: 'ticket', targetId: event.ticketId, details: { number: event.number } };
    case 'ticket.status':
      return {
        action,
        targetType: 'ticket',
        targetId: event.ticketId,
        details: { number: event.number, from: event.from, to: event.to },
      };
    case 'ticket.assign':
      return {
        action,
        targetType: 'ticket',
        targetId: event.ticketId,
        details: { number: event.number, assigned_to: event.assignedToId },
      };
    case 'ticket.delete':
      return {
        action,
        targetType: 'ticket',
        targetId: event.ticketId,
        details: { number: event.number, attachments: event.attachments },
      };
    case 'client.error': {
      const { message, url, component, stack } = event.report;
      return { action, targetType: 'client', details: { message, url, component, stack } };
    }
    default:
      return unknownEvent(event);
  }
}

function unknownEvent(event: never): never {
  throw new Error(`unknown audit event ${JSON.stringify(event)}`);
}

/** Records an audited event; call it inside the transaction of the action itself. */
export async function recordAudit(db: DbOrTx, source: AuditSource, event: AuditEvent): Promise<void> {
  await db.insert(auditLog).values({ ...source, ...toRow(event) });
}
