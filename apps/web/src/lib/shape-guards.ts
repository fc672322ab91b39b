import type { TErrorBody, TSessionUser } from '@sim/shared';

/*
 * Hand-written checks of the two shapes the sign-in page reads, so that /login loads no zod: the same
 * rules as `ZErrorBody` and `ZSessionUser` of packages/shared (shape-guards.test.ts holds them to the
 * schemas, key by key and case by case).
 */

type Plain = Record<string, unknown>;

/** An object that is not an array (zod's `z.object` refuses arrays and null). */
function isPlainObject(value: unknown): value is Plain {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isOptionalString(value: unknown): boolean {
  return value === undefined || typeof value === 'string';
}

function isNullableString(value: unknown): boolean {
  return value === null || typeof value === 'string';
}

/** The error body of a failed API call (`ZErrorBody`): `{ success: false, message, code, requestId?, field? }`. */
export function isErrorBody(value: unknown): value is TErrorBody {
  return (
    isPlainObject(value) &&
    value.success === false &&
    typeof value.message === 'string' &&
    typeof value.code === 'string' &&
    isOptionalString(value.requestId) &&
    isOptionalString(value.field)
  );
}

/** The keys of `ZSessionUser`, in its order. */
export const SESSION_USER_KEYS = [
  '_id',
  'first_name',
  'last_name',
  'nick_name',
  'email_id',
  'role',
  'role_id',
  'profile_pic_url',
  'company_id',
  'company_name',
  'is_platform_admin',
] as const satisfies readonly (keyof TSessionUser)[];

/** `ZId`: a string of 1 to 64 characters. */
function isId(value: unknown): boolean {
  return typeof value === 'string' && value.length >= 1 && value.length <= 64;
}

/**
 * The stored session user (`ZSessionUser`), or null when the value does not have its shape. Like the
 * schema's parse, the answer holds the user's keys only (others are dropped).
 */
export function readSessionUser(value: unknown): TSessionUser | null {
  if (!isPlainObject(value)) return null;
  const ok =
    isId(value._id) &&
    typeof value.first_name === 'string' &&
    typeof value.last_name === 'string' &&
    isNullableString(value.nick_name) &&
    typeof value.email_id === 'string' &&
    typeof value.role === 'string' &&
    isNullableString(value.role_id) &&
    isNullableString(value.profile_pic_url) &&
    typeof value.company_id === 'string' &&
    typeof value.company_name === 'string' &&
    typeof value.is_platform_admin === 'boolean';
  if (!ok) return null;
  const user: Plain = {};
  for (const key of SESSION_USER_KEYS) user[key] = value[key];
  return user as TSessionUser;
}
