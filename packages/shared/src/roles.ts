import { ROLE_NAMES } from './constants';

/** Role names are compared in lower case; 'agent' is the learner role. */
export function isAgentRole(roleName: string | null | undefined): boolean {
  return (roleName ?? '').trim().toLowerCase() === ROLE_NAMES.agent;
}

export function sameRoleName(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}
