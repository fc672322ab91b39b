import {
  isDeactivatedStatus,
  isLearnerAccess,
  MESSAGES,
  SETTINGS_TEXTS,
  selfEditableFields,
  type TUpdatePasswordRequest,
  type TUpdateProfileRequest,
  type TUserInfo,
  USER_FIELD_NAMES,
  USER_FORM_TEXTS,
  type UserFieldName,
} from '@sim/shared';
import type { AppDeps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { Forbidden, Invalid, NotFound, RuleBroken } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/password';
import { holds } from '../../policies/core';
import { recordAudit } from '../audit/service';
import { setPasswordHash } from '../auth/service';
import { assertCanGiveRole } from '../employees/service';
import { queueEmail, sendQueuedEmails } from '../mail/service';
import {
  assertCompanyReferences,
  assertEmailFree,
  columnsOf,
  loadUserInfo,
  loadUserRecord,
  publicUrl,
  resolveStatus,
  rethrowDuplicateEmail,
  setUserGroups,
  updateUser,
} from '../users-admin/service';
import {
  newPhotoFile,
  PHOTO_KEY_PREFIX,
  PHOTO_URL_PREFIX,
  type PhotoExt,
  photoContentType,
  photoFileOf,
} from './photo';

/**
 * The fields the caller may change about themselves (the same rule as the browser's), from their
 * permissions: a learner's account (no Admin task) only the nick name; with employee_list update every
 * field; anyone else their personal data.
 */
export function editableFieldsOf(actor: Actor): ReadonlySet<UserFieldName> {
  return selfEditableFields({
    isAgent: isLearnerAccess(actor.permissions),
    canUpdateEmployees: holds(actor, 'employee_list', 'update'),
  });
}

function sameValue(field: UserFieldName, current: TUserInfo, next: unknown): boolean {
  if (field === 'groups') {
    const a = [...new Set(current.groups)].sort();
    const b = [...new Set(next as string[])].sort();
    return a.length === b.length && a.every((v, i) => v === b[i]);
  }
  const norm = (v: unknown) => (v === null || v === undefined ? '' : String(v).trim());
  return norm(current[field]) === norm(next);
}

/** POST /api/v1/users/update-profile: the signed-in user saves their own record. */
export async function updateProfile(
  deps: AppDeps,
  actor: Actor,
  input: TUpdateProfileRequest,
  ip: string,
): Promise<TUserInfo> {
  const now = deps.now();
  const current = await loadUserInfo(deps, actor.companyId, actor.userId);
  const allowed = editableFieldsOf(actor);
  const changed: UserFieldName[] = [];
  for (const field of USER_FIELD_NAMES) {
    const value = input[field];
    if (value === undefined || sameValue(field, current, value)) continue;
    if (!allowed.has(field)) throw Forbidden(SETTINGS_TEXTS.notAllowedField(USER_FORM_TEXTS.labels[field]));
    changed.push(field);
  }
  const statusChanging = changed.includes('status') || changed.includes('sub_status');
  if (changed.length === 0) return current;

  const has = (f: UserFieldName) => changed.includes(f);
  await assertCompanyReferences(deps, actor, {
    role: has('role') ? input.role : undefined,
    groups: has('groups') ? input.groups : undefined,
  });
  if (has('role') && input.role) await assertCanGiveRole(deps.db, actor, input.role);
  if (has('email_id') && input.email_id) await assertEmailFree(deps, input.email_id, actor.userId);

  const fields = Object.fromEntries(changed.map((f) => [f, input[f]])) as TUpdateProfileRequest;
  const columns = columnsOf(fields);
  if (statusChanging) {
    const { status, subStatus } = resolveStatus(
      { status: current.status, subStatus: current.sub_status },
      { status: input.status, sub_status: input.sub_status },
    );
    // one's own deactivation would end one's session with no way back: another administrator does it
    if (isDeactivatedStatus(status) && !isDeactivatedStatus(current.status))
      throw RuleBroken(MESSAGES.cannotDeactivateSelf);
    columns.status = status;
    columns.subStatus = subStatus;
  }
  try {
    await deps.db.transaction(async (tx) => {
      if (!(await updateUser(tx, actor.companyId, actor.userId, columns, now))) throw NotFound();
      if (has('groups') && input.groups)
        await setUserGroups(tx, actor.companyId, actor.userId, [...new Set(input.groups)]);
      await recordAudit(
        tx,
        { companyId: actor.companyId, actorId: actor.impersonatorId ?? actor.userId, ip },
        { type: 'user.update_self', userId: actor.userId, fields: changed },
      );
    });
  } catch (err) {
    rethrowDuplicateEmail(err);
  }
  return loadUserInfo(deps, actor.companyId, actor.userId);
}

/**
 * POST /api/v1/users/update-password: the current password must be right. The change ends every
 * session of the user (tokens issued before it answer 401); the caller gets a new token for theirs.
 */
export async function updateOwnPassword(
  deps: AppDeps,
  actor: Actor,
  input: TUpdatePasswordRequest,
  ip: string,
): Promise<{ emailSent: boolean; token: string; expiresAt: Date }> {
  const record = await loadUserRecord(deps, actor.companyId, actor.userId);
  if (!(await verifyPassword(record.user.passwordHash, input.current_password)))
    throw Invalid(SETTINGS_TEXTS.wrongCurrentPassword, 'current_password');
  const hash = await hashPassword(input.new_password);
  const now = deps.now();
  const queued = await deps.db.transaction(async (tx) => {
    await setPasswordHash(tx, actor.userId, hash, now);
    await recordAudit(
      tx,
      { companyId: actor.companyId, actorId: actor.impersonatorId ?? actor.userId, ip },
      { type: 'user.password_change', userId: actor.userId },
    );
    return queueEmail(
      tx,
      {
        to: record.user.email,
        subject: USER_FORM_TEXTS.passwordChangedSubject,
        text: `Hello ${record.user.firstName},\n\nYour SimCentre password was changed. If it was not you, use "Forgot password?" at ${publicUrl(deps)}/login and tell your administrator.\n`,
      },
      { companyId: actor.companyId, createdBy: actor.userId },
    );
  });
  sendQueuedEmails(deps, [queued]);
  // queued with the change: the job queue sends it (and retries a mail server that is down)
  const emailSent = true;
  // issued at the instant of the change, so it is not refused (tokens_valid_after <= its issue time)
  const { token, expiresAt } = await deps.tokens.sign(
    { sub: actor.userId, cid: actor.companyId, act: actor.impersonatorId },
    now,
  );
  return { emailSent, token, expiresAt };
}

/** Stores a new profile photo, points the user at it and drops the old one. */
export async function updateProfilePhoto(
  deps: AppDeps,
  actor: Actor,
  photo: { data: Buffer; ext: PhotoExt },
): Promise<string> {
  const record = await loadUserRecord(deps, actor.companyId, actor.userId);
  const file = newPhotoFile(photo.ext);
  await deps.blobs.put(`${PHOTO_KEY_PREFIX}${file}`, photo.data, photoContentType(photo.ext));
  const url = `${PHOTO_URL_PREFIX}${file}`;
  await updateUser(deps.db, actor.companyId, actor.userId, { profilePicUrl: url }, deps.now());
  const old = photoFileOf(record.user.profilePicUrl);
  if (old) await deps.blobs.delete(`${PHOTO_KEY_PREFIX}${old}`).catch(() => undefined);
  return url;
}
