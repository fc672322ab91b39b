import { z } from 'zod';
import { defineRoute } from '../contract/define';
import { ZOutboxQuery, ZOutboxResponse } from '../schemas/auth';

const tags = ['system'];

/** Health checks of the platform and the email outbox of installations without SMTP. */
export const systemApi = {
  health: defineRoute({
    method: 'GET',
    url: '/api/health',
    access: 'public',
    tags,
    summary: 'The server process is alive',
    response: z.object({ success: z.literal(true), status: z.literal('ok') }),
  }),
  ready: defineRoute({
    method: 'GET',
    url: '/api/ready',
    access: 'public',
    tags,
    summary: 'The database answers',
    response: z.object({ success: z.literal(true), database: z.literal('ok') }),
  }),
  outbox: defineRoute({
    method: 'GET',
    url: '/api/v1/outbox',
    access: 'platformAdmin',
    tags,
    summary: 'Emails written to the outbox when no SMTP server is configured',
    query: ZOutboxQuery,
    response: ZOutboxResponse,
  }),
};
