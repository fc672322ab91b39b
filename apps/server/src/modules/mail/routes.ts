import { systemApi } from '@sim/shared';
import { count, desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { outboxEmails } from '../../db/schema/index';
import { route } from '../../lib/route';

/** The email outbox, for installations without SMTP (platform administrators only). */
export const outboxRoutes: FastifyPluginAsync = async (app) => {
  route(app, systemApi.outbox, async (request) => {
    const { skip, limit, to } = request.query;
    const where = to ? eq(outboxEmails.toAddress, to.trim().toLowerCase()) : undefined;
    const db = app.deps.db;
    // the page and the total from one statement (one snapshot: an email sent meanwhile is in both or neither);
    // a page past the end has no row to carry the total, so only then is it counted apart
    const page = await db
      .select({ r: outboxEmails, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(outboxEmails)
      .where(where)
      .orderBy(desc(outboxEmails.createdAt))
      .limit(limit)
      .offset(skip);
    const total =
      page[0]?.total ??
      (skip === 0 ? 0 : (await db.select({ total: count() }).from(outboxEmails).where(where))[0].total);
    return {
      success: true as const,
      total,
      emails: page.map(({ r }) => ({
        _id: r.id,
        to: r.toAddress,
        subject: r.subject,
        text: r.bodyText,
        created_at: r.createdAt.toISOString(),
      })),
    };
  });
};
