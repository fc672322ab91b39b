import { z } from 'zod';
import { MESSAGES, PASSWORD_MIN_LENGTH, PHONE_PATTERN, TEXT_MAX, USER_FORM_TEXTS } from '../constants';
import { isValidSubStatus, USER_CHOICES, USER_STATUS_KEYS, type UserStatus } from '../user-fields';

/** A record id (a UUID); anything else is refused with 400 before it reaches the database. */
export const ZRowId = z.guid({ message: 'This id is not valid.' });

/**
 * The user record of the user form and of my settings (administration-and-support.md sections 3 to 5).
 * The same rules run in the browser (react-hook-form) and on the server (request validation).
 */
const R = USER_FORM_TEXTS.required;

const requiredText = (message: string) => z.string().trim().min(1, message).max(TEXT_MAX);

export const ZUserEmail = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, R.email_id)
  .max(254, MESSAGES.invalidEmail)
  .pipe(z.email(MESSAGES.invalidEmail));

export const ZUserPhone = z.string().trim().min(1, R.phone_number).regex(PHONE_PATTERN, USER_FORM_TEXTS.phoneInvalid);
export const ZUserStatus = z.enum(USER_STATUS_KEYS as [UserStatus, ...UserStatus[]], { message: R.status });
export const ZUserPassword = z.string().min(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort).max(200);

/** Every field of the form but the password, each with its required message. */
export const USER_FIELD_SCHEMAS = {
  first_name: requiredText(R.first_name),
  last_name: requiredText(R.last_name),
  nick_name: z.string().trim().max(TEXT_MAX).nullish(),
  title: requiredText(R.title),
  email_id: ZUserEmail,
  phone_number: ZUserPhone,
  status: ZUserStatus,
  sub_status: requiredText(R.sub_status),
  role: z.guid({ message: R.role }),
  schedule: z.enum(USER_CHOICES.schedule, { message: R.schedule }),
  duration: z.enum(USER_CHOICES.duration, { message: R.duration }),
  employment: z.enum(USER_CHOICES.employment, { message: R.employment }),
  workplace: z.enum(USER_CHOICES.workplace, { message: R.workplace }),
  joined_company: z.enum(USER_CHOICES.joined_company, { message: R.joined_company }),
  groups: z
    .array(z.guid({ message: USER_FORM_TEXTS.unknownGroups }))
    .min(1, R.groups)
    .max(500),
  probation: z.enum(USER_CHOICES.probation, { message: R.probation }),
  promoted: z.enum(USER_CHOICES.promoted, { message: R.promoted }),
  outsourcer: z.enum(USER_CHOICES.outsourcer, { message: R.outsourcer }),
} as const;
export type UserFieldName = keyof typeof USER_FIELD_SCHEMAS;
export const USER_FIELD_NAMES = Object.keys(USER_FIELD_SCHEMAS) as UserFieldName[];

/** Personal data: the part of the record every user keeps themselves (agents: only the nick name). */
export const PERSONAL_FIELDS = ['first_name', 'last_name', 'nick_name', 'title', 'email_id', 'phone_number'] as const;
/** What a user may change about themselves without the employee_list update permission. */
export const SELF_EDITABLE_FIELDS: readonly UserFieldName[] = [
  'first_name',
  'last_name',
  'nick_name',
  'title',
  'phone_number',
];
export const AGENT_EDITABLE_FIELDS: readonly UserFieldName[] = ['nick_name'];

/**
 * What a user may change about themselves in my settings (DECISIONS.md: security over fidelity): an
 * agent only the nick name; anyone else their personal data but the email; with employee_list update
 * every field (email, status, role, groups...), as they could through the user form anyway.
 */
export function selfEditableFields(who: { isAgent: boolean; canUpdateEmployees: boolean }): ReadonlySet<UserFieldName> {
  if (who.isAgent) return new Set(AGENT_EDITABLE_FIELDS);
  if (who.canUpdateEmployees) return new Set(USER_FIELD_NAMES);
  return new Set(SELF_EDITABLE_FIELDS);
}

/** Status and sub-status are linked (section 4): the sub-status must be one of the status's list. */
function checkSubStatus(value: { status?: UserStatus; sub_status?: string }, ctx: z.RefinementCtx) {
  if (value.status && value.sub_status && !isValidSubStatus(value.status, value.sub_status))
    ctx.addIssue({ code: 'custom', path: ['sub_status'], message: USER_FORM_TEXTS.subStatusMismatch });
}

/**
 * POST /api/v1/users/create: without `_id` a new user, with `_id` an update. Status and sub-status may be
 * left out on create (a new user starts Applicant / Candidate). `password` is optional: on create, without
 * it the new user gets an email with a link to choose one; on update, empty keeps the current one.
 * `url` (the page's origin) is accepted and not used: emailed links use the server's PUBLIC_URL.
 */
export const ZCreateUserRequest = z
  .object({
    _id: ZRowId.optional(),
    ...USER_FIELD_SCHEMAS,
    status: ZUserStatus.optional(),
    sub_status: requiredText(R.sub_status).optional(),
    password: z.union([z.literal(''), ZUserPassword]).optional(),
    url: z.string().max(2000).optional(),
  })
  .superRefine(checkSubStatus);
export type TCreateUserRequest = z.infer<typeof ZCreateUserRequest>;

export const ZCreateUserResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  _id: ZRowId,
  email_sent: z.boolean(),
});
export type TCreateUserResponse = z.infer<typeof ZCreateUserResponse>;

export const ZNamedRef = z.object({ _id: ZRowId, name: z.string() });

/** GET /api/v1/users/info: the whole record (never the password). */
export const ZUserInfo = z.object({
  _id: ZRowId,
  first_name: z.string(),
  last_name: z.string(),
  nick_name: z.string().nullable(),
  title: z.string().nullable(),
  email_id: z.string(),
  phone_number: z.string().nullable(),
  status: z.string(),
  sub_status: z.string(),
  role: z.string().nullable(),
  role_name: z.string(),
  schedule: z.string().nullable(),
  duration: z.string().nullable(),
  employment: z.string().nullable(),
  workplace: z.string().nullable(),
  joined_company: z.string().nullable(),
  probation: z.string().nullable(),
  promoted: z.string().nullable(),
  outsourcer: z.string().nullable(),
  groups: z.array(ZRowId),
  group_list: z.array(ZNamedRef),
  profile_pic_url: z.string().nullable(),
  company_name: z.string(),
});
export type TUserInfo = z.infer<typeof ZUserInfo>;

export const ZUserInfoQuery = z.object({ user_id: ZRowId.optional() });
export const ZUserInfoResponse = z.object({ success: z.literal(true), user: ZUserInfo });
export type TUserInfoResponse = z.infer<typeof ZUserInfoResponse>;

/** GET /api/v1/users/duplicate-email: `success` true means the email is taken by another user. */
export const ZDuplicateEmailQuery = z.object({
  emailId: ZUserEmail,
  /** the user being edited; empty or absent while creating a new user */
  id: z.preprocess((v) => (v === '' ? undefined : v), ZRowId.optional()),
});
export const ZDuplicateEmailResponse = z.object({ success: z.boolean() });
export type TDuplicateEmailResponse = z.infer<typeof ZDuplicateEmailResponse>;

export const ZUsersListQuery = z.object({
  textSearch: z.string().trim().max(200).optional(),
  skip: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(1000).default(1000),
});
export const ZUserListItem = z.object({
  _id: ZRowId,
  first_name: z.string(),
  last_name: z.string(),
  email_id: z.string(),
  title: z.string().nullable(),
  status: z.string(),
  role: z.string(),
  role_id: z.string().nullable(),
  profile_pic_url: z.string().nullable(),
});
export const ZUsersListResponse = z.object({
  success: z.literal(true),
  users: z.array(ZUserListItem),
  total: z.number().int(),
});
export type TUsersListResponse = z.infer<typeof ZUsersListResponse>;

/** POST /api/v1/users/update-password: the signed-in user changes their own password. */
export const ZUpdatePasswordRequest = z.object({
  current_password: z.string().min(1, MESSAGES.requiredField).max(200),
  new_password: ZUserPassword,
});
export type TUpdatePasswordRequest = z.infer<typeof ZUpdatePasswordRequest>;
export const ZUpdatePasswordResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  email_sent: z.boolean(),
  /** a new sign-in token for this session: the change ends every session, this one's token included */
  token: z.string(),
  expires_at: z.string(),
});
export type TUpdatePasswordResponse = z.infer<typeof ZUpdatePasswordResponse>;

/**
 * POST /api/v1/users/update-profile (my settings): the signed-in user saves their own record. Only the
 * fields sent are considered; a field the caller may not change must be sent unchanged or left out.
 */
export const ZUpdateProfileRequest = z
  .object({
    first_name: USER_FIELD_SCHEMAS.first_name.optional(),
    last_name: USER_FIELD_SCHEMAS.last_name.optional(),
    nick_name: USER_FIELD_SCHEMAS.nick_name,
    title: USER_FIELD_SCHEMAS.title.optional(),
    email_id: USER_FIELD_SCHEMAS.email_id.optional(),
    phone_number: USER_FIELD_SCHEMAS.phone_number.optional(),
    status: USER_FIELD_SCHEMAS.status.optional(),
    sub_status: USER_FIELD_SCHEMAS.sub_status.optional(),
    role: USER_FIELD_SCHEMAS.role.optional(),
    schedule: USER_FIELD_SCHEMAS.schedule.optional(),
    duration: USER_FIELD_SCHEMAS.duration.optional(),
    employment: USER_FIELD_SCHEMAS.employment.optional(),
    workplace: USER_FIELD_SCHEMAS.workplace.optional(),
    joined_company: USER_FIELD_SCHEMAS.joined_company.optional(),
    groups: USER_FIELD_SCHEMAS.groups.optional(),
    probation: USER_FIELD_SCHEMAS.probation.optional(),
    promoted: USER_FIELD_SCHEMAS.promoted.optional(),
    outsourcer: USER_FIELD_SCHEMAS.outsourcer.optional(),
  })
  .superRefine(checkSubStatus);
export type TUpdateProfileRequest = z.infer<typeof ZUpdateProfileRequest>;
export const ZUpdateProfileResponse = z.object({ success: z.literal(true), message: z.string(), user: ZUserInfo });

/** POST /api/v1/users/update-profile-photo: multipart, one file field `photo`. */
export const ZUpdateProfilePhotoResponse = z.object({ success: z.literal(true), url: z.string() });
export type TUpdateProfilePhotoResponse = z.infer<typeof ZUpdateProfilePhotoResponse>;
