import type { TGroup, TSaveGroupRequest } from '@sim/shared';

export interface GroupFormValues {
  name: string;
  description: string;
  ownerId: string | null;
  memberIds: string[];
}

/** A group as the editor can receive it, e.g. from the navigation state of /admin. */
export type GroupDraft = Partial<Pick<TGroup, '_id' | 'name' | 'description' | 'owner_id'>>;

export function initialGroupValues(group: GroupDraft | null): GroupFormValues {
  return {
    name: group?.name ?? '',
    description: group?.description ?? '',
    ownerId: group?.owner_id ?? null,
    memberIds: [],
  };
}

/** Save is enabled only with a name and an owner, and disabled while saving (spec section 5). */
export function canSaveGroup(values: Pick<GroupFormValues, 'name' | 'ownerId'>, saving: boolean): boolean {
  return !saving && values.name.trim().length > 0 && Boolean(values.ownerId);
}

/** Clicking a member tag or option toggles it. */
export function toggleMember(memberIds: readonly string[], id: string): string[] {
  return memberIds.includes(id) ? memberIds.filter((m) => m !== id) : [...memberIds, id];
}

/** The save-edit body: the members are sent whole, so the group is saved in one step. */
export function groupPayload(values: GroupFormValues, groupId?: string): TSaveGroupRequest {
  return {
    ...(groupId ? { _id: groupId } : {}),
    name: values.name.trim(),
    description: values.description.trim(),
    owner_id: values.ownerId ?? '',
    users: [...new Set(values.memberIds)],
  };
}
