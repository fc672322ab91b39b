import { HELPDESK_MESSAGES as M, HELPDESK_UPLOAD_QUOTA as Q } from '@sim/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { helpdeskUploads } from '../src/db/schema/index';
import { keyOfUploadUrl } from '../src/modules/helpdesk/keys';
import { sweepUnattachedUploads } from '../src/modules/helpdesk/service';
import { type Answer, type Caller, expectFailure, runPool, staffedCompany, testApp } from './factories';
import { helpdeskCalls, PNG_1x1, putUpload, uploadAttachment } from './factories/helpdesk';

/**
 * Issue 32, item 3 (quotas and sweeps) for help-request uploads: a user holds at most
 * HELPDESK_UPLOAD_QUOTA.maxUnattached uploads no ticket names (429 with the envelope, nothing stored, the
 * presigned URL refused too), attaching frees the quota, and an upload still unattached after graceHours
 * is deleted, file and row.
 */
describe('help-request upload quotas and sweeps', () => {
  const ctx = testApp();
  const a = staffedCompany(ctx, { agent2: true });
  const b = staffedCompany(ctx, { agent2: true });

  const who = (c: typeof a, user: 'agent' | 'agent2' = 'agent') => ({
    companyId: c.company.companyId,
    userId: c.users[user].id,
  });
  const rowsOf = (userId: string) => ctx.db.select().from(helpdeskUploads).where(eq(helpdeskUploads.userId, userId));
  const presigned = async (as: Caller, name: string) => {
    const res = await helpdeskCalls(as).presign(name, PNG_1x1.length);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { presignedUrl: string; downloadUrl: string };
  };

  it('refuses uploads beyond the quota (429) exactly, with two companies uploading and reading at once', async () => {
    const extra = 4;
    const worlds = await Promise.all(
      [a, b].map(async (c) => {
        const urls = [];
        for (let i = 0; i < Q.maxUnattached + extra; i++) urls.push(await presigned(c.as.agent, `shot-${i}.png`));
        return { c, urls };
      }),
    );
    const tasks: (() => Promise<{ kind: 'put' | 'read' | 'foreign'; company: number; res: Answer }>)[] = [];
    for (const [wi, w] of worlds.entries()) {
      for (const u of w.urls)
        tasks.push(async () => ({
          kind: 'put',
          company: wi,
          res: await putUpload(ctx, u.presignedUrl, PNG_1x1, 'image/png'),
        }));
      for (const as of [w.c.as.admin, w.c.as.manager, w.c.as.agent])
        tasks.push(async () => ({ kind: 'read', company: wi, res: await helpdeskCalls(as).list() }));
      // the other company's upload named on a ticket: not the caller's
      tasks.push(async () => ({
        kind: 'foreign',
        company: wi,
        res: await helpdeskCalls(w.c.as.agent).add({
          message: 'not mine',
          attachments: [{ url: worlds[1 - wi].urls[0].downloadUrl, file_name: 'x.png' }],
        }),
      }));
    }
    const order = tasks
      .map((t, i) => [Math.sin(i * 7919), t] as const)
      .sort((x, y) => x[0] - y[0])
      .map(([, t]) => t);
    const answers = await runPool(order, 8);

    for (const x of answers.filter((x) => x.kind === 'read')) {
      expect(x.res.statusCode, x.res.body).toBe(200);
      expect(x.res.body).not.toContain(worlds[1 - x.company].c.company.companyId);
    }
    for (const x of answers.filter((x) => x.kind === 'foreign')) expectFailure(x.res, 400, 'INVALID', M.uploadNotYours);
    for (const [wi, w] of worlds.entries()) {
      const puts = answers.filter((x) => x.kind === 'put' && x.company === wi).map((x) => x.res);
      for (const res of puts.filter((r) => r.statusCode !== 200))
        expectFailure(res, 429, 'RATE_LIMITED', M.tooManyUploads);
      expect(puts.filter((r) => r.statusCode === 200)).toHaveLength(Q.maxUnattached);
      // a row for each stored upload, and a file for each: nothing of the refused ones
      const keys = w.urls.map((u) => keyOfUploadUrl(u.downloadUrl, who(w.c)) as string);
      const stored: string[] = [];
      for (const key of keys) if (await ctx.deps.blobs.stat(key)) stored.push(key);
      expect(stored).toHaveLength(Q.maxUnattached);
      const rows = await rowsOf(w.c.users.agent.id);
      expect(rows.map((r) => r.blobKey).sort()).toEqual([...stored].sort());
      expect(rows.every((r) => r.size === PNG_1x1.length && r.companyId === w.c.company.companyId)).toBe(true);
      // at the quota a new URL is refused before any file is sent
      expectFailure(await helpdeskCalls(w.c.as.agent).presign('more.png', 10), 429, 'RATE_LIMITED', M.tooManyUploads);
      // attaching frees the quota
      const attach = w.urls
        .filter((_, i) => stored.includes(keys[i]))
        .slice(0, 10)
        .map((u, i) => ({ url: u.downloadUrl, file_name: `shot-${i}.png`, file_type: 'image/png' }));
      const ticket = await helpdeskCalls(w.c.as.agent).add({ message: 'See the shots', attachments: attach });
      expect(ticket.statusCode, ticket.body).toBe(200);
      expect(await rowsOf(w.c.users.agent.id)).toHaveLength(Q.maxUnattached - 10);
      await uploadAttachment(ctx, w.c.as.agent, 'after.png', PNG_1x1);
    }
  });

  it('deletes uploads left unattached past the grace period, file and row; attached and recent ones stay', async () => {
    const as = a.as.agent2;
    const me = who(a, 'agent2');
    const stale = await uploadAttachment(ctx, as, 'stale.png', PNG_1x1);
    const recent = await uploadAttachment(ctx, as, 'recent.png', PNG_1x1);
    const attached = await uploadAttachment(ctx, as, 'attached.png', PNG_1x1);
    const ticket = await helpdeskCalls(as).add({ message: 'Help', attachments: [attached] });
    expect(ticket.statusCode, ticket.body).toBe(200);
    const key = (u: { url: string }) => keyOfUploadUrl(u.url, me) as string;
    // a PUT whose server died before it stored anything (no file), and a row left for a file attached since
    const crashed = `helpdesk/${me.companyId}/${me.userId}/${crypto.randomUUID()}/lost.png`;
    await ctx.db.insert(helpdeskUploads).values([
      { blobKey: crashed, ...me },
      { blobKey: key(attached), ...me, size: PNG_1x1.length },
    ]);
    const age = (k: string, hours: number) =>
      ctx.db
        .update(helpdeskUploads)
        .set({ createdAt: sql`now() - make_interval(hours => ${hours})` })
        .where(eq(helpdeskUploads.blobKey, k));
    await age(key(stale), Q.graceHours + 1);
    await age(crashed, Q.graceHours + 1);
    await age(key(attached), Q.graceHours + 1);
    await age(key(recent), Q.graceHours - 1);

    expect(await sweepUnattachedUploads(ctx.deps)).toBeGreaterThanOrEqual(3);
    expect((await rowsOf(me.userId)).map((r) => r.blobKey)).toEqual([key(recent)]);
    expect(await ctx.deps.blobs.stat(key(stale))).toBeNull();
    expect(await ctx.deps.blobs.stat(key(recent))).not.toBeNull();
    // the attached file is still served from its ticket
    const url = ticket.json().ticket.attachments[0].url as string;
    const file = await ctx.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG_1x1)).toBe(true);
    // the swept upload can no longer be attached; the recent one can
    expectFailure(
      await helpdeskCalls(as).add({ message: 'Late', attachments: [stale] }),
      400,
      'INVALID',
      M.uploadMissing,
    );
    const late = await helpdeskCalls(as).add({ message: 'In time', attachments: [recent] });
    expect(late.statusCode, late.body).toBe(200);
    expect(await rowsOf(me.userId)).toEqual([]);
  });
});
