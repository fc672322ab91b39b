import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { jobs } from '../../db/schema/index';
import type { AppDeps } from '../../deps';
import { insertClaimedJob, runClaimedHere } from '../../jobs/queue';
import { type JobHandler, type JobRow, RetryLater } from '../../jobs/types';
import type { Email } from './mailer';

/**
 * Email is sent from the job queue (a transactional outbox): the service writes the email as a job in
 * the transaction of the change that sends it — so a rolled-back change sends nothing and a committed one
 * is not lost — and, after the commit, hands it to this instance's worker, which sends it with
 * `deps.mailer` (SMTP, or the outbox table a platform administrator reads) while the answer goes out.
 * A failed send is retried with growing delays by whichever instance's worker claims it; an instance that
 * dies before sending leaves the job to the stale-heartbeat sweep of the others.
 */
export const EMAIL_JOB_KIND = 'email';

/** Waits before the 2nd, 3rd… attempt; after the last one the job fails (the error is in the server log). */
export const EMAIL_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000] as const;

const ZEmailPayload = z.object({ to: z.string(), subject: z.string(), text: z.string() });

/** Writes the email as a job; call it inside the transaction of the change, then `sendQueuedEmails` after it. */
export function queueEmail(
  tx: DbOrTx,
  email: Email,
  owner: { companyId: string; createdBy: string | null },
): Promise<JobRow> {
  return insertClaimedJob(tx, {
    companyId: owner.companyId,
    kind: EMAIL_JOB_KIND,
    payload: { to: email.to, subject: email.subject, text: email.text },
    createdBy: owner.createdBy,
  });
}

/** After the commit: this instance's worker sends the queued emails; the caller does not wait for them. */
export function sendQueuedEmails(deps: AppDeps, queued: readonly JobRow[]): void {
  runClaimedHere(deps, queued);
}

/**
 * Once an email is sent or given up, its body (which may hold a single-use link) leaves the job row;
 * the recipient and subject stay for the record. Fenced like every write of a run.
 */
async function dropBody(db: DbOrTx, job: JobRow): Promise<void> {
  await db
    .update(jobs)
    .set({ payload: sql`${jobs.payload} - 'text'` })
    .where(and(eq(jobs.id, job.id), eq(jobs.attempts, job.attempts), eq(jobs.status, 'running')));
}

/** The job handler: sends the email with `deps.mailer`; a failure is retried after EMAIL_RETRY_DELAYS_MS. */
export const emailJob: JobHandler<AppDeps> = async ({ job, deps }) => {
  const email = ZEmailPayload.parse(job.payload);
  try {
    await deps.mailer.send(email);
  } catch (err) {
    const delay = EMAIL_RETRY_DELAYS_MS[job.attempts - 1];
    if (delay !== undefined) throw new RetryLater(delay, { cause: err });
    await dropBody(deps.db, job);
    throw err;
  }
  await dropBody(deps.db, job);
  return undefined;
};
