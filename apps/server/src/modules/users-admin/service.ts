import {
  DEFAULT_STATUS,
  defaultSubStatus,
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
import type { JobRow } from '../../jobs/types';
import type { Actor } from '../../lib/actor';
import { Conflict, found, Invalid, NotFound, PG_UNIQUE_VIOLATION, pgErrorCode, RuleBroken } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import { randomToken, sha256 } from '../../lib/secrets';
import { assertCanUser } from '../../policies/user';
import { recordAudit } from '../audit/service';
import { insertResetToken } from '../auth/service';
import { assertCanGiveRole, findEmployee, findRole, groupsOfUser } from '../employees/service';
import { type Email, queueEmail, sendQueuedEmails } from '../mail/service';
import { loadUserAccess } from '../permissions/service';
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

/**
 * For other modules (profile, which saves the same record inside its own transactions): the writes of a
 * user's columns and groups.
 */
export { setUserGroups, updateUser } from './repository';

export function publicUrl(deps: AppDeps): string {
  return deps.config.publicUrl ?? `http://localhost:${deps.config.port}`;
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
  const record = await loadUserRecord(deps, companyId, userId);
  const groups = await groupsOfUser(deps, companyId, userId);
  return toUserInfo(record, groups);
}

/** The whole record of a user of the company (with role and company names); 404 otherwise. */
export async function loadUserRecord(deps: AppDeps, companyId: string, userId: string): Promise<UserRecord> {
  return found(await findUserRecord(deps.db, companyId, userId));
}

/** Oneself: anyone signed in. Someone else: an employee_list permission, and the same company (the user policy). */
export async function userInfo(deps: AppDeps, actor: Actor, userId: string | undefined): Promise<TUserInfo> {
  const record = await findUserRecord(deps.db, actor.companyId, userId ?? actor.userId);
  const target = record && { ...record, userId: record.user.id, companyId: record.user.companyId };
  assertCanUser(actor, 'view', target);
  const groups = await groupsOfUser(deps, actor.companyId, target.userId);
  return toUserInfo(target, groups);
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

/** A save's email must be no other active user's, of any company (emails sign in): 409 otherwise. */
export async function assertEmailFree(deps: AppDeps, email: string, exceptUserId: string | undefined): Promise<void> {
  if (await emailTaken(deps.db, email, exceptUserId)) throw Conflict(MESSAGES.duplicateEmail, 'email_id');
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

/** The user a save changes: employee_list update (403), of the company (404), holding nothing the caller lacks (403). */
async function userToUpdate(deps: AppDeps, actor: Actor, userId: string, now: Date): Promise<UserRecord> {
  const target = await loadUserAccess(deps.db, userId, now, actor.companyId);
  assertCanUser(actor, 'update', target?.actor);
  return loadUserRecord(deps, actor.companyId, userId);
}

/**
 * The email a save sends: to a new user, a link to choose their password (or, with a password given, where
 * to sign in); to an existing user, a note that an administrator changed their password. None otherwise.
 */
function userEmail(
  deps: AppDeps,
  input: TCreateUserRequest,
  save: { created: boolean; welcomeToken: string | null; passwordSet: boolean },
): Email | null {
  const base = publicUrl(deps);
  if (save.created) {
    const link = save.welcomeToken
      ? `${base}/forgotpassword?email=${encodeURIComponent(input.email_id)}&token=${encodeURIComponent(save.welcomeToken)}`
      : null;
    return {
      to: input.email_id,
      subject: USER_FORM_TEXTS.welcomeSubject,
      text:
        `Hello ${input.first_name},\n\nAn account was made for you on SimCentre. You sign in with this email address.\n\n` +
        (link
          ? `Open this link within ${WELCOME_LINK_TTL_HOURS} hours to choose your password:\n${link}\n`
          : `Sign in at ${base}/login with the password your administrator gives you.\n`),
    };
  }
  if (!save.passwordSet) return null;
  return {
    to: input.email_id,
    subject: USER_FORM_TEXTS.passwordChangedSubject,
    text: `Hello ${input.first_name},\n\nAn administrator changed your SimCentre password. Ask them for the new one, or use "Forgot password?" at ${base}/login.\n`,
  };
}

export interface SaveUserResult {
  id: string;
  created: boolean;
  /**
   * Always true: the email (if the save sends one) is queued in the save's own transaction, so a save that
   * stands has its email on the way (the job queue retries a mail server that is down). Kept because the
   * route still answers `email_sent` and picks its message from it.
   */
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
  if (!targetId) assertCanUser(actor, 'create');
  const current = targetId ? await userToUpdate(deps, actor, targetId, now) : null;
  await assertCompanyReferences(deps, actor, { role: input.role, groups: input.groups });
  if (!current || current.user.roleId !== input.role) await assertCanGiveRole(deps.db, actor, input.role);
  await assertEmailFree(deps, input.email_id, current?.user.id);
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

  const email = userEmail(deps, input, { created: !current, welcomeToken, passwordSet: Boolean(password) });
  let queued: JobRow | null = null;
  let id = current?.user.id ?? '';
  try {
    queued = await deps.db.transaction(async (tx) => {
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
      await recordAudit(
        tx,
        { companyId: actor.companyId, actorId: actor.userId, ip },
        {
          type: current ? 'user.update' : 'user.create',
          userId: id,
          email: input.email_id,
          roleId: input.role,
          passwordChanged: Boolean(password),
        },
      );
      return email ? queueEmail(tx, email, { companyId: actor.companyId, createdBy: actor.userId }) : null;
    });
  } catch (err) {
    rethrowDuplicateEmail(err);
  }

  if (queued) sendQueuedEmails(deps, [queued]);
  return { id, created: !current, emailSent: true };
}
