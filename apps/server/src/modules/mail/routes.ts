import { systemApi } from '@sim/shared';
import { count, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { outboxEmails } from '../../db/schema/index';
import { route } from '../../lib/route';

/** The email outbox, for installations without SMTP (platform administrators only). */
export const outboxRoutes: FastifyPluginAsync = async (app) => {
  route(app, systemApi.outbox, async (request) => {
    const { skip, limit, to } = request.query;
    const where = to ? eq(outboxEmails.toAddress, to.trim().toLowerCase()) : undefined;
    const db = app.deps.db;
    const [rows, [{ total }]] = await Promise.all([
      db.select().from(outboxEmails).where(where).orderBy(desc(outboxEmails.createdAt)).limit(limit).offset(skip),
      db.select({ total: count() }).from(outboxEmails).where(where),
    ]);
    return {
      success: true as const,
      total,
      emails: rows.map((r) => ({
        _id: r.id,
        to: r.toAddress,
        subject: r.subject,
        text: r.bodyText,
        created_at: r.createdAt.toISOString(),
      })),
    };
  });
};
