import { MESSAGES, ROLE_NAMES, USER_FORM_TEXTS } from '@sim/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, jobs, outboxEmails } from '../src/db/schema/index';
import { claimNext } from '../src/jobs/queue';
import type { JobRow } from '../src/jobs/types';
import { RetryLater } from '../src/jobs/types';
import { JobWorker } from '../src/jobs/worker';
import { type AuditEvent, recordAudit } from '../src/modules/audit/audit';
import type { Email, Mailer } from '../src/modules/mail/mailer';
import { EMAIL_JOB_KIND, EMAIL_RETRY_DELAYS_MS, emailJob, queueEmail } from '../src/modules/mail/outbox';
import {
  buildCompany,
  buildGroup,
  buildStaffedCompany,
  buildTestApp,
  buildUser,
  newUserBody,
  type StaffedCompany,
  type TestContext,
  unique,
} from './factories';

/** Side effects as events: the typed audit events, and email sent from the job queue (an outbox in the same transaction). */

const emailJobsTo = (ctx: TestContext, to: string) =>
  ctx.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, EMAIL_JOB_KIND), sql`${jobs.payload}->>'to' = ${to}`));

describe('audit events', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(() => ctx.close());

  it('are stored with the action strings and detail keys the audit log has always had', async () => {
    const company = await buildCompany(ctx);
    const actor = await buildUser(ctx, company, { role: ROLE_NAMES.admin });
    const id = crypto.randomUUID();
    const cases: [AuditEvent, { targetType: string | null; targetId: string | null; details: unknown }][] = [
      [
        { type: 'login.as_agent', agentId: id, agentEmail: 'a@example.test' },
        { targetType: 'user', targetId: id, details: { agent_email: 'a@example.test' } },
      ],
      [
        { type: 'user.create', userId: id, email: 'b@example.test', roleId: 'r1', passwordChanged: false },
        {
          targetType: 'user',
          targetId: id,
          details: { email: 'b@example.test', role_id: 'r1', password_changed: false },
        },
      ],
      [
        { type: 'user.update_self', userId: id, fields: ['nick_name'] },
        { targetType: 'user', targetId: id, details: { fields: ['nick_name'] } },
      ],
      [
        { type: 'user.password_change', userId: id },
        { targetType: 'user', targetId: id, details: null },
      ],
      [
        { type: 'user.temp_role.add', userId: id, roleId: 'r2', roleName: 'lead', startDate: 'd1', endDate: 'd2' },
        {
          targetType: 'user',
          targetId: id,
          details: { role_id: 'r2', role: 'lead', start_date: 'd1', end_date: 'd2' },
        },
      ],
      [
        { type: 'role.permissions.save', roleId: id, name: 'lead', permissionCount: 3 },
        { targetType: 'role', targetId: id, details: { name: 'lead', permissions: 3 } },
      ],
      [
        { type: 'sim.duplicated', simId: id, fromSimId: 's0' },
        { targetType: 'sim', targetId: id, details: { from: 's0' } },
      ],
      [
        { type: 'sim.trash_emptied', simIds: ['s1', 's2'] },
        { targetType: 'sim', targetId: null, details: { sim_ids: ['s1', 's2'] } },
      ],
      [
        { type: 'client.error', report: { message: 'boom', url: '/sims', component: 'Builder' } },
        { targetType: 'client', targetId: null, details: { message: 'boom', url: '/sims', component: 'Builder' } },
      ],
    ];
    for (const [event, stored] of cases) {
      await recordAudit(ctx.db, { companyId: company.companyId, actorId: actor.id, ip: '203.0.113.9' }, event);
      const rows = await ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.companyId, company.companyId), eq(auditLog.action, event.type)));
      expect(rows, event.type).toHaveLength(1);
      expect(rows[0], event.type).toMatchObject({ actorId: actor.id, ip: '203.0.113.9', ...stored });
    }
  });
});

describe('email from the job queue', () => {
  let ctx: TestContext;
  let co: StaffedCompany;
  const sent: Email[] = [];
  let failures = 0;
  /** a mail server that fails while `failures` is above 0 */
  const mailer: Mailer = {
    kind: 'smtp',
    async send(email) {
      if (failures > 0) {
        failures -= 1;
        throw new Error('421 service not available');
      }
      sent.push(email);
    },
  };
  beforeAll(async () => {
    ctx = await buildTestApp({}, { deps: { mailer } });
    co = await buildStaffedCompany(ctx);
  });
  afterAll(() => ctx.close());

  const sentTo = (to: string) => sent.filter((e) => e.to === to);

  it('queues the reset email with its token and sends it after the answer; the body leaves the job once sent', async () => {
    const user = await buildUser(ctx, co.company);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/login/forgot-password',
      payload: { email: user.email },
    });
    expect(res.json()).toEqual({ success: true, message: MESSAGES.forgotSent });
    await expect.poll(() => sentTo(user.email).length).toBe(1);
    expect(sentTo(user.email)[0].text).toContain('/forgotpassword?email=');
    await expect.poll(async () => (await emailJobsTo(ctx, user.email))[0]?.status).toBe('done');
    const [job] = await emailJobsTo(ctx, user.email);
    expect(job).toMatchObject({ companyId: co.company.companyId, attempts: 1, createdBy: null });
    expect(job.payload).toEqual({ to: user.email, subject: 'Reset your SimCentre password' });
  });

  it('keeps the answer when the mail server is down, and sends the email on a later attempt', async () => {
    failures = 1;
    const group = await buildGroup(ctx, co.company);
    const body = newUserBody(co.company, group.id);
    const res = await co.as.admin.post('/api/v1/users/create', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, email_sent: true, message: USER_FORM_TEXTS.userCreated });

    // the first attempt failed: the job waits in the queue for the first retry delay
    await expect.poll(async () => (await emailJobsTo(ctx, body.email_id))[0]?.status).toBe('queued');
    const [waiting] = await emailJobsTo(ctx, body.email_id);
    expect(waiting.attempts).toBe(1);
    expect(waiting.runAfter!.getTime()).toBeGreaterThan(Date.now() + EMAIL_RETRY_DELAYS_MS[0] - 10_000);
    expect(sentTo(body.email_id)).toHaveLength(0);

    // not claimed before it is due (checked in a transaction rolled back, so nothing is taken)
    const rolledBack = new Error('rolled back');
    await expect(
      ctx.db.transaction(async (tx) => {
        expect((await claimNext(tx, [EMAIL_JOB_KIND]))?.id).not.toBe(waiting.id);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);

    // once due, a worker claims it (as claimNext does) and sends it
    const [claimed] = await ctx.db
      .update(jobs)
      .set({ status: 'running', attempts: sql`${jobs.attempts} + 1`, runAfter: null, heartbeatAt: sql`now()` })
      .where(and(eq(jobs.id, waiting.id), eq(jobs.status, 'queued')))
      .returning();
    const worker = new JobWorker({
      db: ctx.db,
      deps: ctx.deps,
      handlers: { [EMAIL_JOB_KIND]: emailJob },
      log: ctx.app.log,
    });
    expect(worker.runClaimed(claimed)).toBe(true);
    await worker.stop(); // waits for the running job
    expect(sentTo(body.email_id)).toHaveLength(1);
    expect(sentTo(body.email_id)[0]).toMatchObject({ subject: USER_FORM_TEXTS.welcomeSubject });
    const [done] = await emailJobsTo(ctx, body.email_id);
    expect(done).toMatchObject({ status: 'done', attempts: 2 });
    expect(done.payload.text).toBeUndefined();
  });

  it('writes nothing when the change rolls back', async () => {
    const to = `${unique('never')}@example.test`;
    await expect(
      ctx.db.transaction(async (tx) => {
        await queueEmail(tx, { to, subject: 's', text: 't' }, { companyId: co.company.companyId, createdBy: null });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await emailJobsTo(ctx, to)).toHaveLength(0);
  });

  it('retries after growing delays, then gives up and drops the body', async () => {
    const to = `${unique('retry')}@example.test`;
    const job = await queueEmail(
      ctx.db,
      { to, subject: 's', text: 'a link' },
      { companyId: co.company.companyId, createdBy: null },
    );
    const down: Mailer = {
      kind: 'smtp',
      send: () => Promise.reject(new Error('550 mailbox unavailable')),
    };
    const run = (attempts: number) =>
      emailJob({
        job: { ...job, attempts } as JobRow,
        deps: { ...ctx.deps, mailer: down },
        signal: new AbortController().signal,
        progress: async () => undefined,
        log: ctx.app.log,
      });
    for (const [i, delay] of EMAIL_RETRY_DELAYS_MS.entries()) {
      const err = await run(i + 1).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(RetryLater);
      expect((err as RetryLater).delayMs).toBe(delay);
    }
    await ctx.db
      .update(jobs)
      .set({ attempts: EMAIL_RETRY_DELAYS_MS.length + 1 })
      .where(eq(jobs.id, job.id));
    await expect(run(EMAIL_RETRY_DELAYS_MS.length + 1)).rejects.toThrow('550 mailbox unavailable');
    const [row] = await ctx.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row.payload).toEqual({ to, subject: 's' });
    await ctx.db.delete(jobs).where(eq(jobs.id, job.id)); // not left running for another file's worker
  });
});

describe('emails of the other routes go through the queue too', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(() => ctx.close());

  it('a password change by its owner: the note lands in the outbox', async () => {
    const co = await buildStaffedCompany(ctx);
    const res = await co.as.agent.post('/api/v1/users/update-password', {
      current_password: co.users.agent.password,
      new_password: 'Another@123',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().email_sent).toBe(true);
    const mails = () => ctx.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, co.users.agent.email));
    await expect.poll(async () => (await mails()).length).toBe(1);
    expect((await mails())[0].subject).toBe(USER_FORM_TEXTS.passwordChangedSubject);
  });
});
