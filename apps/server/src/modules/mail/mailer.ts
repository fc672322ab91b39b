import nodemailer from 'nodemailer';
import type { DbOrTx } from '../../db/client';
import { outboxEmails } from '../../db/schema/index';

export interface Email {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** 'smtp' when mail leaves the machine; 'outbox' when it is kept for a platform administrator. */
  readonly kind: 'smtp' | 'outbox';
  send(email: Email): Promise<void>;
}

/** Writes emails to the outbox table, read by a platform administrator (GET /api/v1/outbox). */
export class OutboxMailer implements Mailer {
  readonly kind = 'outbox' as const;
  constructor(private readonly db: DbOrTx) {}
  async send(email: Email) {
    await this.db.insert(outboxEmails).values({ toAddress: email.to, subject: email.subject, bodyText: email.text });
  }
}

export class SmtpMailer implements Mailer {
  readonly kind = 'smtp' as const;
  private readonly transport;
  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(url);
  }
  async send(email: Email) {
    await this.transport.sendMail({ from: this.from, to: email.to, subject: email.subject, text: email.text });
  }
}
