import { ADMIN_TEXTS, MESSAGES } from '@sim/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notificationRecipients, notifications } from '../src/db/schema/index';
import {
  buildGroup,
  buildStaffedCompany,
  type Caller,
  caller,
  expectFailure,
  forged,
  MISSING_ID,
  staffedCompany,
  testApp,
  unique,
} from './factories';

const newCount = async (as: Caller) =>
  (await as.get('/api/v1/permissions/user-details')).json().new_notifications as number;

describe('notifications', () => {
  const ctx = testApp();
  const a = staffedCompany(ctx, { agent2: true });
  const b = staffedCompany(ctx, { agent2: true });

  describe('POST /api/v1/users/save-notification', () => {
    it('sends to the members of the groups plus the chosen users, without the sender; the bells count it', async () => {
      const group = await buildGroup(ctx, a.company, {
        members: [a.users.agent.id, a.users.admin.id, a.users.supervisor.id],
      });
      const before = await newCount(a.as.agent);
      const message = unique('Team meeting at 3 pm');
      const res = await a.as.admin.post('/api/v1/users/save-notification', {
        notification: `  ${message} `,
        groups: [group.id],
        receipts: [a.users.agent2.id, a.users.agent.id],
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        success: true,
        message: ADMIN_TEXTS.notificationSent,
        notification: { recipients_count: 3 },
      });
      const [row] = await ctx.db.select().from(notifications).where(eq(notifications.id, body.notification._id));
      expect(row).toMatchObject({ companyId: a.company.companyId, message, createdBy: a.users.admin.id });
      const recipients = await ctx.db
        .select()
        .from(notificationRecipients)
        .where(eq(notificationRecipients.notificationId, row.id));
      expect(recipients.map((r) => r.userId).sort()).toEqual(
        [a.users.agent.id, a.users.agent2.id, a.users.supervisor.id].sort(),
      );
      expect(recipients.every((r) => r.isNew)).toBe(true);
      expect(await newCount(a.as.agent)).toBe(before + 1);
    });

    it('answers 400 with the spec rule for an empty message or no recipients', async () => {
      expectFailure(
        await a.as.admin.post('/api/v1/users/save-notification', { notification: '   ', receipts: [a.users.agent.id] }),
        400,
        'INVALID',
        ADMIN_TEXTS.notificationMessageRequired,
      );
      expectFailure(
        await a.as.admin.post('/api/v1/users/save-notification', { receipts: [a.users.agent.id] }),
        400,
        'INVALID',
        ADMIN_TEXTS.notificationMessageRequired,
      );
      expectFailure(
        await a.as.admin.post('/api/v1/users/save-notification', { notification: 'hi', groups: [], receipts: [] }),
        400,
        'INVALID',
        ADMIN_TEXTS.notificationRecipientsRequired,
      );
      expectFailure(
        await a.as.admin.post('/api/v1/users/save-notification', { notification: 'hi', receipts: ['me'] }),
        400,
        'INVALID',
      );
      expectFailure(
        await a.as.admin.post('/api/v1/users/save-notification', {
          notification: 'x'.repeat(2001),
          receipts: [a.users.agent.id],
        }),
        400,
        'INVALID',
      );
    });

    it('answers 422 when the groups have nobody to notify', async () => {
      const empty = await buildGroup(ctx, a.company, { members: [a.users.admin.id] });
      expectFailure(
        await a.as.admin.post('/api/v1/users/save-notification', { notification: 'hello', groups: [empty.id] }),
        422,
        'RULE_BROKEN',
        ADMIN_TEXTS.notificationNoRecipients,
      );
    });

    it("answers 404 for another company's group or user (nothing sent), 403 without notifications create, 401", async () => {
      const theirGroup = await buildGroup(ctx, b.company, { members: [b.users.agent.id] });
      const before = await newCount(b.as.agent);
      expectFailure(
        await a.as.admin.post('/api/v1/users/save-notification', { notification: 'spam', groups: [theirGroup.id] }),
        404,
        'NOT_FOUND',
      );
      expectFailure(
        await a.as.admin.post('/api/v1/users/save-notification', {
          notification: 'spam',
          receipts: [a.users.agent.id, b.users.agent.id],
        }),
        404,
        'NOT_FOUND',
      );
      expectFailure(
        await a.as.admin.post('/api/v1/users/save-notification', { notification: 'spam', receipts: [MISSING_ID] }),
        404,
        'NOT_FOUND',
      );
      expect(await newCount(b.as.agent)).toBe(before);
      expectFailure(
        await caller(ctx, a.tokens.agent, forged('notifications', 'create')).post('/api/v1/users/save-notification', {
          notification: 'hi',
          receipts: [a.users.agent2.id],
        }),
        403,
        'FORBIDDEN',
        MESSAGES.forbidden,
      );
      expectFailure(
        await a.as.nobody.post('/api/v1/users/save-notification', {
          notification: 'hi',
          receipts: [a.users.agent2.id],
        }),
        401,
        'UNAUTHORIZED',
      );
    });
  });

  describe('GET /api/v1/users/notification-listing and POST /api/v1/users/notification-read', () => {
    it("lists the caller's notifications newest first with paging; reading sets the new count to 0", async () => {
      const c = await buildStaffedCompany(ctx, { agent2: true });
      const sent: string[] = [];
      for (let i = 0; i < 12; i++) {
        const res = await c.as.manager.post('/api/v1/users/save-notification', {
          notification: `Notice ${i}`,
          receipts: [c.users.agent.id],
        });
        sent.push(res.json().notification._id);
      }
      expect(await newCount(c.as.agent)).toBe(12);

      const page0 = await c.as.agent.get(
        '/api/v1/users/notification-listing?skip=0&limit=10&notificationListingPage=header',
      );
      expect(page0.statusCode, page0.body).toBe(200);
      const p0 = page0.json();
      expect(p0.total).toBe(12);
      expect(p0.notifList).toHaveLength(10);
      expect(p0.notifList[0]).toMatchObject({
        _id: sent[11],
        message: 'Notice 11',
        isNew: true,
        created_by: { _id: c.users.manager.id, name: `Marco ${c.users.manager.lastName}` },
        recipients_count: 1,
      });
      const p1 = (await c.as.agent.get('/api/v1/users/notification-listing?skip=10&limit=10')).json();
      expect(p1.notifList.map((n: { message: string }) => n.message)).toEqual(['Notice 1', 'Notice 0']);
      // nobody else sees them in their inbox
      expect((await c.as.agent2.get('/api/v1/users/notification-listing')).json().total).toBe(0);

      // read two of them
      const read = await c.as.agent.post('/api/v1/users/notification-read', { notificationIds: [sent[11], sent[10]] });
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json()).toEqual({ success: true, new_notifications: 10 });
      const rows = await ctx.db
        .select()
        .from(notificationRecipients)
        .where(eq(notificationRecipients.notificationId, sent[11]));
      expect(rows[0]).toMatchObject({ isNew: false });
      expect(rows[0].readAt).toBeInstanceOf(Date);
      const after = (await c.as.agent.get('/api/v1/users/notification-listing')).json();
      expect(after.notifList.slice(0, 3).map((n: { isNew: boolean }) => n.isNew)).toEqual([false, false, true]);

      // opening the bell: everything read
      const all = await c.as.agent.post('/api/v1/users/notification-read', { notificationIds: [sent[9]], all: true });
      expect(all.json()).toEqual({ success: true, new_notifications: 0 });
      expect(await newCount(c.as.agent)).toBe(0);
    });

    it("lists the company's sent notifications for notificationListingPage=sent (notifications view), with search", async () => {
      const c = await buildStaffedCompany(ctx, { agent2: true });
      await c.as.admin.post('/api/v1/users/save-notification', {
        notification: 'Quarterly review',
        receipts: [c.users.agent.id],
      });
      await c.as.manager.post('/api/v1/users/save-notification', {
        notification: 'Holiday hours',
        receipts: [c.users.agent.id, c.users.agent2.id],
      });
      await b.as.admin.post('/api/v1/users/save-notification', {
        notification: 'Other company',
        receipts: [b.users.agent.id],
      });
      const res = await c.as.admin.get(
        '/api/v1/users/notification-listing?skip=0&limit=10&notificationListingPage=sent',
      );
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.total).toBe(2);
      expect(body.notifList.map((n: { message: string }) => n.message)).toEqual(['Holiday hours', 'Quarterly review']);
      expect(body.notifList[0]).toMatchObject({
        recipients_count: 2,
        isNew: false,
        created_by: { _id: c.users.manager.id },
      });
      const searched = (
        await c.as.supervisor.get('/api/v1/users/notification-listing?notificationListingPage=sent&textSearch=quarter')
      ).json();
      expect(searched.notifList.map((n: { message: string }) => n.message)).toEqual(['Quarterly review']);
      const oldest = (
        await c.as.admin.get('/api/v1/users/notification-listing?notificationListingPage=sent&order=asc')
      ).json();
      expect(oldest.notifList[0].message).toBe('Quarterly review');
      // the agent lacks notifications view: 403 for the sent list, even with forged headers
      expectFailure(
        await caller(ctx, c.tokens.agent, forged('notifications', 'view')).get(
          '/api/v1/users/notification-listing?notificationListingPage=sent',
        ),
        403,
        'FORBIDDEN',
      );
    });

    it("answers 404 when marking another user's notification, 400 for bad input, 401 signed out", async () => {
      const res = await a.as.admin.post('/api/v1/users/save-notification', {
        notification: 'for agent two',
        receipts: [a.users.agent2.id],
      });
      const id = res.json().notification._id;
      expectFailure(
        await a.as.agent.post('/api/v1/users/notification-read', { notificationIds: [id] }),
        404,
        'NOT_FOUND',
      );
      expectFailure(
        await b.as.agent.post('/api/v1/users/notification-read', { notificationIds: [id] }),
        404,
        'NOT_FOUND',
      );
      const [row] = await ctx.db
        .select()
        .from(notificationRecipients)
        .where(eq(notificationRecipients.notificationId, id));
      expect(row.isNew).toBe(true);
      expectFailure(
        await a.as.agent.post('/api/v1/users/notification-read', { notificationIds: ['x'] }),
        400,
        'INVALID',
      );
      expectFailure(
        await a.as.agent.post('/api/v1/users/notification-read', { notificationIds: 'all' }),
        400,
        'INVALID',
      );
      expectFailure(await a.as.agent.get('/api/v1/users/notification-listing?limit=0'), 400, 'INVALID');
      expectFailure(await a.as.agent.get('/api/v1/users/notification-listing?limit=101'), 400, 'INVALID');
      expectFailure(await a.as.nobody.get('/api/v1/users/notification-listing'), 401, 'UNAUTHORIZED');
      expectFailure(
        await a.as.nobody.post('/api/v1/users/notification-read', { notificationIds: [id] }),
        401,
        'UNAUTHORIZED',
      );
    });
  });
});
