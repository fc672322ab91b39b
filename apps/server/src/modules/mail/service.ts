// The mail module's face to other modules: they send email only through this file (a job in their transaction).
export type { Email } from './mailer';
export { queueEmail, sendQueuedEmails } from './outbox';
