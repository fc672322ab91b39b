// The audit module's face to other modules: they record audited events only through this file.
export { type AuditEvent, type AuditSource, recordAudit } from './audit';
