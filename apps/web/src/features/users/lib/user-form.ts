import {
  DEFAULT_STATUS,
  defaultSubStatus,
  isValidSubStatus,
  MESSAGES,
  PASSWORD_MIN_LENGTH,
  type TCreateUserRequest,
  type TUpdateProfileRequest,
  type TUserInfo,
  USER_FIELD_NAMES,
  USER_FIELD_SCHEMAS,
  USER_FORM_TEXTS,
  USER_STATUSES,
  type UserFieldName,
  type UserStatus,
} from '@sim/shared';
import type { FieldErrors, Resolver } from 'react-hook-form';

/** The user form's values: every field a string (a select not chosen is ''), groups a list of ids. */
export type UserFormValues = { [K in Exclude<UserFieldName, 'groups'>]: string } & {
  groups: string[];
  password: string;
  confirm_password: string;
};
export type UserFormField = keyof UserFormValues;

/** A new user starts Applicant / Candidate (section 4). */
export const EMPTY_USER_FORM: UserFormValues = {
  first_name: '',
  last_name: '',
  nick_name: '',
  title: '',
  email_id: '',
  phone_number: '',
  status: DEFAULT_STATUS,
  sub_status: defaultSubStatus(DEFAULT_STATUS),
  role: '',
  schedule: '',
  duration: '',
  employment: '',
  workplace: '',
  joined_company: '',
  groups: [],
  probation: '',
  promoted: '',
  outsourcer: '',
  password: '',
  confirm_password: '',
};

export function valuesFromUser(user: TUserInfo): UserFormValues {
  const s = (v: string | null) => v ?? '';
  return {
    first_name: user.first_name,
    last_name: user.last_name,
    nick_name: s(user.nick_name),
    title: s(user.title),
    email_id: user.email_id,
    phone_number: s(user.phone_number),
    status: user.status,
    sub_status: user.sub_status,
    role: s(user.role),
    schedule: s(user.schedule),
    duration: s(user.duration),
    employment: s(user.employment),
    workplace: s(user.workplace),
    joined_company: s(user.joined_company),
    groups: [...user.groups],
    probation: s(user.probation),
    promoted: s(user.promoted),
    outsourcer: s(user.outsourcer),
    password: '',
    confirm_password: '',
  };
}

export const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export interface UserFormRules {
  /** create: every field but the nick name; edit: the same, and the password rules. */
  mode: 'create' | 'edit' | 'settings';
  /** edit: the stored email, for the 'Please re-enter the password.' rule */
  originalEmail?: string;
  /** settings: only the fields the user may change are checked */
  fields?: ReadonlySet<UserFieldName>;
  /** settings: only the fields changed from these values are checked (stored data never blocks a save) */
  initial?: UserFormValues;
}

/** Whether a field's value differs from the stored one (groups as a set). */
export function fieldChanged(field: UserFieldName, values: UserFormValues, initial: UserFormValues): boolean {
  if (field === 'groups') {
    const a = [...new Set(values.groups)].sort();
    const b = [...new Set(initial.groups)].sort();
    return a.length !== b.length || a.some((v, i) => v !== b[i]);
  }
  return values[field].trim() !== initial[field].trim();
}

/** The fields of my settings to check and send: those I may change and did change. */
export function changedFields(
  values: UserFormValues,
  fields: ReadonlySet<UserFieldName>,
  initial: UserFormValues,
): Set<UserFieldName> {
  const out = new Set<UserFieldName>();
  for (const f of fields) if (fieldChanged(f, values, initial)) out.add(f);
  // the linked pair travels together
  if ((out.has('status') || out.has('sub_status')) && fields.has('status') && fields.has('sub_status')) {
    out.add('status');
    out.add('sub_status');
  }
  return out;
}

/**
 * Every rule of section 5, as field → message (empty when valid): the field rules of the shared
 * schema (the server runs the same), the linked sub-status, and in edit mode the password rules:
 * a typed password needs a matching confirmation ('Password mismatch !'), and a changed email needs
 * the password typed again ('Please re-enter the password.').
 */
export function validateUserForm(values: UserFormValues, rules: UserFormRules): Partial<Record<UserFormField, string>> {
  const errors: Partial<Record<UserFormField, string>> = {};
  const scope = rules.fields && rules.initial ? changedFields(values, rules.fields, rules.initial) : rules.fields;
  const checked = (f: UserFieldName) => !scope || scope.has(f);
  for (const field of USER_FIELD_NAMES) {
    if (!checked(field)) continue;
    const result = USER_FIELD_SCHEMAS[field].safeParse(values[field]);
    if (!result.success) errors[field] = result.error.issues[0]?.message ?? MESSAGES.requiredField;
  }
  if (
    checked('sub_status') &&
    !errors.status &&
    !errors.sub_status &&
    !isValidSubStatus(values.status as UserStatus, values.sub_status)
  )
    errors.sub_status = USER_FORM_TEXTS.subStatusMismatch;
  if (rules.mode === 'edit') {
    const typed = values.password !== '' || values.confirm_password !== '';
    if (typed && values.password.length > 0 && values.password.length < PASSWORD_MIN_LENGTH)
      errors.password = MESSAGES.passwordTooShort;
    if (typed && values.password !== values.confirm_password) errors.confirm_password = MESSAGES.passwordMismatch;
    if (rules.originalEmail !== undefined && !sameEmail(values.email_id, rules.originalEmail) && values.password === '')
      errors.password = USER_FORM_TEXTS.reenterPassword;
  }
  return errors;
}

/** react-hook-form's resolver over validateUserForm. */
export function userFormResolver(rules: UserFormRules): Resolver<UserFormValues> {
  return async (values) => {
    const found = validateUserForm(values, rules);
    const entries = Object.entries(found);
    if (entries.length === 0) return { values, errors: {} };
    const errors: FieldErrors<UserFormValues> = {};
    for (const [field, message] of entries)
      (errors as Record<string, { type: string; message: string }>)[field] = { type: 'validate', message };
    return { values: {}, errors };
  };
}

/** Changing the status resets the sub-status to the status's first option (section 4). */
export function subStatusesOf(status: string): readonly string[] {
  return USER_STATUSES[status as UserStatus]?.subStatuses ?? [];
}

/** The body of POST /api/v1/users/create: `_id` when editing, the password only when typed. */
export function toCreateRequest(values: UserFormValues, userId: string | null, origin: string): TCreateUserRequest {
  const { password, confirm_password: _, ...fields } = values;
  return {
    ...(userId ? { _id: userId } : {}),
    ...(fields as unknown as Omit<TCreateUserRequest, '_id' | 'password' | 'url'>),
    email_id: fields.email_id.trim(),
    ...(userId && password ? { password } : {}),
    url: origin,
  };
}

/** The body of POST /api/v1/users/update-profile: the fields the user may change and did change. */
export function toProfileRequest(
  values: UserFormValues,
  fields: ReadonlySet<UserFieldName>,
  initial: UserFormValues,
): TUpdateProfileRequest {
  const send = changedFields(values, fields, initial);
  const body: Record<string, unknown> = {};
  for (const field of USER_FIELD_NAMES) if (send.has(field)) body[field] = values[field];
  return body as TUpdateProfileRequest;
}
