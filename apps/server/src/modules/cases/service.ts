import { DATA_INPUT_LIMITS, DATA_INPUT_MESSAGES } from '@sim/shared';
import type { AppDeps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { found } from '../../lib/errors';
import { caseNumbersOf, caseOf } from './repository';

/** The case numbers of the caller's company (Load Case Details lists them). */
export function caseIds(deps: AppDeps, actor: Actor): Promise<number[]> {
  return caseNumbersOf(deps.db, actor.companyId, DATA_INPUT_LIMITS.maxCaseIds);
}

/**
 * A case of the caller's company: its details keyed by attribute name. Another company's case, like a
 * missing one, answers 404 'Case Details not loaded — Please try another case_number!'.
 */
export async function caseDetails(deps: AppDeps, actor: Actor, caseNumber: number): Promise<Record<string, string>> {
  const row = found(await caseOf(deps.db, actor.companyId, caseNumber), DATA_INPUT_MESSAGES.caseNotLoaded);
  return row.details;
}
