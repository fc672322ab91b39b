import { ERROR_CODES, type ErrorCode, MESSAGES } from '@sim/shared';

/** A typed error the one error handler turns into `{success:false, message, code}` with its status. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.status = ERROR_CODES[code];
  }
}

export const Invalid = (message: string = MESSAGES.invalidInput, field?: string) =>
  new AppError('INVALID', message, field);
export const Unauthorized = (message: string = MESSAGES.unauthorized) => new AppError('UNAUTHORIZED', message);
export const Forbidden = (message: string = MESSAGES.forbidden) => new AppError('FORBIDDEN', message);
export const NotFound = (message: string = MESSAGES.notFound) => new AppError('NOT_FOUND', message);
export const Conflict = (message: string, field?: string) => new AppError('CONFLICT', message, field);
export const RuleBroken = (message: string) => new AppError('RULE_BROKEN', message);
export const RateLimited = (message: string) => new AppError('RATE_LIMITED', message);

/** Narrows a possibly-missing record, answering 404 when it is absent (or outside the caller's company). */
export function found<T>(value: T | null | undefined, message?: string): T {
  if (value === null || value === undefined) throw NotFound(message);
  return value;
}

/** The PostgreSQL error code of a database error, read from err.cause.code or err.code. */
export function pgErrorCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = e?.cause?.code ?? e?.code;
  return typeof code === 'string' ? code : undefined;
}
export const PG_UNIQUE_VIOLATION = '23505';
