import { z } from 'zod';

export const ZId = z.string().min(1).max(64);
export const ZEmail = z.string().trim().toLowerCase().email().max(254);

export const ZErrorBody = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.string(),
  requestId: z.string().optional(),
  field: z.string().optional(),
});
export type TErrorBody = z.infer<typeof ZErrorBody>;

/** The answer of a change that only reports its message. */
export const ZMessageResponse = z.object({ success: z.literal(true), message: z.string() });
export type TMessageResponse = z.infer<typeof ZMessageResponse>;

export const ZOk = z.object({ success: z.literal(true), message: z.string().optional() });

/** Error codes shared by the server and the web client. */
export const ERROR_CODES = {
  INVALID: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_TYPE: 415,
  RULE_BROKEN: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;
