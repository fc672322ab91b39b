import {
  ADMIN_TEXTS,
  type TEditGroupMemberRequest,
  type TGroup,
  type TGroupListQuery,
  type ZSaveGroupRequest,
} from '@sim/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { Conflict, found, NotFound } from '../../lib/errors';
import { assertCanGroup } from '../../policies/group';
import * as repo from './repository';

type SaveGroup = z.output<typeof ZSaveGroupRequest>;

export function listGroups(deps: AppDeps, actor: Actor, query: TGroupListQuery) {
  return repo.listGroups(deps.db, actor.companyId, query);
}

/** Every id must be an active user of the caller's company, else 404 (never another company's data). */
async function assertCompanyUsers(deps: AppDeps, actor: Actor, ids: readonly string[]) {
  const unique = [...new Set(ids)];
  const known = await repo.activeUserIds(deps.db, actor.companyId, unique);
  if (known.size !== unique.length) throw NotFound();
  return unique;
}

/**
 * Creates a group (groups create) or, with _id, updates it (groups update). `users`, when given,
 * replaces the members; the owner and every member must be users of the caller's company.
 */
export async function saveGroup(deps: AppDeps, actor: Actor, body: SaveGroup): Promise<TGroup> {
  assertCanGroup(actor, body._id ? 'update' : 'create');
  if (body._id) found(await repo.findGroup(deps.db, actor.companyId, body._id)); // company-scoped: 404
  await assertCompanyUsers(deps, actor, [body.owner_id]);
  const members = body.users ? await assertCompanyUsers(deps, actor, body.users) : undefined;
  if (await repo.groupNameTaken(deps.db, actor.companyId, body.name, body._id))
    throw Conflict(ADMIN_TEXTS.groupNameTaken, 'name');
  const now = deps.now();
  const id = await deps.db.transaction(async (tx) => {
    const values = { name: body.name, description: body.description, ownerId: body.owner_id, now };
    let groupId = body._id;
    if (groupId) await repo.updateGroup(tx, actor.companyId, groupId, values);
    else groupId = await repo.insertGroup(tx, { ...values, companyId: actor.companyId, createdBy: actor.userId });
    if (members) await repo.replaceMembers(tx, groupId, members);
    return groupId;
  });
  return found(await repo.findGroup(deps.db, actor.companyId, id));
}

export async function deleteGroup(deps: AppDeps, actor: Actor, id: string) {
  if (!(await repo.deleteGroup(deps.db, actor.companyId, id))) throw NotFound();
}

/** Adds a member to a group, or removes it with `delete`; both must be of the caller's company. */
export async function editGroupMember(deps: AppDeps, actor: Actor, body: TEditGroupMemberRequest) {
  found(await repo.findGroup(deps.db, actor.companyId, body.group_id));
  await assertCompanyUsers(deps, actor, [body._id]);
  await deps.db.transaction(async (tx) => {
    if (body.delete) await repo.removeMember(tx, body.group_id, body._id);
    else await repo.addMember(tx, body.group_id, body._id);
    await repo.touchGroup(tx, body.group_id, deps.now());
  });
  return body.delete ? ADMIN_TEXTS.memberRemoved : ADMIN_TEXTS.memberAdded;
}

export async function usersOfGroup(deps: AppDeps, actor: Actor, groupId: string) {
  found(await repo.findGroup(deps.db, actor.companyId, groupId));
  return repo.groupMembersOf(deps.db, groupId);
}

export function groupOptions(deps: AppDeps, actor: Actor) {
  return repo.groupOptions(deps.db, actor.companyId);
}

/** Which of these ids are active (not deleted) users of the company. */
export function activeUserIds(deps: AppDeps, companyId: string, ids: readonly string[]): Promise<Set<string>> {
  return repo.activeUserIds(deps.db, companyId, ids);
}
