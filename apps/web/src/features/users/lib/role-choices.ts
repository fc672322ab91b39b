import { ADMIN_FEEDBACK_TEXTS } from '@sim/shared';
import type { Choice } from '../../../components/form/select-field';

interface RoleOption {
  _id: string;
  name: string;
  disabled: boolean;
}

/**
 * The role select's choices (issue 15): enabled roles only. A disabled role grants nothing, so it is not
 * offered; a user who already holds one still sees it as their current role, marked "(disabled)", until
 * another role is chosen (it is then gone from the list).
 */
export function roleChoices(roles: readonly RoleOption[], currentRoleId: string | null | undefined): Choice[] {
  return roles
    .filter((r) => !r.disabled || r._id === currentRoleId)
    .map((r) => ({
      value: r._id,
      label: r.disabled ? `${r.name}${ADMIN_FEEDBACK_TEXTS.roleDisabledSuffix}` : r.name,
    }));
}
