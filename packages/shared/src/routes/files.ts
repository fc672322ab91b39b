import { z } from 'zod';
import { defineRoute } from '../contract/define';

/** The longest key of the blob store (MAX_KEY_LENGTH of apps/server/src/lib/blob-store.ts). */
const FILE_KEY_MAX = 1024;

/** Stored files, read through signed, expiring URLs (the "presigned" URLs of the spec). */
export const filesApi = {
  read: defineRoute({
    method: 'GET',
    url: '/api/v1/files/*',
    access: 'signedUrl',
    tags: ['files'],
    summary: 'Read a stored file through a signed, expiring URL (single HTTP Range supported)',
    params: z.object({ '*': z.string().min(1).max(FILE_KEY_MAX) }),
    query: z.object({ exp: z.string(), sig: z.string(), sub: z.string().optional() }),
    response: 'file',
  }),
  /** not in the spec: the same file answered as a download (Content-Disposition: attachment), signed apart */
  download: defineRoute({
    method: 'GET',
    url: '/api/v1/downloads/*',
    access: 'signedUrl',
    tags: ['files'],
    summary:
      'Download a stored file through a signed, expiring URL (always an attachment; single HTTP Range supported)',
    params: z.object({ '*': z.string().min(1).max(FILE_KEY_MAX) }),
    query: z.object({ exp: z.string(), sig: z.string(), sub: z.string().optional() }),
    response: 'file',
  }),
};
