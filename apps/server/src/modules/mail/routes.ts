import { ZOutboxQuery, ZOutboxResponse } from '@sim/shared';
import { count, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { outboxEmails } from '../../db/schema/index';

/** The email outbox, for installations without SMTP (platform administrators only). */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/outbox',
    {
      schema: {
        tags: ['system'],
        summary: 'Emails written to the outbox when no SMTP server is configured',
        querystring: ZOutboxQuery,
        response: { 200: ZOutboxResponse },
      },
    },
    async (request) => {
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
    },
  );
};
