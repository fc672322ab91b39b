import {
  DEFAULT_STATUS,
  defaultSubStatus,
  hasPermission,
  isDeactivatedStatus,
  isValidSubStatus,
  MESSAGES,
  type TCreateUserRequest,
  type TUserInfo,
  type TUsersListResponse,
  USER_FORM_TEXTS,
  type UserStatus,
  WELCOME_LINK_TTL_HOURS,
} from '@sim/shared';
import type { AppDeps } from '../../deps';
import type { Actor } from '../../lib/actor';
import {
  Conflict,
  Forbidden,
  found,
  Invalid,
  NotFound,
  PG_UNIQUE_VIOLATION,
  pgErrorCode,
  RuleBroken,
} from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import { randomToken, sha256 } from '../../lib/secrets';
import { recordAudit } from '../audit/audit';
import { insertResetToken } from '../auth/repository';
import { assertCanGiveRole, assertCanManageUser } from '../employees/escalation';
import { findEmployee, findRole, groupsOfUsers } from '../employees/repository';
import type { Email } from '../mail/mailer';
import {
  countCompanyGroups,
  emailTaken,
  emailTakenInCompany,
  findUserRecord,
  insertUser,
  listUsers,
  setUserGroups,
  type UserColumns,
  type UserRecord,
  updateUser,
} from './repository';

export function publicUrl(deps: AppDeps): string {
  return deps.config.publicUrl ?? `http://localhost:${deps.config.port}`;
}

/** Sends an email; false when the mail service failed (the save itself stands). */
export async function trySend(deps: AppDeps, email: Email): Promise<boolean> {
  try {
    await deps.mailer.send(email);
    return true;
  } catch {
    return false;
  }
}

export function toUserInfo(record: UserRecord, groupList: { _id: string; name: string }[]): TUserInfo {
  const u = record.user;
  return {
    _id: u.id,
    first_name: u.firstName,
    last_name: u.lastName,
    nick_name: u.nickName,
    title: u.title,
    email_id: u.email,
    phone_number: u.phoneNumber,
    status: u.status,
    sub_status: u.subStatus,
    role: u.roleId,
    role_name: record.roleName ?? '',
    schedule: u.schedule,
    duration: u.duration,
    employment: u.employment,
    workplace: u.workplace,
    joined_company: u.joinedCompany,
    probation: u.probation,
    promoted: u.promoted,
    outsourcer: u.outsourcer,
    groups: groupList.map((g) => g._id),
    group_list: groupList,
    profile_pic_url: u.profilePicUrl,
    company_name: record.companyName,
  };
}

/** The whole record of a user of the caller's company, with their groups; 404 otherwise. */
export async function loadUserInfo(deps: AppDeps, companyId: string, userId: string): Promise<TUserInfo> {
  const record = found(await findUserRecord(deps.db, companyId, userId));
  const groups = (await groupsOfUsers(deps.db, companyId, [userId])).get(userId) ?? [];
  return toUserInfo(record, groups);
}

/** Oneself: anyone signed in. Someone else: an employee_list permission, and the same company. */
export async function userInfo(deps: AppDeps, actor: Actor, userId: string | undefined): Promise<TUserInfo> {
  const id = userId ?? actor.userId;
  if (
    id !== actor.userId &&
    !(['view', 'create', 'update'] as const).some((type) => hasPermission(actor.permissions, 'employee_list', type))
  )
    throw Forbidden();
  return loadUserInfo(deps, actor.companyId, id);
}

export async function usersList(
  deps: AppDeps,
  actor: Actor,
  query: { textSearch?: string; skip: number; limit: number },
): Promise<Omit<TUsersListResponse, 'success'>> {
  const { rows, total } = await listUsers(deps.db, actor.companyId, query);
  return {
    total,
    users: rows.map((r) => ({
      _id: r.id,
      first_name: r.firstName,
      last_name: r.lastName,
      email_id: r.email,
      title: r.title,
      status: r.status,
      role: r.roleName ?? '',
      role_id: r.roleId,
      profile_pic_url: r.profilePicUrl,
    })),
  };
}

/**
 * Whether another user of the caller's company has the email; `exceptId` (the user being edited) must be
 * of the company. Other companies' users are not looked at: the answer must not tell which emails have
 * an account elsewhere (a save with such an email still fails with the same 409 as the database's).
 */
export async function isDuplicateEmail(
  deps: AppDeps,
  actor: Actor,
  email: string,
  exceptId: string | undefined,
): Promise<boolean> {
  if (exceptId) found(await findEmployee(deps.db, actor.companyId, exceptId));
  return emailTakenInCompany(deps.db, actor.companyId, email, exceptId);
}

/**
 * Status and sub-status are linked (section 4): a new user starts Applicant / Candidate; changing the
 * status without a sub-status takes the status's first sub-status; the pair must match.
 */
export function resolveStatus(
  current: { status: string; subStatus: string } | null,
  input: { status?: UserStatus; sub_status?: string },
): { status: UserStatus; subStatus: string } {
  const status = input.status ?? (current?.status as UserStatus | undefined) ?? DEFAULT_STATUS;
  const statusChanged = current === null || status !== current.status;
  const subStatus = input.sub_status ?? (statusChanged ? defaultSubStatus(status) : (current?.subStatus ?? ''));
  if (!isValidSubStatus(status, subStatus)) throw Invalid(USER_FORM_TEXTS.subStatusMismatch, 'sub_status');
  return { status, subStatus };
}

/** The role and groups named in a save must be the company's (404 otherwise, like any foreign id). */
export async function assertCompanyReferences(
  deps: AppDeps,
  actor: Actor,
  refs: { role?: string; groups?: string[] },
): Promise<void> {
  if (refs.role) found(await findRole(deps.db, actor.companyId, refs.role), USER_FORM_TEXTS.unknownRole);
  if (refs.groups) {
    const unique = [...new Set(refs.groups)];
    if ((await countCompanyGroups(deps.db, actor.companyId, unique)) !== unique.length)
      throw NotFound(USER_FORM_TEXTS.unknownGroups);
  }
}

type FieldInput = Partial<Omit<TCreateUserRequest, '_id' | 'password' | 'url' | 'status' | 'sub_status'>>;

/** The form's fields as columns (only the fields given). */
export function columnsOf(input: FieldInput): UserColumns {
  const c: UserColumns = {};
  if (input.first_name !== undefined) c.firstName = input.first_name;
  if (input.last_name !== undefined) c.lastName = input.last_name;
  if (input.nick_name !== undefined) c.nickName = input.nick_name?.trim() ? input.nick_name.trim() : null;
  if (input.title !== undefined) c.title = input.title;
  if (input.email_id !== undefined) c.email = input.email_id;
  if (input.phone_number !== undefined) c.phoneNumber = input.phone_number;
  if (input.role !== undefined) c.roleId = input.role;
  if (input.schedule !== undefined) c.schedule = input.schedule;
  if (input.duration !== undefined) c.duration = input.duration;
  if (input.employment !== undefined) c.employment = input.employment;
  if (input.workplace !== undefined) c.workplace = input.workplace;
  if (input.joined_company !== undefined) c.joinedCompany = input.joined_company;
  if (input.probation !== undefined) c.probation = input.probation;
  if (input.promoted !== undefined) c.promoted = input.promoted;
  if (input.outsourcer !== undefined) c.outsourcer = input.outsourcer;
  return c;
}

/** A unique-email violation from the database (two saves racing) is the same 409 as the check. */
export function rethrowDuplicateEmail(err: unknown): never {
  if (pgErrorCode(err) === PG_UNIQUE_VIOLATION) throw Conflict(MESSAGES.duplicateEmail, 'email_id');
  throw err;
}

export interface SaveUserResult {
  id: string;
  created: boolean;
  emailSent: boolean;
}

/**
 * POST /api/v1/users/create. Without `_id`: a new user (employee_list create) who gets an email with a
 * link to choose a password (unless one is given). With `_id`: an update (employee_list update) of a
 * user of the company; a changed email needs a new password ('Please re-enter the password.').
 */
export async function saveUser(
  deps: AppDeps,
  actor: Actor,
  input: TCreateUserRequest,
  ip: string,
): Promise<SaveUserResult> {
  const now = deps.now();
  const targetId = input._id;
  if (!hasPermission(actor.permissions, 'employee_list', targetId ? 'update' : 'create')) throw Forbidden();
  const current = targetId ? found(await findUserRecord(deps.db, actor.companyId, targetId)) : null;
  if (current) await assertCanManageUser(deps.db, actor, current.user.id, now);
  await assertCompanyReferences(deps, actor, { role: input.role, groups: input.groups });
  if (!current || current.user.roleId !== input.role) await assertCanGiveRole(deps.db, actor, input.role);
  if (await emailTaken(deps.db, input.email_id, current?.user.id)) throw Conflict(MESSAGES.duplicateEmail, 'email_id');
  const password = input.password ? input.password : undefined;
  if (current && input.email_id !== current.user.email && !password)
    throw Invalid(USER_FORM_TEXTS.reenterPassword, 'password');
  const { status, subStatus } = resolveStatus(current?.user ?? null, input);
  const deactivating = current !== null && isDeactivatedStatus(status) && !isDeactivatedStatus(current.user.status);
  // one's own deactivation would end one's session with no way back: another administrator does it
  if (deactivating && current.user.id === actor.userId) throw RuleBroken(MESSAGES.cannotDeactivateSelf);

  const columns: UserColumns = { ...columnsOf(input), status, subStatus };
  if (password) columns.passwordHash = await hashPassword(password);
  // a new password or a deactivation ends the user's sessions (reactivating does not revive them)
  if (current && (password || deactivating)) columns.tokensValidAfter = now;
  const welcomeToken = current || password ? null : randomToken();
  const groups = [...new Set(input.groups)];

  let id = current?.user.id ?? '';
  try {
    await deps.db.transaction(async (tx) => {
      if (current) {
        if (!(await updateUser(tx, actor.companyId, current.user.id, columns, now))) throw NotFound();
      } else {
        id = await insertUser(tx, {
          ...columns,
          companyId: actor.companyId,
          firstName: input.first_name,
          lastName: input.last_name,
          email: input.email_id,
          // without a password the account cannot be signed in to until the emailed link is used
          passwordHash: columns.passwordHash ?? (await hashPassword(randomToken())),
        });
      }
      await setUserGroups(tx, actor.companyId, id, groups);
      if (welcomeToken)
        await insertResetToken(
          tx,
          id,
          sha256(welcomeToken),
          new Date(now.getTime() + WELCOME_LINK_TTL_HOURS * 3600 * 1000),
        );
      await recordAudit(tx, {
        companyId: actor.companyId,
        actorId: actor.userId,
        action: current ? 'user.update' : 'user.create',
        targetType: 'user',
        targetId: id,
        details: { email: input.email_id, role_id: input.role, password_changed: Boolean(password) },
        ip,
      });
    });
  } catch (err) {
    rethrowDuplicateEmail(err);
  }

  let emailSent = true;
  const base = publicUrl(deps);
  if (!current) {
    const link = welcomeToken
      ? `${base}/forgotpassword?email=${encodeURIComponent(input.email_id)}&token=${encodeURIComponent(welcomeToken)}`
      : null;
    emailSent = await trySend(deps, {
      to: input.email_id,
      subject: USER_FORM_TEXTS.welcomeSubject,
      text:
        `Hello ${input.first_name},\n\nAn account was made for you on SimCentre. You sign in with this email address.\n\n` +
        (link
          ? `Open this link within ${WELCOME_LINK_TTL_HOURS} hours to choose your password:\n${link}\n`
          : `Sign in at ${base}/login with the password your administrator gives you.\n`),
    });
  } else if (password) {
    emailSent = await trySend(deps, {
      to: input.email_id,
      subject: USER_FORM_TEXTS.passwordChangedSubject,
      text: `Hello ${input.first_name},\n\nAn administrator changed your SimCentre password. Ask them for the new one, or use "Forgot password?" at ${base}/login.\n`,
    });
  }
  return { id, created: !current, emailSent };
}
