import { z } from 'zod';
import { MESSAGES, PASSWORD_MIN_LENGTH, PHONE_PATTERN, TEXT_MAX } from '../constants';
import { PERMISSION_TYPES } from '../permissions';
import { ZEmail, ZId } from './common';
import { ZRowId } from './users';

const ZPassword = z.string().min(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort).max(200);

export const ZLoginRequest = z.object({
  email: z.string().trim().min(1, MESSAGES.loginMissingFields).pipe(ZEmail),
  password: z.string().min(1, MESSAGES.loginMissingFields).max(200),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZSessionUser = z.object({
  _id: ZId,
  first_name: z.string(),
  last_name: z.string(),
  nick_name: z.string().nullable(),
  email_id: z.string(),
  role: z.string(),
  role_id: z.string().nullable(),
  profile_pic_url: z.string().nullable(),
  company_id: z.string(),
  company_name: z.string(),
  is_platform_admin: z.boolean(),
});
export type TSessionUser = z.infer<typeof ZSessionUser>;

export const ZPermissionDetail = z.object({
  task_id: z.string(),
  task_name: z.string(),
  permission_type: z.enum(PERMISSION_TYPES),
  permission_id: z.string(),
});
export const ZUserPermission = z.object({
  role_id: z.string(),
  role_name: z.string(),
  temporary: z.boolean(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  permission_details: z.array(ZPermissionDetail),
});
export type TUserPermission = z.infer<typeof ZUserPermission>;

export const ZLoginResponse = z.object({
  success: z.literal(true),
  token: z.string(),
  expires_at: z.string(),
  user: ZSessionUser,
  permissions: z.array(ZUserPermission),
  login_to_agent_account: z.boolean(),
});
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

/** The agent's id is a record id (a UUID): anything else answers 400, never reaching the database. */
export const ZLoginToAgentRequest = z.object({ id: ZRowId, email: ZEmail.optional() });

export const ZUserDetailsResponse = z.object({
  success: z.literal(true),
  user: ZSessionUser,
  permissions: z.array(ZUserPermission),
  new_notifications: z.number().int(),
});
export type TUserDetailsResponse = z.infer<typeof ZUserDetailsResponse>;

export const ZForgotPasswordRequest = z.object({
  email: z.string().trim().min(1, MESSAGES.forgotEmailRequired).pipe(ZEmail),
  url: z.string().url().max(2000).optional(),
});
export const ZResetPasswordRequest = z.object({
  email: ZEmail,
  password: ZPassword,
  token: z.string().min(10).max(200),
});

const ZName = z.string().trim().min(1, MESSAGES.requiredField).max(TEXT_MAX);
export const ZRegisterRequest = z.object({
  email: ZEmail,
  password: ZPassword,
  first_name: ZName,
  last_name: ZName,
  company_name: ZName,
  phone_number: z.string().trim().regex(PHONE_PATTERN, 'Phone number must look like +1 (555) 555-5555'),
  allowNewCompany: z.string().min(1).max(1000),
});
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;

export const ZCheckInvitationQuery = z.object({ allowNewCompany: z.string().min(1).max(1000) });
export const ZCheckInvitationResponse = z.object({
  success: z.literal(true),
  valid: z.boolean(),
  expires_at: z.string().nullable(),
});

export const ZOutboxResponse = z.object({
  success: z.literal(true),
  total: z.number().int(),
  emails: z.array(
    z.object({ _id: z.string(), to: z.string(), subject: z.string(), text: z.string(), created_at: z.string() }),
  ),
});
export const ZOutboxQuery = z.object({
  skip: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  to: z.string().optional(),
});
