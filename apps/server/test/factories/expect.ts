import type { ErrorCode } from '@sim/shared';
import { expect } from 'vitest';

/** A failed answer: its status, its error code and (when given) the exact message, in the error envelope. */
export function expectFailure(
  res: { statusCode: number; body: string; json(): unknown },
  status: number,
  code: ErrorCode,
  message?: string,
) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ success: false, code, ...(message === undefined ? {} : { message }) });
}
