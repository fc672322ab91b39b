import { buildAssignment } from '../../apps/server/test/factories/assignments';
import { buildTakeSim } from '../../apps/server/test/factories/attempts';
import type { Seed } from '../../apps/server/test/factories/company';
import { grantToRole } from '../../apps/server/test/factories/helpdesk';
import { buildTeam, type Team } from './support';

/**
 * The helpdesk journey's data: a company (./support.ts buildTeam) whose supervisors handle tickets (the
 * matrix gives their role Helpdesk Ticket update, as an administrator would), a Training SIM with one level
 * of two lines, and an assignment of it to the agent.
 */

export const CUSTOMER_LINE = 'I need to move my appointment with the cardiologist.';
export const AGENT_LINE = 'I can move it to Monday morning at nine.';
export const LEVEL_NAME = 'Reschedule a visit';
export const LEVEL_ORDER = 2;

export interface HelpdeskJourney {
  team: Team;
  simId: string;
  simTitle: string;
  levelId: string;
  assignmentId: string;
}

export async function prepareHelpdesk(seed: Seed): Promise<HelpdeskJourney> {
  const team = await buildTeam(seed);
  await grantToRole(seed, team.company.roleIds.supervisor, [{ task: 'tickets', type: 'update' }]);
  const simTitle = `E2E helpdesk ${Date.now()}`;
  const sim = await buildTakeSim(seed, team.users.admin, {
    fields: { title: simTitle },
    levels: [
      {
        order: LEVEL_ORDER,
        lines: [
          ['customer', CUSTOMER_LINE],
          ['agent', AGENT_LINE, { keywords: ['Monday'] }],
        ],
        fields: { name: LEVEL_NAME },
      },
    ],
  });
  const [level] = sim.levels;
  if (!level) throw new Error('no level');
  const assignment = await buildAssignment(seed, {
    companyId: team.company.companyId,
    simId: sim.simId,
    userId: team.users.agent.id,
    assignedById: team.users.supervisor.id,
  });
  return { team, simId: sim.simId, simTitle, levelId: level.id, assignmentId: assignment.id };
}

/** The level as the dashboard's START opens it (learner-and-review.md section 2). */
export function takeSimPath(j: HelpdeskJourney): string {
  const query = new URLSearchParams({
    levelId: j.levelId,
    assignment_id: j.assignmentId,
    sim_id: j.simId,
    user_id: j.team.users.agent.id,
    reviewer: 'false',
    order: String(LEVEL_ORDER),
    continueSimLevel: 'false',
    activeIndex: '0',
  });
  return `/sims/takesim?${query.toString()}`;
}
